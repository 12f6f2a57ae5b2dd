// The payment-link port: a checkout session that a person completes in a browser (hosted page
// or embedded form), backed by a payment intent that is authorized, then captured, canceled
// or refunded. Two adapters: Stripe Checkout, and the local rail that needs no keys.

export type CheckoutRail = "stripe" | "local";
export type CheckoutUiMode = "hosted" | "embedded";

export type IntentStatus = "requires_payment_method" | "requires_capture" | "succeeded" | "canceled" | "processing" | "other";

export type CheckoutSession = {
  id: string;
  status: "open" | "complete" | "expired";
  /** Hosted mode: where the payer goes. */
  url: string | null;
  /** Embedded mode: what the payer's page mounts. */
  clientSecret: string | null;
  amountCents: number;
  paymentIntent: { id: string; status: IntentStatus; amountRefundedCents: number } | null;
};

export type NewCheckout = {
  /** Our own id for what is paid for (a quote or a payment id); kept on the session. */
  reference: string;
  amountCents: number;
  description: string;
  uiMode: CheckoutUiMode;
  /** manual: the card is only authorized until we capture (orders, after screening). */
  capture: "manual" | "automatic";
  email: string | null;
  /** Where the payer lands afterwards; `{CHECKOUT_SESSION_ID}` is replaced by the session id. */
  returnUrl: string;
  /** The same key always yields the same session, so a retried request cannot open two. */
  idempotencyKey: string;
};

export interface CheckoutProvider {
  readonly rail: CheckoutRail;
  createSession(input: NewCheckout): Promise<CheckoutSession>;
  readSession(id: string): Promise<CheckoutSession>;
  /** Closes an unpaid session so it can no longer be paid. A session already paid is left as it is. */
  expireSession(id: string): Promise<void>;
  capture(intentId: string, idempotencyKey: string): Promise<void>;
  cancelAuthorization(intentId: string, idempotencyKey: string): Promise<void>;
  refund(intentId: string, idempotencyKey: string): Promise<void>;
}
