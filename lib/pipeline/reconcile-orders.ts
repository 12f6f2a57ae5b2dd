import { db } from "@/lib/db";
import { log } from "@/lib/log";
import { carrierNamed } from "@/lib/fulfillment/carrier-from-env";
import { trackOrder } from "@/lib/pipeline/track-order";
import { endOrder } from "@/lib/pipeline/end-order";
import type { OrderStatus } from "@/lib/orders/state-machine";
import { TransitionConflict } from "@/lib/orders/transition";
import { settleEndedOrderPayments } from "@/lib/payments/checkout/settle-order-payment";

// The hourly reconcile loop (spec 3: "any state after payment capture, fulfillment fails,
// detected by an hourly reconcile loop -> failed, refunded"). It catches what the per-order
// jobs could not: a hand-off the carrier never confirmed, a piece the carrier dropped, a
// piece that stopped moving, and a piece that may exist for an order that already failed.

/** A submission the carrier has not confirmed this long after hand-off has failed (the submit job's retries span about as long). */
export const SUBMISSION_DEADLINE_MS = 3 * 60 * 60 * 1000;
/** A piece whose expected delivery is this far past and that has not moved for STALL_MS is lost. */
export const DELIVERY_GRACE_MS = 10 * 24 * 60 * 60 * 1000;
export const STALL_MS = 7 * 24 * 60 * 60 * 1000;
/** How long after a deliberate stop we keep looking for a piece to cancel. */
export const PROVIDER_CHECK_WINDOW_MS = 48 * 60 * 60 * 1000;
/** Pieces in the post not heard of this long are checked again even if their tracking job died. */
const RECHECK_AFTER_MS = 24 * 60 * 60 * 1000;

export type ReconcileReport = { unconfirmed: number; carrierFailed: number; stalled: number; canceledStrays: number; settled: number };

