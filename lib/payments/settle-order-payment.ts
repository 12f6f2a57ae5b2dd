import type { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/db";
import { log } from "@/lib/log";
import { providerForRail } from "@/lib/payments/checkout-provider-from-env";
import { observedState, recordPaymentState, type PaymentState } from "@/lib/payments/payment-state";

// Brings an order's card payment in line with the order: an order that ended without being
// mailed (refused, canceled) gets its authorization canceled, never a charge; a failed order
// that was charged is refunded. Every step is idempotent at the provider, so this runs after
// each ending and again from the worker until nothing is left to do.

const ENDED = ["refused", "canceled", "failed"];
const UNSETTLED_ALERT_MS = 60 * 60 * 1000;

export async function settleOrderPayment(orderId: string): Promise<void> {
  const payment = await db().payment.findUnique({ where: { orderId } });
  if (!payment) return;
  const order = await db().order.findUniqueOrThrow({ where: { id: orderId }, select: { status: true } });
  if (!ENDED.includes(order.status)) return; // capture belongs to the hand-off, see captureOrderPayment

  const provider = providerForRail(payment.rail as "stripe" | "local");
  if (payment.state === "released" || payment.state === "refunded") return;
  // Close an open link first; if the payer got through just before, the session now says so.
  if (payment.state === "open") await provider.expireSession(payment.checkoutSessionId);
  // Act on the rail's truth, not on our record: a worker killed between the rail's capture and
  // its own commit leaves the record at "authorized" over a charged card.
  const read = async () => {
    const session = await provider.readSession(payment.checkoutSessionId);
    return { state: observedState(session), intentId: session.paymentIntent?.id ?? payment.paymentIntentId };
  };
  let { state, intentId } = await read();
  if (state === "authorized" && intentId) {
    try {
      await provider.cancelAuthorization(intentId, `release-${payment.id}`);
      state = "released";
    } catch (err) {
      // Captured meanwhile (a hand-off that was already at the rail): refund it below.
      ({ state, intentId } = await read());
      if (state !== "captured") throw err;
    }
  }
  if (state === "captured" && intentId) {
    await provider.refund(intentId, `refund-${payment.id}`);
    state = "refunded";
  }
  await recordPaymentState(payment.id, state, intentId);
}

/**
 * Captures an order's authorized card payment as the letter is handed over, inside the
 * caller's transaction (which holds the order row, so a cancel cannot slip in between).
 * Credit-paid orders were debited at creation and have nothing to capture.
 */
export async function captureOrderPayment(tx: Prisma.TransactionClient, orderId: string): Promise<"captured" | "not_card" | "lapsed"> {
  const payment = await tx.payment.findUnique({ where: { orderId } });
  if (!payment) return "not_card";
  if (payment.state === "captured") return "captured";
  const provider = providerForRail(payment.rail as "stripe" | "local");
  if (payment.state === "authorized" && payment.paymentIntentId) {
    try {
      await provider.capture(payment.paymentIntentId, `capture-${payment.id}`);
      await tx.payment.update({ where: { id: payment.id }, data: { state: "captured", updatedAt: new Date() } });
      return "captured";
    } catch (err) {
      const session = await provider.readSession(payment.checkoutSessionId);
      const atRail = observedState(session);
      if (atRail === "captured") {
        // An earlier attempt's capture went through (its commit did not): record it, charge nothing more.
        await tx.payment.update({ where: { id: payment.id }, data: { state: "captured", updatedAt: new Date() } });
        return "captured";
      }
      if (atRail !== "released") throw err;
    }
  }
  // The authorization is gone (canceled or expired at the provider): nothing can be charged.
  await tx.payment.update({ where: { id: payment.id }, data: { state: "released", updatedAt: new Date() } });
  return "lapsed";
}

/** Worker sweep: every ended order whose card payment is not yet released or refunded. */
export async function settleEndedOrderPayments(limit = 50): Promise<number> {
  const rows = await db().$queryRaw<{ order_id: string; updated_at: Date }[]>`
    SELECT p.order_id, p.updated_at FROM payments p JOIN orders o ON o.id = p.order_id
    WHERE p.state IN ('open', 'authorized', 'captured') AND o.status IN ('refused', 'canceled', 'failed')
    ORDER BY p.updated_at LIMIT ${limit}`;
  let settled = 0;
  for (const { order_id, updated_at } of rows) {
    try {
      await settleOrderPayment(order_id);
      settled++;
    } catch (err) {
      // A payment the rail keeps refusing to settle for an hour needs a person: say so loudly,
      // once a sweep, with what to look at.
      if (Date.now() - updated_at.getTime() > UNSETTLED_ALERT_MS) log.error({ err, orderId: order_id, alert: "payment_unsettled" }, "operator action needed: an ended order's card payment could not be settled for over an hour; check it at the payment provider");
      else log.warn({ err, orderId: order_id }, "could not settle the payment of an ended order yet; will retry");
    }
  }
  return settled;
}
