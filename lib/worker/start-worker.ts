import PgBoss from "pg-boss";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { jobFailures } from "@/lib/metrics/metrics";
import { NOTIFY_QUEUES, ORDER_QUEUES, ORDER_RESUME_CHECK_SECONDS, SWEEP_QUEUES, type OrderJob } from "@/lib/jobs/queues";
import type { EmailJob, WebhookJob } from "@/lib/orders/queue-order-notifications";
import { attemptWebhookDelivery } from "@/lib/notifications/webhooks/deliver-webhook";
import { sendOrderEmail } from "@/lib/notifications/email/send-order-email";
import { advanceOrder } from "@/lib/pipeline/advance-order";
import { applySecondOpinion } from "@/lib/pipeline/apply-second-opinion";
import { reconcileOrders } from "@/lib/pipeline/reconcile-orders";
import { sweepLocalCheckouts } from "@/lib/payments/checkout/pay-local-checkout";
import { captureAcceptedOrderPayments, settleEndedOrderPayments } from "@/lib/payments/checkout/settle-order-payment";
import { sweepStaleDocuments } from "@/lib/documents/sweep-stale-documents";
import { IDEMPOTENCY_RETENTION_HOURS, purgeExpiredIdempotencyRecords } from "@/lib/http/idempotency";
import { requeueStuckNotifications } from "@/lib/notifications/requeue-stuck-notifications";
import { reconcileSettlingX402Purchases } from "@/lib/payments/x402/reconcile-settling-purchases";

/** Order jobs one fetch takes, per queue. */
const ORDER_BATCH = 10;
/**
 * Order jobs one worker process runs at once, across its queues. A hand-off holds a database
 * connection for its transaction and may take a second one meanwhile (the payment rail), so
 * this stays well under the process's pool of 10: more would starve it.
 */
const ORDER_CONCURRENCY = 4;
/**
 * Webhook attempts and e-mails at once: each may wait up to 10 s on someone else's server, so
 * they get slots of their own and a slow receiver never holds up the letters.
 */
const NOTIFY_CONCURRENCY = 8;

