import type { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/db";
import { carrierNamed } from "@/lib/fulfillment/carrier-from-env";
import type { TrackingEvent } from "@/lib/fulfillment/carrier";
import type { Address } from "@/lib/letters/schemas";
import { enqueueOrderJob, ORDER_QUEUES } from "@/lib/jobs/queues";
import { queueTrackingNotification } from "@/lib/orders/queue-order-notifications";
import { endOrder } from "@/lib/pipeline/end-order";
import type { OrderStatus } from "@/lib/orders/state-machine";
import { transition, TransitionConflict } from "@/lib/orders/transition";

/** How often a piece in the post is checked when its carrier gives no better time. */
export const TRACK_INTERVAL_MS = 4 * 60 * 60 * 1000;

/** Tracking events after which nothing more happens to a piece. */
const FINAL_EVENTS = new Set(["Delivered", "Returned to Sender"]);

export type TrackResult = { kind: "tracked"; newEvents: number; status: string; done: boolean } | { kind: "unavailable"; reason: string } | { kind: "skipped" };

/**
 * Reads a piece's tracking events from its carrier and records the new ones (each once, by
 * the carrier's event id). The first scan means `mailed`; "Delivered" means `delivered`;
 * "Returned to Sender" is recorded and ends tracking with the order left `mailed`. A carrier
 * that reports the piece canceled or lost fails the order, which refunds it. Unless the piece
 * is done, the next check is queued in the same transaction.
 */
export async function trackOrder(orderId: string): Promise<TrackResult> {
  const order = await db().order.findUnique({ where: { id: orderId } });
  if (!order || !order.providerId || !order.carrier || (order.status !== "submitted" && order.status !== "mailed")) return { kind: "skipped" };
  const carrier = carrierNamed(order.carrier);
  const report = await carrier.track({
    orderId,
    providerId: order.providerId,
    submittedAt: order.submittedAt ?? order.createdAt,
    from: order.sender as unknown as Address,
    to: order.recipient as unknown as Address,
  });
  if (report.kind === "unavailable") return report;
  if (report.failed) {
    try {
      await endOrder(orderId, order.status as OrderStatus, "failed", `the ${carrier.name} carrier reports the piece failed: ${report.failed}`, {
        failureCode: "carrier_failed",
        failureReason: `The carrier could not mail the letter: ${report.failed} You are not charged for it: any payment is refunded.`,
      });
    } catch (err) {
      if (!(err instanceof TransitionConflict)) throw err;
    }
    return { kind: "tracked", newEvents: 0, status: "failed", done: true };
  }

  return db().$transaction(async (tx) => {
    // The row lock keeps two checks of one piece (a job and the reconcile loop) in step.
    const [locked] = await tx.$queryRaw<{ status: string }[]>`SELECT status FROM orders WHERE id = ${orderId} FOR UPDATE`;
    let status = locked.status as OrderStatus;
    if (status !== "submitted" && status !== "mailed") return { kind: "skipped" as const };
    const fresh = await recordNewEvents(tx, orderId, report.events);
    for (const event of fresh) {
      const place = { city: event.city, state: event.state, zip: event.zip };
      if (status === "submitted") {
        await transition(tx, orderId, "submitted", "mailed", `carrier: ${event.name}`);
        status = "mailed";
      }
      if (event.name === "Delivered" && status === "mailed") {
        await transition(tx, orderId, "mailed", "delivered", `carrier: Delivered${place.city ? ` in ${place.city}, ${place.state}` : ""}`);
        status = "delivered";
      }
    }
    const latest = fresh.reduce<Date | null>((t, e) => (!t || e.occurredAt > t ? e.occurredAt : t), null);
    if (latest) await tx.order.update({ where: { id: orderId }, data: { lastProgressAt: latest, updatedAt: new Date() } });
    await queueTrackingNotification(tx, orderId, fresh.map((e) => ({ description: e.name, occurredAt: e.occurredAt, city: e.city, state: e.state, zip: e.zip })));
    const done = status === "delivered" || report.events.some((e) => FINAL_EVENTS.has(e.name));
    if (!done) await enqueueOrderJob(tx, ORDER_QUEUES.track, orderId, { at: report.nextCheckAt ?? new Date(Date.now() + TRACK_INTERVAL_MS) });
    return { kind: "tracked" as const, newEvents: fresh.length, status, done };
  });
}

/** Inserts the events not yet recorded, oldest first, and returns them. */
async function recordNewEvents(tx: Prisma.TransactionClient, orderId: string, events: TrackingEvent[]): Promise<TrackingEvent[]> {
  const fresh: TrackingEvent[] = [];
  for (const e of [...events].sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime())) {
    const inserted = await tx.$executeRaw`
      INSERT INTO order_events (order_id, kind, cause, description, city, state, zip, external_id, occurred_at)
      VALUES (${orderId}, 'scan', 'carrier tracking event', ${e.name}, ${e.city}, ${e.state}, ${e.zip}, ${e.id}, ${e.occurredAt})
      ON CONFLICT (order_id, external_id) DO NOTHING`;
    if (inserted === 1) fresh.push(e);
  }
  return fresh;
}
