import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { expectedDeliveryDate } from "@/lib/fulfillment/delivery-estimate";
import { sandboxTrackingNumber } from "@/lib/fulfillment/sandbox-carrier";
import type { Format, MailClass } from "@/lib/letters/formats";
import { endOrder } from "@/lib/orders/end-order";
import { transition } from "@/lib/orders/transition";
import { captureOrderPayment } from "@/lib/payments/settle-order-payment";

/**
 * Moves paid live orders from screening to the carrier: the payment is captured (charging rule
 * 3: only after screening) and the letter handed over in one transaction that holds the order
 * row, so a concurrent cancel either lands before (nothing charged) or gets 409 after.
 *
 * Screening itself is issue 5: until the screener lands every paid letter clears it, and with
 * no live carrier configured the letter goes to the sandbox carrier. Returns orders advanced.
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
      if (await handOver(id)) advanced++;
    } catch (err) {
      log.warn({ err, orderId: id }, "could not hand a paid order over yet; will retry");
    }
  }
  return advanced;
}

async function handOver(orderId: string): Promise<boolean> {
  const outcome = await db().$transaction(
    async (tx) => {
      const [order] = await tx.$queryRaw<{ id: string; format: string; mail_class: string }[]>`
        SELECT id, format, mail_class FROM orders WHERE id = ${orderId} AND status = 'screening' FOR UPDATE SKIP LOCKED`;
      if (!order) return "skipped" as const;
      const paid = await captureOrderPayment(tx, orderId);
      if (paid === "lapsed") return "lapsed" as const;
      const now = new Date();
      await transition(tx, orderId, "screening", "submitted", paid === "captured" ? "cleared screening; payment captured; handed to the sandbox carrier" : "cleared screening; handed to the sandbox carrier", {
        trackingNumber: sandboxTrackingNumber(order.format as Format),
        expectedDeliveryDate: expectedDeliveryDate(order.mail_class as MailClass, now),
        nextStepAt: new Date(now.getTime() + env().SANDBOX_STEP_SECONDS * 1000),
      });
      return "submitted" as const;
    },
    { timeout: 30_000, maxWait: 10_000 },
  );
  if (outcome === "lapsed") await endOrder(orderId, "screening", "failed", "the card authorization lapsed before capture; nothing was charged");
  return outcome === "submitted";
}
