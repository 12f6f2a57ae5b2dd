import PgBoss from "pg-boss";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { ORDER_QUEUES, SWEEP_QUEUES, type OrderJob } from "@/lib/jobs/queues";
import { screenOrder } from "@/lib/screening/screen-order";
import { submitToCarrier } from "@/lib/fulfillment/submit-to-carrier";
import { trackOrder } from "@/lib/fulfillment/track-order";
import { reconcileOrders } from "@/lib/fulfillment/reconcile-orders";
import { sweepLocalCheckouts } from "@/lib/payments/pay-local-checkout";
import { settleEndedOrderPayments } from "@/lib/payments/settle-order-payment";
import { sweepStaleDocuments } from "@/lib/jobs/sweep-stale-documents";

/** Thrown to make pg-boss retry a job later (with the queue's backoff). */
class RetryLater extends Error {}

/**
 * The worker: pg-boss workers for each order queue and the scheduled sweeps. Any number may
 * run against one database. A job whose worker dies is taken up again once it expires, and
 * every handler is idempotent (compare-and-set moves, the order id as the carrier's key).
 */
export async function startWorker(opts: { pollingIntervalSeconds?: number } = {}): Promise<{ stop: () => Promise<void> }> {
  // Expired jobs (their worker died) are noticed at each maintenance pass: with a short
  // JOB_EXPIRE_SECONDS, pass as often, so that a dead worker's job comes back promptly.
  const expire = env().JOB_EXPIRE_SECONDS;
  const boss = new PgBoss({
    connectionString: env().DATABASE_URL,
    schema: "pgboss",
    max: 6,
    migrate: false,
    supervise: true,
    schedule: true,
    ...(expire ? { maintenanceIntervalSeconds: Math.min(120, Math.max(1, expire)) } : {}),
  });
  boss.on("error", (err) => log.error({ err }, "pg-boss error"));
  await boss.start();
  const polling = { pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 1, batchSize: 1 };

  const onOrder = (queue: string, run: (orderId: string) => Promise<void>) =>
    boss.work<OrderJob>(queue, polling, async ([job]) => {
      try {
        await run(job.data.orderId);
      } catch (err) {
        if (!(err instanceof RetryLater)) log.error({ err, queue, orderId: job.data.orderId }, "order job failed; pg-boss retries it");
        throw err;
      }
    });

  await onOrder(ORDER_QUEUES.screen, async (orderId) => {
    await screenOrder(orderId);
  });
  await onOrder(ORDER_QUEUES.submit, async (orderId) => {
    const result = await submitToCarrier(orderId);
    if (result.kind === "unavailable") throw new RetryLater(`carrier unavailable: ${result.reason}`);
  });
  await onOrder(ORDER_QUEUES.track, async (orderId) => {
    const result = await trackOrder(orderId);
    if (result.kind === "unavailable") throw new RetryLater(`carrier unavailable: ${result.reason}`);
  });

  await boss.work(SWEEP_QUEUES.payments, async () => {
    await settleEndedOrderPayments();
    await sweepLocalCheckouts();
  });
  await boss.work(SWEEP_QUEUES.documents, async () => {
    const swept = await sweepStaleDocuments();
    if (swept.uploads || swept.quoteProofs) log.info(swept, "swept unused uploads and quote proofs older than 30 days");
  });
  await boss.work(SWEEP_QUEUES.reconcile, async () => {
    await reconcileOrders();
  });
  // Cron (UTC): payments every minute, documents and the reconcile loop hourly.
  await boss.schedule(SWEEP_QUEUES.payments, "* * * * *");
  await boss.schedule(SWEEP_QUEUES.documents, "17 * * * *");
  await boss.schedule(SWEEP_QUEUES.reconcile, "41 * * * *");

  return { stop: () => boss.stop({ graceful: true, wait: true, timeout: 20_000 }) };
}
