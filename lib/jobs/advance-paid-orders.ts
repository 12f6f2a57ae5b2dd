import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { expectedDeliveryDate } from "@/lib/fulfillment/delivery-estimate";
import { sandboxTrackingNumber } from "@/lib/fulfillment/sandbox-carrier";
import type { Format, MailClass } from "@/lib/letters/formats";
import { endOrder } from "@/lib/orders/end-order";
import { transition, TransitionConflict } from "@/lib/orders/transition";
import { getOrderOrThrow } from "@/lib/orders/get-order";
import { ApiError } from "@/lib/http/api-error";
import { screenLetter } from "@/lib/screening/screen-letter";
import { captureOrderPayment } from "@/lib/payments/settle-order-payment";

/**
 * Screens paid live orders and moves them on: refused (payment released), held for review, or
 * handed to the carrier. The hand-off captures the payment (charging rule 3: only after
 * screening) in one transaction that holds the order row, so a concurrent cancel either lands
 * before (nothing charged) or gets 409 after. With no live carrier configured the letter goes
 * to the sandbox carrier. Returns the orders moved on.
 */
export async function advancePaidOrders(opts: { limit?: number; orderIds?: string[] } = {}): Promise<number> {
  const limit = opts.limit ?? 20;
  // orderIds narrows the pass to named orders (an operator's nudge, or a test's own orders).
  const due = opts.orderIds
    ? await db().$queryRaw<{ id: string }[]>`
        SELECT id FROM orders
        WHERE status = 'screening' AND NOT sandbox AND next_step_at <= now() AND id = ANY(${opts.orderIds})
        ORDER BY next_step_at LIMIT ${limit}`
    : await db().$queryRaw<{ id: string }[]>`
        SELECT id FROM orders
        WHERE status = 'screening' AND NOT sandbox AND next_step_at <= now()
        ORDER BY next_step_at LIMIT ${limit}`;
  let advanced = 0;
  for (const { id } of due) {
    try {
      if (await screenAndHandOver(id)) advanced++;
    } catch (err) {
      if (err instanceof TransitionConflict) continue; // another worker or a cancel got there first
      log.warn({ err, orderId: id }, "could not screen or hand a paid order over yet; will retry");
    }
  }
  return advanced;
}

/** Screening decides: refused (payment released), held for an operator, or handed over. */
async function screenAndHandOver(orderId: string): Promise<boolean> {
  const order = await db().order.findUniqueOrThrow({ where: { id: orderId }, select: { text: true, proofId: true } });
  const verdict = await screenLetter(order);
  if (verdict.decision === "refuse") {
    await endOrder(orderId, "screening", "refused", `refused by screening (${verdict.category})`, { refusalReason: verdict.reason! });
    return true;
  }
  if (verdict.decision === "review") {
    await db().$transaction((tx) => transition(tx, orderId, "screening", "held_for_review", `held for review: ${verdict.reason}`, { nextStepAt: null }));
    return true;
  }
  return handOver(orderId, "screening");
}

/**
 * An operator releases a letter held for review: it is handed over (and its card captured) as
 * if it had cleared screening. Works for sandbox and live orders alike.
 */
export async function releaseHeldOrder(orderId: string): Promise<void> {
  const order = await getOrderOrThrow(orderId);
  if (order.status !== "held_for_review") throw new ApiError("order_state_conflict", `Only a letter held for review can be released; this one is ${order.status}.`);
  if (!(await handOver(orderId, "held_for_review"))) throw new ApiError("order_state_conflict", "The letter changed state while it was being released; read it again.");
}

async function handOver(orderId: string, from: "screening" | "held_for_review"): Promise<boolean> {
  const outcome = await db().$transaction(
    async (tx) => {
      const [order] = await tx.$queryRaw<{ id: string; format: string; mail_class: string }[]>`
        SELECT id, format, mail_class FROM orders WHERE id = ${orderId} AND status = ${from} FOR UPDATE SKIP LOCKED`;
      if (!order) return "skipped" as const;
      const paid = await captureOrderPayment(tx, orderId);
      if (paid === "lapsed") return "lapsed" as const;
      const now = new Date();
      const cleared = from === "screening" ? "cleared screening" : "released by an operator after review";
      await transition(tx, orderId, from, "submitted", paid === "captured" ? `${cleared}; payment captured; handed to the sandbox carrier` : `${cleared}; handed to the sandbox carrier`, {
        trackingNumber: sandboxTrackingNumber(order.format as Format),
        expectedDeliveryDate: expectedDeliveryDate(order.mail_class as MailClass, now),
        nextStepAt: new Date(now.getTime() + env().SANDBOX_STEP_SECONDS * 1000),
      });
      return "submitted" as const;
    },
    { timeout: 30_000, maxWait: 10_000 },
  );
  if (outcome === "lapsed") await endOrder(orderId, from, "failed", "the card authorization lapsed before capture; nothing was charged");
  return outcome === "submitted";
}
