import { randomBytes } from "node:crypto";
import type { Prisma } from "@/lib/generated/prisma/client";
import { newEmailId, newWebhookMessageId } from "@/lib/ids";
import { enqueueJob, NOTIFY_QUEUES } from "@/lib/jobs/queues";
import { serializeOrder } from "@/lib/orders/serialize-order";
import type { OrderStatus } from "@/lib/orders/state-machine";
import type { OrderEmailKind } from "@/lib/notifications/email/render-order-email";

type Tx = Prisma.TransactionClient;

/** A Standard Webhooks signing secret: whsec_ and 24 random bytes in base64. */
export function newWebhookSecret(): string {
  return "whsec_" + randomBytes(24).toString("base64");
}

/**
 * The statuses a person is told about by e-mail, and which message each one sends. Entering
 * `screening` means the order is paid (or free, in the sandbox): that is when the receipt goes.
 * pending_payment and held_for_review are not news to the sender; draft is never entered.
 */
const EMAIL_ON_ENTERING: Partial<Record<OrderStatus, OrderEmailKind>> = {
  screening: "receipt",
  submitted: "submitted",
  mailed: "mailed",
  delivered: "delivered",
  refused: "refused",
  failed: "failed",
  canceled: "canceled",
};

export type WebhookJob = { deliveryId: string };
export type EmailJob = { emailId: string };

/**
 * Queues what an order's new status tells its sender: an `order.<status>` webhook when the
 * order has a webhook_url, and the e-mail of that status when it has an email. Runs inside the
 * transaction that changes the status, so a rolled-back change tells nobody anything.
 */
export async function queueStatusNotifications(tx: Tx, orderId: string, status: OrderStatus): Promise<void> {
  const order = await tx.order.findUniqueOrThrow({ where: { id: orderId } });
  if (order.webhookUrl && !order.webhookStoppedAt) {
    await queueWebhook(tx, orderId, `order.${status}`, { order: serializeOrder(order) });
  }
  const kind = EMAIL_ON_ENTERING[status];
  if (order.email && kind) await queueEmail(tx, orderId, order.email, kind);
}

export type NewScan = { description: string; occurredAt: Date; city: string | null; state: string | null; zip: string | null };

/** `order.tracking_updated`: new carrier scans of a piece, whether or not its status changed. */
export async function queueTrackingNotification(tx: Tx, orderId: string, scans: NewScan[]): Promise<void> {
  if (scans.length === 0) return;
  const order = await tx.order.findUniqueOrThrow({ where: { id: orderId } });
  if (!order.webhookUrl || order.webhookStoppedAt) return;
  const trackingEvents = scans.map((s) => ({ description: s.description, occurred_at: s.occurredAt.toISOString(), city: s.city, state: s.state, zip: s.zip }));
  await queueWebhook(tx, orderId, "order.tracking_updated", { order: serializeOrder(order), tracking_events: trackingEvents });
}

async function queueWebhook(tx: Tx, orderId: string, type: string, data: Record<string, unknown>): Promise<void> {
  const id = newWebhookMessageId();
  const createdAt = new Date();
  const payload = { type, created_at: createdAt.toISOString(), data };
  await tx.webhookDelivery.create({
    data: { id, orderId, type, payload: payload as unknown as Prisma.InputJsonValue, state: "pending", nextAttemptAt: createdAt, createdAt },
  });
  await enqueueJob(tx, NOTIFY_QUEUES.webhook, { deliveryId: id } satisfies WebhookJob);
}

async function queueEmail(tx: Tx, orderId: string, to: string, kind: OrderEmailKind): Promise<void> {
  const id = newEmailId();
  // Each kind once per order, whatever retries or duplicate transitions may come: the unique
  // index (order_id, kind) is the backstop.
  const { count } = await tx.orderEmail.createMany({ data: [{ id, orderId, kind, to, state: "pending" }], skipDuplicates: true });
  if (count === 1) await enqueueJob(tx, NOTIFY_QUEUES.email, { emailId: id } satisfies EmailJob);
}
