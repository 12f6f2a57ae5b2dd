import PgBoss from "pg-boss";
import type { Prisma } from "@/lib/generated/prisma/client";
import { env } from "@/lib/env";
import { log } from "@/lib/log";

// The pg-boss queues on the service's own PostgreSQL. Order work is enqueued in the same
// transaction as the status change that calls for it, so a committed order always has its
// job and a rolled-back one never does. Jobs of one order are keyed on the order id with the
// "stately" policy: at most one waiting and one running per order, so duplicates fold away.

export const ORDER_QUEUES = {
  /** Screen a letter in `screening`: refuse, hold, or hand it over. */
  screen: "order-screen",
  /** Hand a submitted letter to its carrier (retried with backoff while the carrier is down). */
  submit: "order-submit",
  /** Read the carrier's tracking events of a piece in the post. */
  track: "order-track",
  /** Ask the hosted model for a second opinion on a held letter (only when SCREENING_SECOND_OPINION is on). */
  secondOpinion: "order-second-opinion",
} as const;

export const SWEEP_QUEUES = {
  /** Payments the request path could not settle, and local checkouts left open. */
  payments: "sweep-payments",
  /** Unused uploads and quote proofs older than 30 days. */
  documents: "sweep-documents",
  /** The hourly reconcile loop (lib/pipeline/reconcile-orders.ts). */
  reconcile: "reconcile-orders",
  /** E-mails and webhook messages whose jobs ran out while they were still pending (lib/notifications/requeue-stuck-notifications.ts). */
  notifications: "sweep-notifications",
  /** x402 purchases left settling by a lost facilitator answer or a failed mint (lib/payments/x402/reconcile-settling-purchases.ts). */
  x402: "sweep-x402",
} as const;

/** Telling people: one job per webhook attempt and per e-mail (lib/notifications). */
export const NOTIFY_QUEUES = {
  /** One attempt at a webhook message; a failed attempt queues the next at its own time. */
  webhook: "webhook-deliver",
  /** One order e-mail, sent once. */
  email: "email-send",
} as const;

export type NotifyQueue = (typeof NOTIFY_QUEUES)[keyof typeof NOTIFY_QUEUES];
export type OrderQueue = (typeof ORDER_QUEUES)[keyof typeof ORDER_QUEUES];
export type OrderJob = { orderId: string };

/** The PostgreSQL schema pg-boss keeps its tables in (job, queue, version, ...). */
export const PGBOSS_SCHEMA = "pgboss";
const SCHEMA = PGBOSS_SCHEMA;

/**
 * Retries: submission and tracking wait out a carrier outage (about a day, with backoff).
 * Expiry: an order job whose worker died is taken up again once it expires (noticed at the next
 * maintenance pass, ORDER_RESUME_CHECK_SECONDS), so order jobs expire after a minute: one run
 * is a screening (milliseconds) and at most one carrier call (30 s timeout) and a lookup. A run
 * that outlives it is run again alongside, which every handler tolerates (compare-and-set
 * moves, the order id as the carrier's idempotency key).
 */
const QUEUE_OPTIONS: Record<string, Omit<PgBoss.Queue, "name">> = {
  [ORDER_QUEUES.screen]: { policy: "stately", retryLimit: 10, retryDelay: 5, retryBackoff: true, expireInSeconds: 60 },
  [ORDER_QUEUES.submit]: { policy: "stately", retryLimit: 16, retryDelay: 10, retryBackoff: true, expireInSeconds: 60 },
  [ORDER_QUEUES.track]: { policy: "stately", retryLimit: 12, retryDelay: 30, retryBackoff: true, expireInSeconds: 60 },
  // One try: the provider's SDK retries a 429 or 5xx inside its timeout; past that the letter
  // simply stays held for a person, which is what a failed second opinion means.
  [ORDER_QUEUES.secondOpinion]: { policy: "stately", retryLimit: 0, expireInSeconds: 300 },
  // Webhook retries are scheduled by the delivery itself (its backoff honours Retry-After);
  // pg-boss only retries a job whose handler broke (the database away for a moment).
  [NOTIFY_QUEUES.webhook]: { policy: "standard", retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 60 },
  // SMTP outages: about a day of retries with backoff; a permanent refusal is not retried.
  [NOTIFY_QUEUES.email]: { policy: "standard", retryLimit: 12, retryDelay: 30, retryBackoff: true, expireInSeconds: 120 },
  [SWEEP_QUEUES.payments]: { policy: "singleton", retryLimit: 0, expireInSeconds: 300 },
  [SWEEP_QUEUES.documents]: { policy: "singleton", retryLimit: 0, expireInSeconds: 3600 },
  [SWEEP_QUEUES.reconcile]: { policy: "singleton", retryLimit: 0, expireInSeconds: 3600 },
  [SWEEP_QUEUES.notifications]: { policy: "singleton", retryLimit: 0, expireInSeconds: 600 },
  [SWEEP_QUEUES.x402]: { policy: "singleton", retryLimit: 0, expireInSeconds: 600 },
};

/** Every queue the service runs: installed by installQueues, watched by /readyz and /metrics. */
export const QUEUE_NAMES: readonly string[] = Object.keys(QUEUE_OPTIONS);

/** How often the worker looks for expired jobs: with the minute's expiry, a dead worker's order resumes within about 80 s. */
export const ORDER_RESUME_CHECK_SECONDS = 20;