export async function reconcileOrders(opts: { now?: Date; orderIds?: string[]; limit?: number } = {}): Promise<ReconcileReport> {
  const now = opts.now ?? new Date();
  const limit = opts.limit ?? 200;
  const only = opts.orderIds ?? null;
  const report: ReconcileReport = { unconfirmed: 0, carrierFailed: 0, stalled: 0, canceledStrays: 0, settled: 0 };

  // 1. Submitted, but no carrier id long after hand-off.
  const unconfirmed = await db().order.findMany({
    where: { status: "submitted", providerId: null, submittedAt: { lt: new Date(now.getTime() - SUBMISSION_DEADLINE_MS) }, ...(only ? { id: { in: only } } : {}) },
    take: limit,
  });
  await eachOrder(unconfirmed, "an unconfirmed submission", async (o) => {
    const carrier = carrierNamed(o.carrier ?? "sandbox");
    const found = await carrier.find(o.id);
    if (found.kind === "found") {
      // The carrier has it after all: record it and let tracking take over.
      const { count } = await db().order.updateMany({ where: { id: o.id, status: "submitted", providerId: null }, data: { providerId: found.providerId, lastProgressAt: now, updatedAt: now } });
      if (count) await trackOrder(o.id).catch((err) => log.warn({ err, orderId: o.id }, "could not track a reconciled piece yet"));
      return;
    }
    if (await fail(o.id, "submitted", "submission_unconfirmed", "The carrier never confirmed that it took the letter. You are not charged for it: any payment is refunded.", found.kind === "unavailable")) report.unconfirmed++;
  });

  // 2. In the post: ask the carrier again about pieces not heard of for a day (a dead tracking
  //    job, or a carrier that canceled the piece), then fail the ones that stopped moving. A
  //    piece returned to its sender has an outcome, not a loss: it is not asked about again.
  const quiet = await db().order.findMany({
    where: {
      status: { in: ["submitted", "mailed"] },
      providerId: { not: null },
      lastProgressAt: { lt: new Date(now.getTime() - RECHECK_AFTER_MS) },
      events: { none: { kind: "scan", description: "Returned to Sender" } },
      ...(only ? { id: { in: only } } : {}),
    },
    orderBy: { lastProgressAt: "asc" },
    take: limit,
  });
  await eachOrder(quiet, "a quiet piece", async (o) => {
    const tracked = await trackOrder(o.id).catch((err) => {
      log.warn({ err, orderId: o.id }, "reconcile could not read a piece's tracking");
      return null;
    });
    if (tracked?.kind === "tracked" && tracked.status === "failed") {
      report.carrierFailed++;
      return;
    }
    const after = await db().order.findUniqueOrThrow({ where: { id: o.id } });
    if (after.status !== "submitted" && after.status !== "mailed") return;
    if (tracked?.kind === "tracked" && tracked.done) return; // returned to sender just now
    const expected = after.expectedDeliveryDate ? new Date(`${after.expectedDeliveryDate}T23:59:59Z`) : after.submittedAt ?? after.createdAt;
    const pastDeadline = now.getTime() > expected.getTime() + DELIVERY_GRACE_MS;
    const stalled = now.getTime() - (after.lastProgressAt ?? after.submittedAt ?? after.createdAt).getTime() > STALL_MS;
    if (pastDeadline && stalled) {
      const reason = "The letter stopped moving in the post well past its expected delivery date and is presumed lost. You are not charged for it: any payment is refunded.";
      if (await fail(o.id, after.status as OrderStatus, "delivery_stalled", reason, false)) report.stalled++;
    }
  });

  // 3. Deliberate stops and late acceptances: a piece may exist at the carrier for an order
  //    that failed uncharged. Cancel it if it turns up.
  const strays = await db().order.findMany({
    where: { status: "failed", providerCheckNeeded: true, updatedAt: { gt: new Date(now.getTime() - PROVIDER_CHECK_WINDOW_MS) }, ...(only ? { id: { in: only } } : {}) },
    take: limit,
  });
  await eachOrder(strays, "a possible stray piece", async (o) => {
    const carrier = carrierNamed(o.carrier ?? "sandbox");
    const found = o.providerId ? { kind: "found" as const, providerId: o.providerId } : await carrier.find(o.id);
    if (found.kind !== "found") return; // absent for now, or the carrier is down: look again next hour
    const result = await carrier.cancel(found.providerId);
    if (result === "unavailable") return;
    await db().$transaction([
      db().order.update({ where: { id: o.id }, data: { providerCheckNeeded: false } }),
      db().orderEvent.create({ data: { orderId: o.id, kind: "carrier", cause: result === "canceled" ? `reconcile: canceled stray piece ${found.providerId} at the carrier` : `reconcile: stray piece ${found.providerId} was too late to cancel` } }),
    ]);
    if (result === "canceled") report.canceledStrays++;
    else log.error({ orderId: o.id, providerId: found.providerId }, "a piece exists at the carrier for a failed, refunded order and can no longer be canceled");
  });

  // 4. Every failed order has a refund: card refunds the request path could not finish.
  report.settled = await settleEndedOrderPayments();
  if (report.unconfirmed || report.carrierFailed || report.stalled || report.canceledStrays) log.info(report, "reconcile loop acted");
  return report;
}

async function fail(orderId: string, from: OrderStatus, code: string, reason: string, providerCheckNeeded: boolean): Promise<boolean> {
  try {
    await endOrder(orderId, from, "failed", `reconcile: ${code}`, { failureCode: code, failureReason: reason, providerCheckNeeded });
    return true;
  } catch (err) {
    if (err instanceof TransitionConflict) return false; // it moved on meanwhile
    throw err;
  }
}

/** Runs one step per order; an order that fails (a database hiccup, a carrier no longer configured) does not stop the loop. */
async function eachOrder<T extends { id: string }>(orders: T[], what: string, step: (o: T) => Promise<void>): Promise<void> {
  for (const o of orders) {
    try {
      await step(o);
    } catch (err) {
      log.error({ err, orderId: o.id }, `reconcile could not settle ${what}; it tries again next hour`);
    }
  }
}
