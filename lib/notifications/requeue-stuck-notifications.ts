import { db } from "@/lib/db";
import { enqueueJob, jobLifetimeSeconds, jobRunLimit, LIVE_JOB_STATES, NOTIFY_QUEUES } from "@/lib/jobs/queues";
import { log } from "@/lib/log";
import { emailDeliveries, webhookDeliveries } from "@/lib/metrics/metrics";
import type { EmailJob, WebhookJob } from "@/lib/orders/queue-order-notifications";
import { MAX_ATTEMPTS as WEBHOOK_MAX_ATTEMPTS } from "@/lib/notifications/webhooks/retry-schedule";

// An e-mail (or webhook message) is sent by its pg-boss job. When that job runs out of retries
// (an SMTP server away for longer than the queue's backoff, a database away while the handler
// ran), pg-boss marks the job failed and nothing would ever touch the row again: it would stay
// `pending` for good. This sweep, run by the worker, finds such rows (pending, older than any
// job of theirs could live, and no job of theirs still waiting or running) and queues them
// again; past a cap on attempts it marks them failed with the reason, so that nobody waits on
// them and the order's notifications say what happened.

/**
 * An order e-mail is tried at most this many times: two rounds of its job's runs (each round
 * about three days of retries at the longest backoff). After that it is marked failed.
 */
export const EMAIL_MAX_ATTEMPTS = 2 * jobRunLimit(NOTIFY_QUEUES.email);

/** Rows looked at per transaction; the sweep goes on until none are left. */
const BATCH = 200;

export type SweepResult = { emails: { requeued: number; failed: number }; webhooks: { requeued: number; failed: number } };

export async function requeueStuckNotifications(now = new Date()): Promise<SweepResult> {
  const result: SweepResult = { emails: await sweepEmails(now), webhooks: await sweepWebhooks(now) };
  emailDeliveries.inc({ outcome: "failed" }, result.emails.failed);
  webhookDeliveries.inc({ outcome: "failed" }, result.webhooks.failed);
  if (result.emails.requeued + result.emails.failed + result.webhooks.requeued + result.webhooks.failed > 0) {
    log.warn(result, "notifications whose jobs ran out while still pending: queued again, or marked failed past their attempts");
  }
  return result;
}

type StuckRow = { id: string; attempts: number; last_error: string | null };

async function sweepEmails(now: Date): Promise<{ requeued: number; failed: number }> {
  const cutoff = new Date(now.getTime() - jobLifetimeSeconds(NOTIFY_QUEUES.email) * 1000);
  const done = { requeued: 0, failed: 0 };
  for (;;) {
    const n = await db().$transaction(async (tx) => {
      // SKIP LOCKED: two sweeps at once (or a send finishing) never handle one row twice.
      const rows = await tx.$queryRaw<StuckRow[]>`
        SELECT e.id, e.attempts, e.last_error FROM order_emails e
         WHERE e.state = 'pending' AND e.created_at < ${cutoff}
           AND NOT EXISTS (SELECT 1 FROM pgboss.job j
                            WHERE j.name = ${NOTIFY_QUEUES.email} AND j.data->>'emailId' = e.id
                              AND j.state::text = ANY(${[...LIVE_JOB_STATES]}::text[]))
         ORDER BY e.created_at, e.id
         LIMIT ${BATCH}
         FOR UPDATE OF e SKIP LOCKED`;
      for (const row of rows) {
        if (row.attempts >= EMAIL_MAX_ATTEMPTS) {
          const lastError = `gave up after ${row.attempts} attempts to send it over several days (last error: ${row.last_error ?? "none recorded"})`;
          await tx.orderEmail.update({ where: { id: row.id }, data: { state: "failed", lastError } });
          done.failed++;
        } else {
          await enqueueJob(tx, NOTIFY_QUEUES.email, { emailId: row.id } satisfies EmailJob);
          done.requeued++;
        }
      }
      return rows.length;
    });
    if (n < BATCH) return done;
  }
}

/**
 * Webhook messages schedule each next attempt themselves (retry-schedule.ts), so a pending
 * message always has a job waiting, unless the handler itself broke on every run of one job
 * (pg-boss gives up on it after its retries). Counted from the attempt that job was for.
 */
async function sweepWebhooks(now: Date): Promise<{ requeued: number; failed: number }> {
  const cutoff = new Date(now.getTime() - jobLifetimeSeconds(NOTIFY_QUEUES.webhook) * 1000);
  const done = { requeued: 0, failed: 0 };
  for (;;) {
    const n = await db().$transaction(async (tx) => {
      const rows = await tx.$queryRaw<StuckRow[]>`
        SELECT d.id, d.attempts, d.last_error FROM webhook_deliveries d
         WHERE d.state = 'pending' AND COALESCE(d.next_attempt_at, d.created_at) < ${cutoff}
           AND NOT EXISTS (SELECT 1 FROM pgboss.job j
                            WHERE j.name = ${NOTIFY_QUEUES.webhook} AND j.data->>'deliveryId' = d.id
                              AND j.state::text = ANY(${[...LIVE_JOB_STATES]}::text[]))
         ORDER BY d.created_at, d.id
         LIMIT ${BATCH}
         FOR UPDATE OF d SKIP LOCKED`;
      for (const row of rows) {
        if (row.attempts >= WEBHOOK_MAX_ATTEMPTS) {
          const lastError = `gave up after ${row.attempts} attempts; its last one never finished (last error: ${row.last_error ?? "none recorded"})`;
          await tx.webhookDelivery.update({ where: { id: row.id }, data: { state: "failed", lastError, nextAttemptAt: null } });
          done.failed++;
        } else {
          await tx.webhookDelivery.update({ where: { id: row.id }, data: { nextAttemptAt: now } });
          await enqueueJob(tx, NOTIFY_QUEUES.webhook, { deliveryId: row.id } satisfies WebhookJob);
          done.requeued++;
        }
      }
      return rows.length;
    });
    if (n < BATCH) return done;
  }
}
