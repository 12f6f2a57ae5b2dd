import type { Metadata } from "next";
import { LocalEmbeddedCheckout } from "@/components/checkout/local-embedded-checkout";

export const metadata: Metadata = { title: "Pay · local embedded checkout", robots: { index: false } };

/**
 * The local rail's embedded form, mounted from a payment_client_secret kept in the URL fragment
 * (never sent to a server log). Integrations mount LocalEmbeddedCheckout in their own page.
 */
export default function LocalEmbeddedCheckoutPage() {
  return (
    <article>
      <p role="note" className="rounded border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
        Local test checkout: this deployment has no payment provider configured, so no real card is charged.
      </p>
      <h1 className="mt-4 text-2xl font-semibold tracking-tight">Pay by card</h1>
      <LocalEmbeddedCheckout />
    </article>
  );
}
