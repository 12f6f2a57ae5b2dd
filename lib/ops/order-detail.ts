import { db } from "@/lib/db";
import type { Address } from "@/lib/letters/schemas";
import { listOrderNotifications } from "@/lib/orders/list-order-notifications";
import { trackingUrl } from "@/lib/orders/serialize-order";
import { proofPaths } from "@/lib/ops/review-queue";
import { isOrderId } from "@/lib/letters/order-ids";

/**
 * Everything about one order, for an operator: both addresses, the payment and its credit
 * ledger lines, every event (status changes, carrier scans, carrier and reconcile notes,
 * operator actions), every webhook message with its attempts, the e-mails, and reports that
 * name the order. Never shown to anyone else.
 */
export async function getOpsOrderDetail(id: string) {
  if (!isOrderId(id)) return null;
  const order = await db().order.findUnique({ where: { id }, include: { events: { orderBy: [{ occurredAt: "asc" }, { id: "asc" }] } } });
  if (!order) return null;
  const [payment, ledger, notifications, feedback, review] = await Promise.all([
    db().payment.findUnique({ where: { orderId: id } }),
    db().creditLedger.findMany({ where: { orderId: id }, orderBy: { id: "asc" } }),
    listOrderNotifications(id),
    db().feedback.findMany({ where: { orderId: id }, orderBy: { createdAt: "desc" }, take: 20 }),
    db().review.findUnique({ where: { orderId: id } }),
  ]);
  const { webhookSecret: _secret, events, recipient, sender, ...rest } = order;
  return {
    order: { ...rest, to: recipient as unknown as Address, from: sender as unknown as Address },
    trackingUrl: trackingUrl(order.trackingCode),
    proof: proofPaths(order.proofId, order.pageCount),
    events: events.map((e) => ({ ...e, id: e.id.toString() })),
    payment: payment && {
      id: payment.id,
      rail: payment.rail,
      state: payment.state,
      amountCents: payment.amountCents,
      uiMode: payment.uiMode,
      checkoutSessionId: payment.checkoutSessionId,
      paymentIntentId: payment.paymentIntentId,
      createdAt: payment.createdAt,
      updatedAt: payment.updatedAt,
    },
    ledger: ledger.map((l) => ({ id: l.id.toString(), kind: l.kind, code: l.code, faceCents: l.faceCents, bonusCents: l.bonusCents, note: l.note, createdAt: l.createdAt })),
    webhookDeliveries: notifications.webhook_deliveries,
    emails: notifications.emails,
    feedback: feedback.map((f) => ({ id: f.id, kind: f.kind, message: f.message, createdAt: f.createdAt })),
    review: review && { stars: review.stars, comment: review.comment, createdAt: review.createdAt },
  };
}

export type OpsOrderDetail = NonNullable<Awaited<ReturnType<typeof getOpsOrderDetail>>>;