/** A tiny semaphore: at most `n` of the functions given to it run at once. */
function limiter(n: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(fn: () => Promise<T>): Promise<T> => {
    if (running >= n) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    try {
      return await fn();
    } finally {
      running--;
      waiting.shift()?.();
    }
  };
}

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
    maintenanceIntervalSeconds: expire ? Math.min(ORDER_RESUME_CHECK_SECONDS, Math.max(1, expire)) : ORDER_RESUME_CHECK_SECONDS,
  });
  boss.on("error", (err) => log.error({ err }, "pg-boss error"));
  await boss.start();
  const pollingIntervalSeconds = opts.pollingIntervalSeconds ?? 1;
  const slot = limiter(ORDER_CONCURRENCY);
  const workInBatches = async <T extends object>(queue: string, handle: (jobs: PgBoss.Job<T>[]) => Promise<void>) => {
    let workerId: string | undefined;
    workerId = await boss.work<T>(queue, { pollingIntervalSeconds, batchSize: ORDER_BATCH }, async (jobs) => {
      await handle(jobs);
      if (jobs.length === ORDER_BATCH && workerId) boss.notifyWorker(workerId);
    });
    return workerId;
  };

  // pg-boss waits what is left of a polling interval after each fetch, busy or not, so each
  // fetch takes a batch and runs it through the shared slots, and a batch that came back full
  // asks for the next at once (notifyWorker): a busy queue is drained as fast as the slots go
  // (at one batch of 10 a second, the pipeline measured 10 orders/s), an idle one polled once an
  // interval. A job that fails is failed alone (retried with backoff); the rest of its batch completes.
  const onOrder = (queue: string, run: (orderId: string) => Promise<void>) =>
    workInBatches<OrderJob>(queue, async (jobs) => {
      await Promise.all(
        jobs.map((job) =>
          slot(async () => {
            try {
              await run(job.data.orderId);
            } catch (err) {
              if (!(err instanceof RetryLater)) {
                log.error({ err, queue, orderId: job.data.orderId }, "order job failed; pg-boss retries it");
                jobFailures.inc({ queue });
              }
              await boss.fail(queue, job.id, { message: (err as Error).message });
            }
          }),
        ),
      );
    });

  // Screening, hand-off, submission and tracking: each job advances its order by whatever step
  // is due (lib/pipeline/advance-order.ts, as the request that paid for a letter does). A carrier
  // outage makes the submit or track job retry later; a screen job that handed its letter over
  // leaves the retries to the submit job the hand-off queued.
  const advance = (retryWhenCarrierDown: boolean) => async (orderId: string) => {
    const outcome = await advanceOrder(orderId);
    if (retryWhenCarrierDown && outcome.kind !== "advanced") throw new RetryLater(`carrier unavailable: ${outcome.reason}`);
  };
  await onOrder(ORDER_QUEUES.screen, advance(false));
  await onOrder(ORDER_QUEUES.submit, advance(true));
  await onOrder(ORDER_QUEUES.track, advance(true));
  await onOrder(ORDER_QUEUES.secondOpinion, async (orderId) => {
    await applySecondOpinion(orderId);
  });

  const notifySlot = limiter(NOTIFY_CONCURRENCY);
  const onNotify = <T extends object>(queue: string, run: (data: T) => Promise<unknown>) =>
    workInBatches<T>(queue, async (jobs) => {
      await Promise.all(
        jobs.map((job) =>
          notifySlot(async () => {
            try {
              await run(job.data);
            } catch (err) {
              log.error({ err, queue, job: job.data }, "notification job failed; pg-boss retries it");
              jobFailures.inc({ queue });
              await boss.fail(queue, job.id, { message: (err as Error).message });
            }
          }),
        ),
      );
    });
  await onNotify<WebhookJob>(NOTIFY_QUEUES.webhook, (job) => attemptWebhookDelivery(job.deliveryId));
  await onNotify<EmailJob>(NOTIFY_QUEUES.email, (job) => sendOrderEmail(job.emailId));

  // A sweep that throws is failed by pg-boss itself; its next run comes on its schedule.
  const onSweep = (queue: string, run: () => Promise<void>) =>
    boss.work(queue, async () => {
      try {
        await run();
      } catch (err) {
        jobFailures.inc({ queue });
        throw err;
      }
    });
  await onSweep(SWEEP_QUEUES.payments, async () => {
    await settleEndedOrderPayments();
    await captureAcceptedOrderPayments();
    await sweepLocalCheckouts();
  });
  await onSweep(SWEEP_QUEUES.documents, async () => {
    const swept = await sweepStaleDocuments();
    if (swept.uploads || swept.quoteProofs) log.info(swept, "swept unused uploads and quote proofs older than 30 days");
    const keys = await purgeExpiredIdempotencyRecords();
    if (keys) log.info({ keys }, `forgot Idempotency-Keys older than ${IDEMPOTENCY_RETENTION_HOURS} hours`);
  });
  await onSweep(SWEEP_QUEUES.reconcile, async () => {
    await reconcileOrders();
  });
  await onSweep(SWEEP_QUEUES.notifications, async () => {
    await requeueStuckNotifications();
  });
  await onSweep(SWEEP_QUEUES.x402, async () => {
    await reconcileSettlingX402Purchases();
  });
  // Cron (UTC): payments, and x402 purchases left settling, every minute (an x402 authorization
  // is valid for X402_TIMEOUT_SECONDS only, and no facilitator settles it after that); documents,
  // the reconcile loop and notifications whose jobs ran out hourly (those only count once a
  // job's whole life, hours to days, has passed).
  await boss.schedule(SWEEP_QUEUES.payments, "* * * * *");
  await boss.schedule(SWEEP_QUEUES.documents, "17 * * * *");
  await boss.schedule(SWEEP_QUEUES.reconcile, "41 * * * *");
  await boss.schedule(SWEEP_QUEUES.notifications, "29 * * * *");
  await boss.schedule(SWEEP_QUEUES.x402, "* * * * *");

  return { stop: () => boss.stop({ graceful: true, wait: true, timeout: 20_000 }) };
}
