import Stripe from "stripe";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { handlePaymentEvent } from "@/lib/payments/checkout/handle-payment-event";

// POST /webhooks/stripe: Stripe's events about our checkout sessions. The signature is checked
// on the raw body with the endpoint secret; the event is then only a hint to re-read the
// session (handlePaymentEvent -> syncCheckout), so a forged, stale or reordered event cannot
// move money. A failure answers 500 so that Stripe retries.

export type WebhookAnswer = { http: number; body: Record<string, unknown> };

export async function receiveStripeWebhook(rawBody: Buffer, signature: string | null): Promise<WebhookAnswer> {
  const { STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET } = env();
  if (!STRIPE_SECRET_KEY || !STRIPE_WEBHOOK_SECRET) return { http: 404, body: { error: "Stripe is not configured on this deployment." } };
  if (!signature) return { http: 400, body: { error: "Missing Stripe-Signature header." } };
  let event: Stripe.Event;
  try {
    event = Stripe.webhooks.constructEvent(rawBody, signature, STRIPE_WEBHOOK_SECRET);
  } catch {
    return { http: 400, body: { error: "The Stripe-Signature does not verify for this body." } };
  }
  try {
    const sessionId = await sessionOf(event);
    const outcome = await handlePaymentEvent({ id: event.id, rail: "stripe", type: event.type, sessionId });
    return { http: 200, body: { received: true, outcome } };
  } catch (err) {
    log.error({ err, eventId: event.id, type: event.type }, "Stripe event not applied; Stripe will retry");
    return { http: 500, body: { error: "The event could not be applied now; retry." } };
  }
}

/** The checkout session an event is about: directly, or through its payment intent. */
async function sessionOf(event: Stripe.Event): Promise<string | null> {
  const object = event.data.object as { object?: string; id?: string; payment_intent?: string | { id: string } | null };
  if (object.object === "checkout.session") return object.id ?? null;
  const intentId = object.object === "payment_intent" ? object.id
    : typeof object.payment_intent === "string" ? object.payment_intent
    : object.payment_intent?.id;
  if (!intentId) return null;
  const payment = await db().payment.findUnique({ where: { paymentIntentId: intentId }, select: { checkoutSessionId: true } });
  return payment?.checkoutSessionId ?? null;
}
