import { db } from "@/lib/db";

/**
 * What an order has told its sender so far, for GET /v1/orders/{id}: every webhook message
 * with each attempt as the receiver answered it, and each e-mail's state. Neither the webhook
 * URL nor the e-mail address is repeated here.
 */
export async function listOrderNotifications(orderId: string) {
  const [deliveries, emails] = await Promise.all([
    db().webhookDelivery.findMany({ where: { orderId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }], include: { attemptLog: { orderBy: { attempt: "asc" } } } }),
    db().orderEmail.findMany({ where: { orderId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] }),
  ]);
  return {
    webhook_deliveries: deliveries.map((d) => ({
      id: d.id,
      type: d.type,
      state: d.state,
      created_at: d.createdAt.toISOString(),
      delivered_at: d.deliveredAt?.toISOString() ?? null,
      next_attempt_at: d.nextAttemptAt?.toISOString() ?? null,
      last_error: d.lastError,
      attempts: d.attemptLog.map((a) => ({
        attempt: a.attempt,
        at: a.startedAt.toISOString(),
        duration_ms: a.durationMs,
        http_status: a.responseStatus,
        error: a.error,
        retry_at: a.retryAt?.toISOString() ?? null,
      })),
    })),
    emails: emails.map((e) => ({ kind: e.kind, state: e.state, sent_at: e.sentAt?.toISOString() ?? null, attempts: e.attempts, last_error: e.lastError })),
  };
}
