import Stripe from "stripe";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { handlePaymentEvent } from "@/lib/payments/checkout/handle-payment-event";

// POST /webhooks/stripe: Stripe's events about our checkout sessions. The signature is checked
// on the raw body with the endpoint secret; the event is then only a hint to re-read the
// session (handlePaymentEvent -> syncCheckout), so a forged, stale or reordered event cannot
// move money. What happened is answered by lib/http/present-outcomes.ts (a failure with a 500, so
// that Stripe retries).

/** What became of an event Stripe sent. */
export type StripeWebhookOutcome =
  | { kind: "not_configured" }
  | { kind: "unsigned" }
  | { kind: "bad_signature" }
  | { kind: "applied"; outcome: Awaited<ReturnType<typeof handlePaymentEvent>> }
  /** Not applied now (the database away a moment): Stripe retries. */
  | { kind: "not_applied" };

export async function receiveStripeWebhook(rawBody: Buffer, signature: string | null): Promise<StripeWebhookOutcome> {
  const { STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET } = env();
  if (!STRIPE_SECRET_KEY || !STRIPE_WEBHOOK_SECRET) return { kind: "not_configured" };
  if (!signature) return { kind: "unsigned" };
  let event: Stripe.Event;
  try {
    event = Stripe.webhooks.constructEvent(rawBody, signature, STRIPE_WEBHOOK_SECRET);
  } catch {
    return { kind: "bad_signature" };
  }
  try {
    const sessionId = await sessionOf(event);
    return { kind: "applied", outcome: await handlePaymentEvent({ id: event.id, rail: "stripe", type: event.type, sessionId }) };
  } catch (err) {
    log.error({ err, eventId: event.id, type: event.type }, "Stripe event not applied; Stripe will retry");
    return { kind: "not_applied" };
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
