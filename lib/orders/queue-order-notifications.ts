import { randomBytes } from "node:crypto";
import type { Order, Prisma } from "@/lib/generated/prisma/client";
import { newEmailId, newWebhookMessageId } from "@/lib/ids";
import { enqueueJob, NOTIFY_QUEUES } from "@/lib/jobs/queues";
import { serializeOrder } from "@/lib/orders/serialize-order";
import type { OrderStatus } from "@/lib/orders/state-machine";

/** The e-mails an order sends its buyer, one per status it enters (see EMAIL_ON_ENTERING). */
export type OrderEmailKind = "receipt" | "submitted" | "mailed" | "delivered" | "refused" | "failed" | "canceled";

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
export async function queueStatusNotifications(tx: Tx, order: Order, status: OrderStatus): Promise<void> {
  const orderId = order.id;
  if (order.webhookUrl && !order.webhookStoppedAt) {
    await queueWebhook(tx, orderId, `order.${status}`, { order: serializeOrder(order) });
  }
  const kind = EMAIL_ON_ENTERING[status];
  if (!order.email || !kind) return;
  if (order.sandbox && (await sandboxMailCapped(tx, orderId, order.email))) await recordUnsentEmail(tx, orderId, order.email, kind, SANDBOX_MAIL_CAPPED);
  else await queueEmail(tx, orderId, order.email, kind);
}

/** Sandbox letters whose e-mails one address receives in 24 hours. */
export const SANDBOX_LETTERS_MAILED_PER_ADDRESS_PER_DAY = 10;
export const SANDBOX_MAIL_CAPPED = `not sent: e-mail about sandbox letters goes to one address for at most ${SANDBOX_LETTERS_MAILED_PER_ADDRESS_PER_DAY} letters a day`;

/**
 * Anyone may create free sandbox letters without an account, so anyone could make the service
 * e-mail any address. Sandbox mail to one address is therefore capped by letters a day. An
 * order's first message decides for all of its messages: a letter is told about in full, or
 * (past the cap) not at all, each skipped message recorded with the reason.
 */
async function sandboxMailCapped(tx: Tx, orderId: string, to: string): Promise<boolean> {
  const address = to.trim().toLowerCase();
  // Two letters to one address at once must not both take its last place.
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`sandbox-mail:${address}`}, 0))`;
  const earlier = await tx.orderEmail.findFirst({ where: { orderId }, select: { lastError: true } });
  if (earlier) return earlier.lastError === SANDBOX_MAIL_CAPPED;
  const [{ letters }] = await tx.$queryRaw<{ letters: bigint }[]>`
    SELECT count(DISTINCT e.order_id) AS letters
    FROM order_emails e JOIN orders o ON o.id = e.order_id
    WHERE o.sandbox AND lower(e."to") = ${address} AND e.created_at > now() - interval '24 hours'
      AND e.last_error IS DISTINCT FROM ${SANDBOX_MAIL_CAPPED}`;
  return Number(letters) >= SANDBOX_LETTERS_MAILED_PER_ADDRESS_PER_DAY;
}

/** A message decided against: kept on the order (GET shows it, with why), never queued. */
async function recordUnsentEmail(tx: Tx, orderId: string, to: string, kind: OrderEmailKind, reason: string): Promise<void> {
  await tx.orderEmail.createMany({ data: [{ id: newEmailId(), orderId, kind, to, state: "failed", lastError: reason }], skipDuplicates: true });
}

export type NewScan = { description: string; occurredAt: Date; city: string | null; state: string | null; zip: string | null };

/**
 * `order.tracking_updated`: new carrier scans of a piece, whether or not its status changed.
 * Not for a letter sent with `tracking: false`: its scans are kept for operators only.
 */
export async function queueTrackingNotification(tx: Tx, orderId: string, scans: NewScan[]): Promise<void> {
  if (scans.length === 0) return;
  const order = await tx.order.findUniqueOrThrow({ where: { id: orderId } });
  if (!order.tracking || !order.webhookUrl || order.webhookStoppedAt) return;
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
