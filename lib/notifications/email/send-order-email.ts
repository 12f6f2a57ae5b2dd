import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { emailDeliveries } from "@/lib/metrics/metrics";
import { issueCapability } from "@/lib/orders/capability-tokens";
import { serializeOrder, trackingUrl } from "@/lib/orders/serialize-order";
import { CANCELABLE, type OrderStatus } from "@/lib/orders/state-machine";
import { reviewPageUrl } from "@/lib/reviews/review-page-url";
import type { OrderEmailKind } from "@/lib/orders/queue-order-notifications";
import { renderOrderEmail } from "@/lib/notifications/email/render-order-email";
import { PermanentMailError, sendMail, type SentMail } from "@/lib/notifications/email/mail-transport";

export type EmailOutcome = { kind: "sent"; via: SentMail["via"] } | { kind: "failed"; error: string } | { kind: "skipped"; why: string };

/** The page behind the receipt's cancel link: it asks before canceling (app/cancel). */
export function cancelPageUrl(orderId: string): string {
  return `${env().PUBLIC_BASE_URL}/cancel?token=${encodeURIComponent(issueCapability(orderId, "cancel"))}`;
}

/**
 * Sends one queued order e-mail, rendered now from the order as it is (so a late receipt never
 * offers a cancel the order no longer allows). Links carry fresh capability tokens: the review
 * link's 7 days start at delivery. A temporary SMTP failure throws, and the job is retried with
 * backoff; a permanent refusal (5xx) marks the e-mail failed. The attempt is claimed with a
 * compare-and-set so that two workers holding the same job do not both send it.
 */
export async function sendOrderEmail(emailId: string): Promise<EmailOutcome> {
  const email = await db().orderEmail.findUnique({ where: { id: emailId } });
  if (!email) return { kind: "skipped", why: "no such e-mail" };
  if (email.state !== "pending") return { kind: "skipped", why: `already ${email.state}` };
  const claimed = await db().orderEmail.updateMany({ where: { id: emailId, state: "pending", attempts: email.attempts }, data: { attempts: email.attempts + 1 } });
  if (claimed.count !== 1) return { kind: "skipped", why: "another worker took this e-mail" };

  const order = await db().order.findUniqueOrThrow({ where: { id: email.orderId } });
  const kind = email.kind as OrderEmailKind;
  const rendered = await renderOrderEmail({
    kind,
    order: serializeOrder(order),
    trackingUrl: trackingUrl(order.trackingCode),
    cancelUrl: kind === "receipt" && CANCELABLE.includes(order.status as OrderStatus) ? cancelPageUrl(order.id) : undefined,
    reviewUrl: kind === "delivered" ? reviewPageUrl(order.id) : undefined,
    payment: { method: order.paymentMethod === "link" ? "card" : order.paymentMethod === "credit" ? "credit" : null, creditCode: order.creditCode },
  });
  try {
    const sent = await sendMail({ id: email.id, to: email.to, ...rendered });
    await db().orderEmail.update({ where: { id: emailId }, data: { state: "sent", sentAt: new Date(), messageId: sent.messageId, lastError: null } });
    emailDeliveries.inc({ outcome: "sent" });
    return { kind: "sent", via: sent.via };
  } catch (err) {
    const message = (err as Error).message;
    const permanent = err instanceof PermanentMailError;
    await db().orderEmail.update({ where: { id: emailId }, data: { lastError: message, ...(permanent ? { state: "failed" } : {}) } });
    emailDeliveries.inc({ outcome: permanent ? "failed" : "retrying" });
    if (permanent) {
      log.warn({ emailId, orderId: order.id, kind }, "order e-mail refused by the SMTP server; not retried");
      return { kind: "failed", error: message };
    }
    throw err;
  }
}
