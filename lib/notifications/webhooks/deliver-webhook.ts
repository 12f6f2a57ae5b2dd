import { db } from "@/lib/db";
import { log } from "@/lib/log";
import { webhookDeliveries } from "@/lib/metrics/metrics";
import { enqueueJob, NOTIFY_QUEUES } from "@/lib/jobs/queues";
import { postWebhookMessage, type PostedMessage } from "@/lib/notifications/webhooks/post-webhook-message";
import { MAX_ATTEMPTS, nextAttemptAt } from "@/lib/notifications/webhooks/retry-schedule";
import type { WebhookJob } from "@/lib/orders/queue-order-notifications";

export type AttemptOutcome =
  | { kind: "delivered"; attempt: number; status: number }
  | { kind: "retry"; attempt: number; status: number | null; error: string; retryAt: Date }
  | { kind: "failed"; attempt: number; status: number | null; error: string }
  | { kind: "skipped"; why: string };

/**
 * Makes one attempt at a webhook message: sends it (post-webhook-message.ts: signed for this
 * moment, through the SSRF-safe client, redirects not followed) and records the attempt. A 2xx delivers
 * it; 410 Gone stops it and every later message of the order; anything else is tried again on
 * the schedule of retry-schedule.ts (later if the receiver's Retry-After says so), for about
 * three days. The attempt number is claimed with a compare-and-set, so two workers holding the
 * same job cannot both send it.
 */
export async function attemptWebhookDelivery(deliveryId: string, now = () => new Date()): Promise<AttemptOutcome> {
  const delivery = await db().webhookDelivery.findUnique({ where: { id: deliveryId } });
  if (!delivery) return { kind: "skipped", why: "no such delivery" };
  if (delivery.state !== "pending") return { kind: "skipped", why: `already ${delivery.state}` };
  const order = await db().order.findUniqueOrThrow({ where: { id: delivery.orderId }, select: { webhookUrl: true, webhookSecret: true, webhookStoppedAt: true } });
  if (!order.webhookUrl || !order.webhookSecret) return settle(deliveryId, delivery.attempts, { kind: "failed", error: "the order has no webhook_url" });
  if (order.webhookStoppedAt) return settle(deliveryId, delivery.attempts, { kind: "failed", error: "the receiver answered 410 Gone to an earlier message: nothing more is sent" });

  const attempt = delivery.attempts + 1;
  const claimed = await db().webhookDelivery.updateMany({ where: { id: deliveryId, state: "pending", attempts: delivery.attempts }, data: { attempts: attempt } });
  if (claimed.count !== 1) return { kind: "skipped", why: "another worker took this attempt" };

  const posted = await postWebhookMessage({ id: deliveryId, body: JSON.stringify(delivery.payload), url: order.webhookUrl, secret: order.webhookSecret }, now);
  const { status, error } = posted;
  const attemptLog = attemptLogOf(attempt, posted);

  if (error === null) return settle(deliveryId, attempt, { kind: "delivered", status: status! }, attemptLog);
  if (status === 410) return settle(deliveryId, attempt, { kind: "gone", status, error: "the receiver answered 410 Gone: this order's webhooks are stopped" }, attemptLog);
  const retryAt = nextAttemptAt(attempt, delivery.createdAt, now(), posted.retryAfter);
  if (!retryAt) return settle(deliveryId, attempt, { kind: "failed", status, error: `${error}; gave up after ${attempt} attempts over about three days` }, attemptLog);
  return settle(deliveryId, attempt, { kind: "retry", status, error, retryAt }, attemptLog);
}

type Settlement =
  | { kind: "delivered"; status: number }
  | { kind: "retry"; status: number | null; error: string; retryAt: Date }
  | { kind: "failed"; status?: number | null; error: string }
  | { kind: "gone"; status: number; error: string }
  /** A resend the receiver did not accept: logged, the message's state left as it was. */
  | { kind: "logged"; status: number | null; error: string };

type AttemptLog = { attempt: number; startedAt: Date; durationMs: number; responseStatus: number | null; error: string | null };

const attemptLogOf = (attempt: number, posted: PostedMessage): AttemptLog => ({ attempt, startedAt: posted.startedAt, durationMs: posted.durationMs, responseStatus: posted.status, error: posted.error });

/** Records the attempt and the message's new state, and reports the outcome. */
async function settle(deliveryId: string, attempt: number, s: Exclude<Settlement, { kind: "logged" }>, attemptLog?: AttemptLog): Promise<AttemptOutcome> {
  await record(deliveryId, s, attemptLog);
  if (s.kind === "delivered") return { kind: "delivered", attempt, status: s.status };
  if (s.kind === "retry") return { kind: "retry", attempt, status: s.status, error: s.error, retryAt: s.retryAt };
  if (attempt >= MAX_ATTEMPTS || s.kind === "gone") log.warn({ deliveryId, attempt, error: s.error }, "webhook message not delivered; no more attempts");
  return { kind: "failed", attempt, status: s.status ?? null, error: s.error };
}

