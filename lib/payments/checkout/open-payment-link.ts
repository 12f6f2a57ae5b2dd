import { env } from "@/lib/env";
import type { CheckoutRail, CheckoutSession, CheckoutUiMode, NewCheckout } from "@/lib/payments/checkout/checkout-provider";
import { checkoutProvider } from "@/lib/payments/checkout/checkout-provider-from-env";
import { dollars } from "@/lib/text/dollars";

// Opening a payment link for an order or a credit pack, and the response fields of spec 4.1
// rule 7 that hand it to the payer.

export type OpenedCheckout = { rail: CheckoutRail; session: CheckoutSession };

export const checkoutReturnUrl = () => `${env().PUBLIC_BASE_URL}/pay/return?session_id={CHECKOUT_SESSION_ID}`;

export async function openCheckout(input: Omit<NewCheckout, "returnUrl">): Promise<OpenedCheckout> {
  const provider = checkoutProvider();
  const session = await provider.createSession({ ...input, returnUrl: checkoutReturnUrl() });
  return { rail: provider.rail, session };
}

/** `checkout_ui_mode` plus `payment_url` (hosted) or `payment_client_secret` (embedded). */
export function paymentStepFields(uiMode: CheckoutUiMode, url: string | null, clientSecret: string | null) {
  return uiMode === "embedded"
    ? { checkout_ui_mode: uiMode, payment_client_secret: clientSecret }
    : { checkout_ui_mode: uiMode, payment_url: url };
}

/** How to pay, in words an agent can pass to its human. */
export function paymentNext(rail: CheckoutRail, uiMode: CheckoutUiMode, clientSecret: string | null): string {
  if (uiMode === "hosted") return "Open payment_url in a browser and pay by card.";
  if (rail === "stripe") return "Mount payment_client_secret with Stripe's embedded checkout (@stripe/react-stripe-js EmbeddedCheckoutProvider, or stripe.createEmbeddedCheckoutPage; initEmbeddedCheckout on Stripe.js v3) and pay by card.";
  return `This deployment uses the local test rail: mount payment_client_secret in the local card form, or open ${env().PUBLIC_BASE_URL}/pay/embedded#${clientSecret ?? ""} and pay with a test card.`;
}

/** The reason and next steps of an order waiting for its payment link to be paid. */
export function pendingPaymentEnvelope(priceCents: number) {
  return {
    status: "action_required",
    reason: `Payment of ${dollars(priceCents)} is needed before the letter is screened and mailed. The card is only authorized at checkout and charged once the letter clears screening.`,
    next: ["Poll GET /v1/orders/{id}: it resumes the payment step while the order is pending_payment.", "Cancel for free with DELETE /v1/orders/{id} before the letter is handed to the carrier."],
  };
}

// Kept for the server modules and pages that import it from here; the formatter itself is pure.
