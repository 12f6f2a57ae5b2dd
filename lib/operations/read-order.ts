import { db } from "@/lib/db";
import { ERRORS } from "@/lib/errors/error-catalogue";
import { getProofLinks } from "@/lib/documents/proofs";
import { getOrderOrThrow } from "@/lib/orders/get-order";
import { listOrderNotifications } from "@/lib/orders/list-order-notifications";
import { serializeOrder, trackingUrl } from "@/lib/orders/serialize-order";
import type { CheckoutRail, CheckoutUiMode } from "@/lib/payments/checkout/checkout-provider";
import { paymentNext, paymentStepFields, pendingPaymentEnvelope } from "@/lib/payments/checkout/open-payment-link";

// The operation behind GET /v1/orders/{id} and the MCP tool get_letter.

/**
 * GET /v1/orders/{id}: the order, its public tracking link, its proof (the PDF that prints), and
 * its webhook deliveries (every attempt) and e-mails.
 * While the order waits for its payment link, it answers `action_required` with the payment
 * step again: this is how a caller whose first response was lost resumes paying (spec 3).
 */
export async function readOrder(id: string) {
  const row = await getOrderOrThrow(id);
  const [proof, notifications] = await Promise.all([getProofLinks(row.proofId), listOrderNotifications(id)]);
  const body = { status: "ok", order: serializeOrder(row), tracking_url: trackingUrl(row.trackingCode), proof, ...notifications };
  // A letter screening refused reads as the answer that refused it: failed, content_refused.
  if (row.status === "refused") {
    const refused = ERRORS.content_refused;
    return { ...body, status: refused.status, code: "content_refused", reason: row.refusalReason ?? refused.summary, next: refused.next, retryable: refused.retryable };
  }
  if (row.status !== "pending_payment") return body;
  const payment = await db().payment.findUnique({ where: { orderId: id } });
  if (!payment) return body;
  const uiMode = payment.uiMode as CheckoutUiMode;
  const envelope = pendingPaymentEnvelope(row.priceCents);
  return {
    ...body,
    ...envelope,
    next: [paymentNext(payment.rail as CheckoutRail, uiMode, payment.clientSecret), ...envelope.next],
    ...paymentStepFields(uiMode, payment.checkoutUrl, payment.clientSecret),
  };
}