/** Records the attempt and the message's new state together, and queues the next attempt if there is one. */
async function record(deliveryId: string, s: Settlement, attemptLog?: AttemptLog): Promise<void> {
  const at = new Date();
  await db().$transaction(async (tx) => {
    if (attemptLog) {
      await tx.webhookAttempt.create({ data: { deliveryId, ...attemptLog, retryAt: s.kind === "retry" ? s.retryAt : null } });
    }
    const lastStatus = "status" in s ? (s.status ?? null) : null;
    if (s.kind === "delivered") {
      await tx.webhookDelivery.update({ where: { id: deliveryId }, data: { state: "delivered", deliveredAt: at, lastStatus, lastError: null, nextAttemptAt: null } });
    } else if (s.kind === "retry") {
      await tx.webhookDelivery.update({ where: { id: deliveryId }, data: { lastStatus, lastError: s.error, nextAttemptAt: s.retryAt } });
      await enqueueJob(tx, NOTIFY_QUEUES.webhook, { deliveryId } satisfies WebhookJob, { startAfter: s.retryAt });
    } else if (s.kind === "logged") {
      // A delivered message stays delivered, without an error beside it: the attempt row says it.
      await tx.webhookDelivery.updateMany({ where: { id: deliveryId, state: { not: "delivered" } }, data: { lastStatus, lastError: s.error } });
    } else {
      const row = await tx.webhookDelivery.update({ where: { id: deliveryId }, data: { state: "failed", lastStatus, lastError: s.error, nextAttemptAt: null } });
      if (s.kind === "gone") {
        // The receiver wants no more: later messages of this order are not sent either.
        await tx.order.update({ where: { id: row.orderId }, data: { webhookStoppedAt: at } });
        await tx.webhookDelivery.updateMany({
          where: { orderId: row.orderId, state: "pending" },
          data: { state: "failed", lastError: "the receiver answered 410 Gone to an earlier message: nothing more is sent", nextAttemptAt: null },
        });
      }
    }
  });
  webhookDeliveries.inc({ outcome: s.kind === "retry" ? "retrying" : s.kind });
}

export type ResendOutcome =
  | { kind: "not_found" }
  /** The order's receiver answered 410 Gone earlier: nothing more goes to it. */
  | { kind: "stopped"; orderId: string; type: string }
  | { kind: "sent"; orderId: string; type: string; url: string; attempt: number; status: number | null; error: string | null; durationMs: number };

/**
 * Sends a logged message again, now, to its order's webhook_url, whatever its state (`npm run
 * webhooks -- resend`): the same webhook-id and body, signed afresh by the same sender, recorded
 * as the message's next attempt. A 2xx delivers it (a pending message's scheduled attempt then
 * does nothing); 410 Gone stops the order's webhooks, as on any attempt; anything else is logged
 * and leaves the message as it was (a pending one keeps its scheduled attempt; none is added).
 */
export async function resendWebhookMessage(messageId: string, now = () => new Date()): Promise<ResendOutcome> {
  // The attempt number is claimed like the worker's, so a resend and a scheduled attempt at
  // the same moment take two numbers; lost to the other, it reads the message again.
  for (let tries = 0; ; tries++) {
    const delivery = await db().webhookDelivery.findUnique({ where: { id: messageId } });
    if (!delivery) return { kind: "not_found" };
    const order = await db().order.findUniqueOrThrow({ where: { id: delivery.orderId }, select: { webhookUrl: true, webhookSecret: true, webhookStoppedAt: true } });
    const about = { orderId: delivery.orderId, type: delivery.type };
    if (order.webhookStoppedAt) return { kind: "stopped", ...about };
    if (!order.webhookUrl || !order.webhookSecret) throw new Error(`${messageId}: its order ${delivery.orderId} has no webhook_url`);
    const attempt = delivery.attempts + 1;
    const claimed = await db().webhookDelivery.updateMany({ where: { id: messageId, attempts: delivery.attempts }, data: { attempts: attempt } });
    if (claimed.count !== 1) {
      if (tries < 5) continue;
      throw new Error(`${messageId}: its attempts keep changing under this resend; try again`);
    }

    const posted = await postWebhookMessage({ id: messageId, body: JSON.stringify(delivery.payload), url: order.webhookUrl, secret: order.webhookSecret }, now);
    const { status, error } = posted;
    const settlement: Settlement =
      error === null
        ? { kind: "delivered", status: status! }
        : status === 410
          ? { kind: "gone", status, error: "the receiver answered 410 Gone: this order's webhooks are stopped" }
          : { kind: "logged", status, error };
    await record(messageId, settlement, attemptLogOf(attempt, posted));
    return { kind: "sent", ...about, url: order.webhookUrl, attempt, status, error, durationMs: posted.durationMs };
  }
}