export function jobExpirySeconds(queue: string): number {
  // JOB_EXPIRE_SECONDS shortens how long a job may run before it counts as abandoned (tests
  // kill a worker mid-job and need its job back soon); production keeps the defaults above.
  return env().JOB_EXPIRE_SECONDS ?? QUEUE_OPTIONS[queue].expireInSeconds!;
}

/** How many times a job of this queue runs at most: the first run and every retry. */
export function jobRunLimit(queue: string): number {
  return (QUEUE_OPTIONS[queue].retryLimit ?? 0) + 1;
}

/**
 * The longest a job of this queue can stay alive: every run up to its expiry, and every wait
 * before a retry at the longest pg-boss backs off (retryDelay * 2^(n+1) for retry n, its
 * random half included). Past this, a job that has not finished has run out.
 */
export function jobLifetimeSeconds(queue: string): number {
  const { retryLimit = 0, retryDelay = 0, retryBackoff = false } = QUEUE_OPTIONS[queue];
  let waits = 0;
  for (let n = 0; n < retryLimit; n++) waits += retryBackoff ? Math.max(retryDelay, 1) * 2 ** Math.min(16, n + 1) : retryDelay;
  return waits + jobRunLimit(queue) * jobExpirySeconds(queue);
}

/** pg-boss's states of a job that will still run (or is running). */
export const LIVE_JOB_STATES = ["created", "retry", "active"] as const;

const globalForBoss = globalThis as unknown as { __mailBoss?: Promise<PgBoss> };

/**
 * The process's pg-boss client. Web processes only send, so they run no maintenance or cron;
 * the worker (lib/worker/start-worker.ts) starts its own with both.
 */
export function boss(): Promise<PgBoss> {
  if (globalForBoss.__mailBoss) return globalForBoss.__mailBoss;
  const starting = (async () => {
    const b = new PgBoss({ connectionString: env().DATABASE_URL, schema: SCHEMA, max: 4, supervise: false, schedule: false, migrate: false });
    b.on("error", (err) => log.error({ err }, "pg-boss error"));
    return b.start();
  })();
  globalForBoss.__mailBoss = starting;
  // A failed start (database down for a moment) must not stick: the next call tries again.
  starting.catch(() => {
    if (globalForBoss.__mailBoss === starting) globalForBoss.__mailBoss = undefined;
  });
  return starting;
}

export async function stopBoss(): Promise<void> {
  const b = globalForBoss.__mailBoss;
  globalForBoss.__mailBoss = undefined;
  if (b) await (await b).stop({ graceful: false, wait: true });
}

/** Installs pg-boss's schema and our queues (part of applying migrations; safe to repeat). */
export async function installQueues(databaseUrl: string): Promise<void> {
  const b = new PgBoss({ connectionString: databaseUrl, schema: SCHEMA, max: 2, supervise: false, schedule: false, migrate: true });
  b.on("error", (err) => log.error({ err }, "pg-boss error while installing queues"));
  await b.start();
  try {
    for (const [name, options] of Object.entries(QUEUE_OPTIONS)) {
      if (await b.getQueue(name)) await b.updateQueue(name, { name, ...options });
      else await b.createQueue(name, { name, ...options });
    }
  } finally {
    await b.stop({ graceful: false, wait: true });
  }
}

/**
 * Enqueues an order's next piece of work inside the caller's Prisma transaction (pg-boss runs
 * its INSERT through the transaction's connection). `delaySeconds` lets a request that does
 * the work itself leave the job as a backstop that only runs if the request dies.
 */
export async function enqueueOrderJob(tx: Prisma.TransactionClient, queue: OrderQueue, orderId: string, opts: { delaySeconds?: number; at?: Date } = {}): Promise<void> {
  const startAfter = opts.at ?? (opts.delaySeconds ? new Date(Date.now() + opts.delaySeconds * 1000) : undefined);
  await enqueueJob(tx, queue, { orderId } satisfies OrderJob, { singletonKey: orderId, startAfter });
}

/** Enqueues any job inside the caller's Prisma transaction: it exists if and only if the transaction commits. */
export async function enqueueJob(tx: Prisma.TransactionClient, queue: string, data: object, opts: { singletonKey?: string; startAfter?: Date } = {}): Promise<void> {
  const b = await boss();
  await b.send(queue, data, {
    ...(opts.singletonKey ? { singletonKey: opts.singletonKey } : {}),
    expireInSeconds: jobExpirySeconds(queue),
    ...(opts.startAfter ? { startAfter: opts.startAfter } : {}),
    db: { executeSql: (text: string, values: unknown[]) => tx.$queryRawUnsafe<unknown[]>(text, ...values.map(toSqlParam)).then((rows) => ({ rows })) },
  });
}

/**
 * Drops an order's backstop jobs (screen, submit) once the request that did their work has
 * finished it: they would only find nothing to do. Cheap, and it keeps the queues for real work.
 */
export async function dropBackstopJobs(orderId: string): Promise<void> {
  const b = await boss();
  await b.getDb().executeSql(
    `DELETE FROM ${SCHEMA}.job WHERE singleton_key = $1 AND name = ANY($2::text[]) AND state = 'created'`,
    [orderId, [ORDER_QUEUES.screen, ORDER_QUEUES.submit]],
  );
}

/** pg-boss hands node-postgres values; Prisma's raw parameters need JSON as text. */
function toSqlParam(v: unknown): unknown {
  if (v === undefined) return null;
  if (v !== null && typeof v === "object" && !(v instanceof Date)) return JSON.stringify(v);
  return v;
}
