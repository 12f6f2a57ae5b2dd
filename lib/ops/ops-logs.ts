import { db } from "@/lib/db";
import { SUBMISSION_DEADLINE_MS } from "@/lib/pipeline/reconcile-orders";

// What went wrong lately, for /ops/logs and the dashboard: webhook messages that failed or are
// being retried (with every attempt), what the hourly reconcile loop did (its order events all
// have causes starting "reconcile:", see lib/pipeline/reconcile-orders.ts), failed orders,
// and x402 purchases left settling (a lost settle answer or a failed mint not yet resolved).

const RECONCILE_CAUSE = "reconcile:";
const DAY_MS = 24 * 60 * 60 * 1000;

/** A message is in trouble once an attempt failed: given up on (failed), or waiting for its next try. */
const troubledWebhook = { OR: [{ state: "failed" }, { state: "pending", attempts: { gt: 0 } }] };

export async function listTroubledWebhooks(limit = 50) {
  const rows = await db().webhookDelivery.findMany({
    where: troubledWebhook,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit,
    include: { attemptLog: { orderBy: { attempt: "asc" } } },
  });
  return rows.map((d) => ({
    id: d.id,
    orderId: d.orderId,
    type: d.type,
    state: d.state,
    attempts: d.attempts,
    createdAt: d.createdAt,
    nextAttemptAt: d.nextAttemptAt,
    lastStatus: d.lastStatus,
    lastError: d.lastError,
    attemptLog: d.attemptLog.map((a) => ({ attempt: a.attempt, at: a.startedAt, durationMs: a.durationMs, status: a.responseStatus, error: a.error, retryAt: a.retryAt })),
  }));
}

export async function listReconcileActions(limit = 50) {
  const rows = await db().orderEvent.findMany({
    where: { cause: { startsWith: RECONCILE_CAUSE } },
    orderBy: [{ occurredAt: "desc" }, { id: "desc" }],
    take: limit,
  });
  return rows.map((e) => ({ id: e.id.toString(), orderId: e.orderId, kind: e.kind, toStatus: e.toStatus, cause: e.cause, at: e.occurredAt }));
}

export async function listFailedOrders(limit = 50) {
  return db().order.findMany({
    where: { failureCode: { not: null } },
    orderBy: [{ updatedAt: "desc" }, { id: "desc" }],
    take: limit,
    select: { id: true, status: true, sandbox: true, failureCode: true, failureReason: true, providerCheckNeeded: true, updatedAt: true },
  });
}

/**
 * x402 purchases left `settling` that no call is working on: the payer's retry or the worker's
 * sweep resolves those still inside their authorization's validity; past it an operator has
 * to look the payer's nonce up on chain (lib/payments/x402/settle-purchase.ts).
 */
export async function listStuckX402Purchases(limit = 50, now = new Date()) {
  const rows = await db().x402Purchase.findMany({
    where: { state: "settling", OR: [{ leaseUntil: null }, { leaseUntil: { lt: now } }] },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit,
  });
  return rows.map((p) => ({
    id: p.id.toString(),
    pack: p.pack,
    network: p.network,
    payer: p.payer,
    nonce: p.nonce,
    amount: p.amount,
    txHash: p.txHash,
    email: p.email,
    attempts: p.settleAttempts,
    lastError: p.lastError,
    createdAt: p.createdAt,
    validBefore: p.validBefore,
    expired: p.validBefore !== null && p.validBefore <= now,
  }));
}

/** The numbers on /ops. */
export async function countTroubles(now = new Date()) {
  const week = new Date(now.getTime() - 7 * DAY_MS);
  const [failedWebhooks, retryingWebhooks, strayChecks, unconfirmed, reconciledThisWeek, failedThisWeek] = await Promise.all([
    db().webhookDelivery.count({ where: { state: "failed" } }),
    db().webhookDelivery.count({ where: { state: "pending", attempts: { gt: 0 } } }),
    // A piece may exist at the carrier for a failed, refunded order: the loop looks for it.
    db().order.count({ where: { status: "failed", providerCheckNeeded: true } }),
    // Handed over, never confirmed by the carrier: the loop fails these once past the deadline.
    db().order.count({ where: { status: "submitted", providerId: null, submittedAt: { lt: new Date(now.getTime() - SUBMISSION_DEADLINE_MS) } } }),
    db().orderEvent.count({ where: { cause: { startsWith: RECONCILE_CAUSE }, occurredAt: { gt: week } } }),
    db().order.count({ where: { failureCode: { not: null }, updatedAt: { gt: week } } }),
  ]);
  return { failedWebhooks, retryingWebhooks, strayChecks, unconfirmed, reconcileAttention: strayChecks + unconfirmed, reconciledThisWeek, failedThisWeek };
}
