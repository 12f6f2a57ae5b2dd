import { ComposeForm } from "@/components/compose/compose-form";
import { cardCheckout } from "@/components/checkout/card-checkout-config";

// Read at request time: which card checkout this deployment runs is configuration.
export const dynamic = "force-dynamic";

export default function ComposePage() {
  return (
    <>
      <h1 className="mb-2 text-2xl font-semibold tracking-tight">Send a letter</h1>
      <p className="mb-6 text-stone-700">Write it here or upload a PDF, see the price and the proof, and we print and mail it to any US address. No account needed.</p>
      <ComposeForm checkoutUiMode={cardCheckout().uiMode} />
    </>
  );
}
