import { Webhook } from "standardwebhooks";
import { db } from "@/lib/db";
import { log } from "@/lib/log";
import { enqueueJob, NOTIFY_QUEUES } from "@/lib/jobs/queues";
import { fetchLimited, OutboundFetchError } from "@/lib/net/safe-fetch";
import { MAX_ATTEMPTS, nextAttemptAt } from "@/lib/notifications/webhooks/retry-schedule";
import type { WebhookJob } from "@/lib/orders/queue-order-notifications";

/** One attempt may take this long, connection to last byte; a slower receiver counts as failed. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** What we read of a receiver's answer (and then ignore): enough for any acknowledgement. */
const MAX_RESPONSE_BYTES = 64 * 1024;
const USER_AGENT = "physical-mail-service-webhooks/1 (+standard-webhooks)";

export type AttemptOutcome =
  | { kind: "delivered"; attempt: number; status: number }
  | { kind: "retry"; attempt: number; status: number | null; error: string; retryAt: Date }
  | { kind: "failed"; attempt: number; status: number | null; error: string }
  | { kind: "skipped"; why: string };

/**
 * Makes one attempt at a webhook message: signs it for this moment (Standard Webhooks:
 * webhook-id, webhook-timestamp, webhook-signature over `id.timestamp.body`), POSTs it through
 * the SSRF-safe client without following redirects, and records the attempt. A 2xx delivers
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

  const startedAt = now();
  const body = JSON.stringify(delivery.payload);
  const signature = new Webhook(order.webhookSecret).sign(deliveryId, startedAt, body);
  let status: number | null = null;
  let error: string | null = null;
  let retryAfter: string | null = null;
  try {
    const res = await fetchLimited(order.webhookUrl, {
      method: "POST",
      body,
      headers: {
        "content-type": "application/json",
        "webhook-id": deliveryId,
        "webhook-timestamp": String(Math.floor(startedAt.getTime() / 1000)),
        "webhook-signature": signature,
      },
      accept: "*/*",
      userAgent: USER_AGENT,
      maxRedirects: 0,
      anyStatus: true,
      timeoutMs: WEBHOOK_TIMEOUT_MS,
      maxBytes: MAX_RESPONSE_BYTES,
    });
    status = res.status;
    const header = res.headers["retry-after"];
    retryAfter = Array.isArray(header) ? header[0] : (header ?? null);
    if (status < 200 || status > 299) error = status >= 300 && status < 400 ? `the receiver answered ${status}: redirects are not followed` : `the receiver answered ${status}`;
  } catch (err) {
    if (!(err instanceof OutboundFetchError)) throw err;
    error = err.kind === "too_large" ? `the receiver's answer was larger than ${MAX_RESPONSE_BYTES} bytes` : err.message;
  }
  const durationMs = now().getTime() - startedAt.getTime();
  const attemptLog = { attempt, startedAt, durationMs, responseStatus: status, error };

  if (error === null) return settle(deliveryId, attempt, { kind: "delivered", status: status! }, attemptLog);
  if (status === 410) return settle(deliveryId, attempt, { kind: "gone", status, error: "the receiver answered 410 Gone: this order's webhooks are stopped" }, attemptLog);
  const retryAt = nextAttemptAt(attempt, delivery.createdAt, now(), retryAfter);
  if (!retryAt) return settle(deliveryId, attempt, { kind: "failed", status, error: `${error}; gave up after ${attempt} attempts over about three days` }, attemptLog);
  return settle(deliveryId, attempt, { kind: "retry", status, error, retryAt }, attemptLog);
}

type Settlement =
  | { kind: "delivered"; status: number }
  | { kind: "retry"; status: number | null; error: string; retryAt: Date }
  | { kind: "failed"; status?: number | null; error: string }
  | { kind: "gone"; status: number; error: string };

type AttemptLog = { attempt: number; startedAt: Date; durationMs: number; responseStatus: number | null; error: string | null };

/** Records the attempt and the message's new state together, and queues the next attempt if there is one. */
async function settle(deliveryId: string, attempt: number, s: Settlement, attemptLog?: AttemptLog): Promise<AttemptOutcome> {
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
  if (s.kind === "delivered") return { kind: "delivered", attempt, status: s.status };
  if (s.kind === "retry") return { kind: "retry", attempt, status: s.status, error: s.error, retryAt: s.retryAt };
  if (attempt >= MAX_ATTEMPTS || s.kind === "gone") log.warn({ deliveryId, attempt, error: s.error }, "webhook message not delivered; no more attempts");
  return { kind: "failed", attempt, status: s.status ?? null, error: s.error };
}
