import Stripe from "stripe";
import { ApiError } from "@/lib/errors/api-error";
import type { CheckoutProvider, CheckoutSession, IntentStatus, NewCheckout } from "@/lib/payments/checkout/checkout-provider";

// Stripe Checkout behind the payment-link port. API version 2026-03-25 and later name the UI
// modes `hosted_page` / `embedded_page`; the spec's `hosted` / `embedded` map onto them.
// Orders use manual capture: the card is authorized at checkout and captured after screening.

const INTENT_STATUSES: readonly IntentStatus[] = ["requires_payment_method", "requires_capture", "succeeded", "canceled", "processing"];

export function stripeClient(secretKey: string, apiBase: string): Stripe {
  const base = new URL(apiBase);
  return new Stripe(secretKey, {
    host: base.hostname,
    port: base.port || (base.protocol === "http:" ? 80 : 443),
    protocol: base.protocol === "http:" ? "http" : "https",
    maxNetworkRetries: 2,
    timeout: 10_000,
    telemetry: false,
  });
}

export class StripeCheckout implements CheckoutProvider {
  readonly rail = "stripe" as const;
  constructor(private readonly stripe: Stripe) {}

  async createSession(input: NewCheckout): Promise<CheckoutSession> {
    const session = await this.call(() =>
      this.stripe.checkout.sessions.create(
        {
          mode: "payment",
          ui_mode: input.uiMode === "embedded" ? "embedded_page" : "hosted_page",
          line_items: [{ quantity: 1, price_data: { currency: "usd", unit_amount: input.amountCents, product_data: { name: input.description } } }],
          client_reference_id: input.reference,
          metadata: { reference: input.reference },
          payment_intent_data: { metadata: { reference: input.reference }, ...(input.capture === "manual" ? { capture_method: "manual" as const } : {}) },
          ...(input.email ? { customer_email: input.email } : {}),
          ...(input.uiMode === "embedded" ? { return_url: input.returnUrl } : { success_url: input.returnUrl }),
        },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    return toSession(session);
  }

  async readSession(id: string): Promise<CheckoutSession> {
    return toSession(await this.call(() => this.stripe.checkout.sessions.retrieve(id, { expand: ["payment_intent.latest_charge"] })));
  }

  async expireSession(id: string): Promise<void> {
    try {
      await this.call(() => this.stripe.checkout.sessions.expire(id));
    } catch (err) {
      // Only an open session can expire; one already paid or expired is the caller's to read.
      if (!(err instanceof Stripe.errors.StripeInvalidRequestError)) throw err;
    }
  }

  async capture(intentId: string, idempotencyKey: string): Promise<void> {
    await this.call(() => this.stripe.paymentIntents.capture(intentId, {}, { idempotencyKey }));
  }

  async cancelAuthorization(intentId: string, idempotencyKey: string): Promise<void> {
    await this.call(() => this.stripe.paymentIntents.cancel(intentId, {}, { idempotencyKey }));
  }

  async refund(intentId: string, idempotencyKey: string): Promise<void> {
    await this.call(() => this.stripe.refunds.create({ payment_intent: intentId }, { idempotencyKey }));
  }

  /** Stripe being unreachable or failing is a retryable 503; anything else is our bug and surfaces. */
  private async call<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      if (err instanceof Stripe.errors.StripeConnectionError || err instanceof Stripe.errors.StripeAPIError || err instanceof Stripe.errors.StripeRateLimitError) {
        throw new ApiError("payment_provider_unavailable", `Stripe could not be reached (${err.message}); nothing was charged.`, { headers: { "Retry-After": "5" } });
      }
      throw err;
    }
  }
}

function toSession(s: Stripe.Checkout.Session): CheckoutSession {
  const pi = s.payment_intent;
  const intent = pi && typeof pi === "object"
    ? { id: pi.id, status: intentStatus(pi.status), amountRefundedCents: refundedOf(pi) }
    : typeof pi === "string" ? { id: pi, status: "other" as const, amountRefundedCents: 0 } : null;
  return {
    id: s.id,
    status: s.status === "complete" ? "complete" : s.status === "expired" ? "expired" : "open",
    url: s.url ?? null,
    clientSecret: s.client_secret ?? null,
    amountCents: s.amount_total ?? 0,
    paymentIntent: intent,
  };
}

function intentStatus(status: string): IntentStatus {
  return (INTENT_STATUSES as readonly string[]).includes(status) ? (status as IntentStatus) : "other";
}

/** How much of the intent has been refunded, from its latest charge when Stripe expanded it. */
function refundedOf(pi: Stripe.PaymentIntent): number {
  const charge = pi.latest_charge;
  return charge && typeof charge === "object" ? charge.amount_refunded : 0;
}
