import { db } from "@/lib/db";
import type { CheckoutSession } from "@/lib/payments/checkout/checkout-provider";
import { paymentEvents } from "@/lib/metrics/metrics";

// A payment's state follows the money and only moves forward:
// open -> authorized -> captured -> refunded, or open / authorized -> released.
export type PaymentState = "open" | "authorized" | "captured" | "released" | "refunded";

const MAY_BECOME: Record<PaymentState, PaymentState[]> = {
  open: [],
  authorized: ["open"],
  captured: ["open", "authorized"],
  released: ["open", "authorized"],
  refunded: ["open", "authorized", "captured"],
};

/** What a provider's session says about the money right now. */
export function observedState(session: CheckoutSession): PaymentState {
  const intent = session.paymentIntent;
  if (intent?.status === "requires_capture") return "authorized";
  if (intent?.status === "succeeded") return intent.amountRefundedCents > 0 ? "refunded" : "captured";
  if (intent?.status === "canceled") return "released";
  return session.status === "expired" ? "released" : "open";
}

/** Records a state seen at the provider, unless the payment is already past it. */
export async function recordPaymentState(paymentId: string, state: PaymentState, paymentIntentId: string | null | undefined): Promise<void> {
  const { count } = await db().payment.updateMany({
    where: { id: paymentId, state: { in: MAY_BECOME[state] } },
    data: { state, updatedAt: new Date(), ...(paymentIntentId ? { paymentIntentId } : {}) },
  });
  if (count === 1) paymentEvents.inc({ kind: `card_${state}` });
  if (paymentIntentId) await db().payment.updateMany({ where: { id: paymentId, paymentIntentId: null }, data: { paymentIntentId } });
}
