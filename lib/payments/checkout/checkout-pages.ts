import { db } from "@/lib/db";
import { livePrintingConfigured } from "@/lib/fulfillment/carrier-from-env";
import { readCreditBalance } from "@/lib/payments/credits/credits";
import { trackingUrl } from "@/lib/orders/serialize-order";

// What the checkout pages show: the local rail's hosted page, and the return page a payer
// lands on after either rail.

const SESSION_ID = /^cs_(local_)?[A-Za-z0-9_]{8,200}$/;

export async function localCheckoutForPage(sessionId: string) {
  if (!SESSION_ID.test(sessionId)) return null;
  const c = await db().localCheckout.findUnique({ where: { id: sessionId } });
  if (!c || c.uiMode !== "hosted") return null;
  const payment = await db().payment.findUnique({ where: { checkoutSessionId: c.id }, select: { purpose: true } });
  return {
    id: c.id,
    description: c.description,
    amountCents: c.amountCents,
    state: c.status === "open" && c.expiresAt <= new Date() ? "expired" : c.status,
    isOrder: payment?.purpose === "order",
    manualCapture: c.captureMethod === "manual",
    returnUrl: c.successUrl.replace("{CHECKOUT_SESSION_ID}", c.id),
    liveCarrier: livePrintingConfigured(),
  };
}

export type CheckoutReturn =
  | { kind: "order"; paymentState: string; orderId: string; orderStatus: string; trackingUrl: string; sandboxCarrier: boolean }
  | { kind: "pack"; paymentState: string; pack: string; credit: Awaited<ReturnType<typeof readCreditBalance>> | null };

/** The return page (`/pay/return?session_id=`): where the payment and what it paid for stand. */
export async function checkoutReturn(sessionId: string): Promise<CheckoutReturn | null> {
  if (!SESSION_ID.test(sessionId)) return null;
  const payment = await db().payment.findUnique({ where: { checkoutSessionId: sessionId } });
  if (!payment) return null;
  if (payment.orderId) {
    const order = await db().order.findUniqueOrThrow({ where: { id: payment.orderId }, select: { status: true, trackingCode: true } });
    return { kind: "order", paymentState: payment.state, orderId: payment.orderId, orderStatus: order.status, trackingUrl: trackingUrl(order.trackingCode), sandboxCarrier: !livePrintingConfigured() };
  }
  return { kind: "pack", paymentState: payment.state, pack: payment.pack!, credit: payment.creditCode ? await readCreditBalance(payment.creditCode) : null };
}
