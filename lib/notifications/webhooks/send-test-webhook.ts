import { db } from "@/lib/db";
import { newWebhookMessageId } from "@/lib/ids";
import { postWebhookMessage, refusedWebhookUrlReason } from "@/lib/notifications/webhooks/post-webhook-message";
import { serializeOrder } from "@/lib/orders/serialize-order";

/** The type of a test message: never sent on its own, only when someone asks (`npm run webhooks -- test`). */
export const TEST_EVENT_TYPE = "test.ping";

export type TestSendOutcome =
  | { kind: "order_not_found" }
  /** The order was created without webhook_url: it has no secret to sign with. */
  | { kind: "no_secret" }
  | { kind: "refused_url"; reason: string }
  | { kind: "sent"; messageId: string; status: number | null; error: string | null; durationMs: number };

/**
 * Sends a test message about an order to any URL, signed with that order's webhook_secret by
 * the sender of every webhook (same timeout, answer cap and address rules): `{type: "test.ping",
 * created_at, data: {order}}` with the order as it is now and a fresh webhook-id. Kept nowhere:
 * the order's webhook_deliveries list only what its webhook_url was sent.
 */
export async function sendTestWebhook(orderId: string, url: string): Promise<TestSendOutcome> {
  const order = await db().order.findUnique({ where: { id: orderId } });
  if (!order) return { kind: "order_not_found" };
  if (!order.webhookSecret) return { kind: "no_secret" };
  const refusal = refusedWebhookUrlReason(url);
  if (refusal) return { kind: "refused_url", reason: refusal };

  const messageId = newWebhookMessageId();
  const body = JSON.stringify({ type: TEST_EVENT_TYPE, created_at: new Date().toISOString(), data: { order: serializeOrder(order) } });
  const posted = await postWebhookMessage({ id: messageId, body, url, secret: order.webhookSecret });
  // An address judged only once DNS answered (a name that resolves to a private address) is as refused as a literal one.
  if (posted.refused) return { kind: "refused_url", reason: posted.error! };
  return { kind: "sent", messageId, status: posted.status, error: posted.error, durationMs: posted.durationMs };
}
