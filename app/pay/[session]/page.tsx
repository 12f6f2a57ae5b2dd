import type { Metadata } from "next";
import { PageNotFound } from "@/components/site/page-not-found";
import { LocalCardForm } from "@/components/checkout/local-card-form";
import { localCheckoutForPage } from "@/lib/payments/checkout/checkout-pages";
import { dollars } from "@/lib/text/dollars";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Pay · local test checkout", robots: { index: false } };

type Props = { params: Promise<{ session: string }> };

/** The local rail's hosted checkout page: where payment_url points when Stripe is not configured. */
export default async function LocalCheckoutPage({ params }: Props) {
  const checkout = await localCheckoutForPage((await params).session);
  if (!checkout) return <PageNotFound />;
  return (
    <article>
      <p role="note" className="rounded border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
        Local test checkout: this deployment has no payment provider configured, so no real card is charged.
        {checkout.isOrder && !checkout.liveCarrier ? " No live print-and-mail carrier is configured either: the letter goes to the sandbox carrier and is not printed." : ""}
      </p>
      <h1 className="mt-4 text-2xl font-semibold tracking-tight">{checkout.description}</h1>
      <p className="mt-1 text-3xl font-semibold" data-testid="checkout-amount">{dollars(checkout.amountCents)}</p>
      {checkout.manualCapture ? (
        <p className="mt-2 text-sm text-stone-600">Your card is authorized now and charged only once the letter clears screening. Canceling before it is mailed charges nothing.</p>
      ) : null}
      {checkout.state === "open" ? (
        <LocalCardForm sessionId={checkout.id} amountLabel={dollars(checkout.amountCents)} />
      ) : checkout.state === "complete" ? (
        <p className="mt-6">
          This checkout is paid. <a className="underline" href={checkout.returnUrl}>See where it stands</a>.
        </p>
      ) : (
        <p className="mt-6">This checkout has expired; nothing was charged.</p>
      )}
    </article>
  );
}
