import type { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/db";
import { log } from "@/lib/log";
import { providerForRail } from "@/lib/payments/checkout/checkout-provider-from-env";
import { observedState, recordPaymentState, type PaymentState } from "@/lib/payments/checkout/payment-state";

// Brings an order's card payment in line with the order: a letter its carrier accepted is
// charged (captureAcceptedOrderPayment); an order that ended without being mailed (refused,
// canceled, failed) gets its authorization canceled, never a charge, and one charged anyway
// (a capture the rail made before a crash) is refunded. Every step is idempotent at the provider, so this runs after
// each ending and again from the worker until nothing is left to do.
//
// The recorded intent is the order's own state, committed before the rail is called: an order
// its carrier accepted (provider_id set, submitted or later) means "capture"; an order that
// ended (refused, canceled, failed) means "release, or refund what was taken". No separate
// intent row is kept because it could disagree with the order; a crash between the commit and
// the rail's answer leaves the intent written, and the sweeps below finish it from the rail's
// truth with the same idempotency key.

const ENDED = ["refused", "canceled", "failed"];
const UNSETTLED_ALERT_MS = 60 * 60 * 1000;

export async function settleOrderPayment(orderId: string): Promise<void> {
  const payment = await db().payment.findUnique({ where: { orderId } });
  if (!payment) return;
  const order = await db().order.findUniqueOrThrow({ where: { id: orderId }, select: { status: true } });
  if (!ENDED.includes(order.status)) return; // capture belongs to the carrier's acceptance, see captureAcceptedOrderPayment

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
 * At the hand-off, inside the caller's transaction (which holds the order row): whether the
 * order's card authorization is still there to capture once the carrier accepts the letter.
 * Nothing is charged here. Credit-paid orders were debited at creation: "not_card".
 */
export async function checkAuthorization(tx: Prisma.TransactionClient, orderId: string): Promise<"card" | "not_card" | "lapsed"> {
  const payment = await tx.payment.findUnique({ where: { orderId } });
  if (!payment) return "not_card";
  if (payment.state === "captured") return "card";
  const provider = providerForRail(payment.rail as "stripe" | "local");
  const atRail = observedState(await provider.readSession(payment.checkoutSessionId));
  if (atRail === "authorized" || atRail === "captured") return "card";
  // The authorization is gone (canceled or expired at the provider): nothing can be charged.
  await tx.payment.update({ where: { id: payment.id }, data: { state: "released", updatedAt: new Date() } });
  return "lapsed";
}

export type CaptureFaults = {
  /** Runs right after the rail's capture answered, before it is recorded: a test throws here to stand for a process killed in between. */
  afterCapture?: () => void;
};

/**
 * Captures an order's card payment once its carrier has accepted the letter, and only then:
 * a letter that never goes out (a carrier's refusal, a deliberate stop) has its authorization
 * released, never a charge refunded. The capture is keyed on the payment, so a retry (the
 * sweep below, after a crash or a provider outage) charges once; what the rail says is
 * recorded. "lapsed": the authorization expired before the capture, nothing can be charged.
 */
export async function captureAcceptedOrderPayment(orderId: string, faults: CaptureFaults = {}): Promise<"captured" | "not_card" | "lapsed"> {
  const payment = await db().payment.findUnique({ where: { orderId } });
  if (!payment) return "not_card";
  if (payment.state === "captured") return "captured";
  const provider = providerForRail(payment.rail as "stripe" | "local");
  const session = await provider.readSession(payment.checkoutSessionId);
  let atRail = observedState(session);
  const intentId = session.paymentIntent?.id ?? payment.paymentIntentId;
  if (atRail === "authorized" && intentId) {
    try {
      await provider.capture(intentId, `capture-${payment.id}`);
      atRail = "captured";
    } catch (err) {
      atRail = observedState(await provider.readSession(payment.checkoutSessionId));
      if (atRail !== "captured" && atRail !== "released") throw err;
    }
    faults.afterCapture?.();
  }
  if (atRail === "captured") {
    await recordPaymentState(payment.id, "captured", intentId);
    return "captured";
  }
  if (atRail === "released") {
    await recordPaymentState(payment.id, "released", intentId);
    return "lapsed";
  }
  throw new Error(`the payment of ${orderId} is ${atRail} at the rail; it cannot be captured yet`);
}

/** Worker sweep: letters their carrier accepted whose capture did not happen (a crash, a provider outage). */
export async function captureAcceptedOrderPayments(limit = 50): Promise<number> {
  const rows = await db().$queryRaw<{ order_id: string; updated_at: Date }[]>`
    SELECT p.order_id, p.updated_at FROM payments p JOIN orders o ON o.id = p.order_id
    WHERE p.state = 'authorized' AND o.provider_id IS NOT NULL AND o.status IN ('submitted', 'mailed', 'delivered')
    ORDER BY p.updated_at LIMIT ${limit}`;
  let captured = 0;
  for (const { order_id, updated_at } of rows) {
    try {
      const outcome = await captureAcceptedOrderPayment(order_id);
      if (outcome === "captured") captured++;
      // Accepted by the carrier, and the authorization lapsed meanwhile: the letter goes out unpaid.
      else if (outcome === "lapsed") log.error({ orderId: order_id, alert: "payment_unsettled" }, "operator action needed: a letter the carrier accepted could not be charged (the card authorization lapsed)");
    } catch (err) {
      if (Date.now() - updated_at.getTime() > UNSETTLED_ALERT_MS) log.error({ err, orderId: order_id, alert: "payment_unsettled" }, "operator action needed: a handed-over letter's card payment could not be captured for over an hour");
      else log.warn({ err, orderId: order_id }, "could not capture a handed-over letter's payment yet; will retry");
    }
  }
  return captured;
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
