import { db } from "@/lib/db";
import { log } from "@/lib/log";
import { transition, TransitionConflict } from "@/lib/orders/transition";
import { providerForRail } from "@/lib/payments/checkout/checkout-provider-from-env";
import { mintCredit } from "@/lib/payments/credits/credits";
import { CREDIT_PACKS, type CreditPackId } from "@/lib/payments/credits/packs";
import { observedState, recordPaymentState, type PaymentState } from "@/lib/payments/checkout/payment-state";
import { settleOrderPayment } from "@/lib/payments/checkout/settle-order-payment";

/**
 * Applies what a checkout session says now, whatever event brought us here and however often:
 * it re-reads the session at the provider instead of trusting the event, and every effect is a
 * compare-and-set, so duplicated, reordered or concurrent events converge on one outcome.
 */
export async function syncCheckout(sessionId: string): Promise<void> {
  const payment = await db().payment.findUnique({ where: { checkoutSessionId: sessionId } });
  if (!payment) {
    // A session we never recorded: its order's transaction did not commit, or it is not ours.
    log.info({ sessionId }, "payment event for a checkout session with no payment; ignored");
    return;
  }
  const session = await providerForRail(payment.rail as "stripe" | "local").readSession(sessionId);
  const seen = observedState(session);
  await recordPaymentState(payment.id, seen, session.paymentIntent?.id);
  if (payment.orderId) await applyToOrder(payment.orderId, payment.rail, seen);
  else await mintPaidPack(payment.id);
}

async function applyToOrder(orderId: string, rail: string, seen: PaymentState): Promise<void> {
  const move = seen === "authorized" || seen === "captured"
    ? { to: "screening" as const, cause: `payment authorized at checkout (${rail} rail); captured only once the letter clears screening` }
    : seen === "released"
      ? { to: "canceled" as const, cause: "the payment link expired unpaid" }
      : null;
  if (move) {
    try {
      await db().$transaction((tx) => transition(tx, orderId, "pending_payment", move.to, move.cause));
    } catch (err) {
      // Already moved on (paid before, or canceled meanwhile): settling below reconciles the money.
      if (!(err instanceof TransitionConflict)) throw err;
    }
  }
  await settleOrderPayment(orderId);
}

/** A paid credit pack mints its code exactly once, however many events report the payment. */
async function mintPaidPack(paymentId: string): Promise<void> {
  await db().$transaction(async (tx) => {
    const [row] = await tx.$queryRaw<{ state: string; credit_code: string | null; pack: string; email: string | null }[]>`
      SELECT state, credit_code, pack, email FROM payments WHERE id = ${paymentId} FOR UPDATE`;
    if (!row || row.credit_code || row.state !== "captured") return;
    const pack = CREDIT_PACKS[row.pack as CreditPackId];
    const credit = await mintCredit({ faceCents: pack.faceCents, bonusCents: pack.bonusCents, source: "pack", email: row.email, note: `${row.pack} pack, payment ${paymentId}` }, tx);
    await tx.payment.update({ where: { id: paymentId }, data: { creditCode: credit.code, updatedAt: new Date() } });
  });
}
