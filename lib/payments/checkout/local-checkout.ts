import { Prisma } from "@/lib/generated/prisma/client";
import type { LocalCheckout as LocalCheckoutRow } from "@/lib/generated/prisma/client";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { randomToken } from "@/lib/ids";
import type { CheckoutProvider, CheckoutSession, IntentStatus, NewCheckout } from "@/lib/payments/checkout/checkout-provider";

// The local payment rail: what runs when no Stripe key is configured. It keeps its sessions in
// our database the way Stripe keeps them on its side, its hosted page is /pay/<session id>,
// and paying there raises the same event a Stripe webhook would. No money ever moves; the
// configuration refuses it in production.

const SESSION_LIFETIME_MS = 24 * 60 * 60 * 1000; // Stripe's default for Checkout Sessions

export class LocalCheckout implements CheckoutProvider {
  readonly rail = "local" as const;

  async createSession(input: NewCheckout): Promise<CheckoutSession> {
    const existing = await db().localCheckout.findUnique({ where: { idempotencyKey: input.idempotencyKey } });
    if (existing) return toSession(existing);
    const id = `cs_local_${randomToken(24)}`;
    try {
      const row = await db().localCheckout.create({
        data: {
          id,
          clientSecret: `${id}_secret_${randomToken(24)}`,
          idempotencyKey: input.idempotencyKey,
          paymentIntentId: `pi_local_${randomToken(24)}`,
          reference: input.reference,
          description: input.description,
          amountCents: input.amountCents,
          uiMode: input.uiMode,
          captureMethod: input.capture,
          status: "open",
          intentStatus: "requires_payment_method",
          email: input.email,
          successUrl: input.returnUrl,
          expiresAt: new Date(Date.now() + SESSION_LIFETIME_MS),
        },
      });
      return toSession(row);
    } catch (err) {
      // Two requests with one idempotency key raced; both answer with the winner's session.
      if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === "P2002") {
        return toSession(await db().localCheckout.findUniqueOrThrow({ where: { idempotencyKey: input.idempotencyKey } }));
      }
      throw err;
    }
  }

  async readSession(id: string): Promise<CheckoutSession> {
    return toSession(await db().localCheckout.findUniqueOrThrow({ where: { id } }));
  }

  async expireSession(id: string): Promise<void> {
    await db().localCheckout.updateMany({ where: { id, status: "open" }, data: { status: "expired", updatedAt: new Date() } });
  }

  async capture(intentId: string): Promise<void> {
    await this.moveIntent(intentId, ["requires_capture"], "succeeded");
  }

  async cancelAuthorization(intentId: string): Promise<void> {
    await this.moveIntent(intentId, ["requires_payment_method", "requires_capture"], "canceled");
  }

  async refund(intentId: string): Promise<void> {
    const row = await db().localCheckout.findUniqueOrThrow({ where: { paymentIntentId: intentId } });
    if (row.intentStatus !== "succeeded") throw new Error(`local rail: ${intentId} is ${row.intentStatus}; only a captured payment can be refunded`);
    await db().localCheckout.update({ where: { paymentIntentId: intentId }, data: { amountRefundedCents: row.amountCents, updatedAt: new Date() } });
  }

  /** Like Stripe: repeating a move already made succeeds; a move from any other state is an error. */
  private async moveIntent(intentId: string, from: IntentStatus[], to: IntentStatus): Promise<void> {
    const { count } = await db().localCheckout.updateMany({ where: { paymentIntentId: intentId, intentStatus: { in: from } }, data: { intentStatus: to, updatedAt: new Date() } });
    if (count === 1) return;
    const row = await db().localCheckout.findUniqueOrThrow({ where: { paymentIntentId: intentId } });
    if (row.intentStatus !== to) throw new Error(`local rail: ${intentId} is ${row.intentStatus} and cannot become ${to}`);
  }
}

export function localCheckoutUrl(sessionId: string): string {
  return `${env().PUBLIC_BASE_URL}/pay/${sessionId}`;
}

function toSession(row: LocalCheckoutRow): CheckoutSession {
  const open = row.status === "open" && row.expiresAt > new Date();
  return {
    id: row.id,
    // A session past its time reads as expired even before the sweep records it.
    status: row.status === "open" && !open ? "expired" : (row.status as CheckoutSession["status"]),
    url: row.uiMode === "hosted" && open ? localCheckoutUrl(row.id) : null,
    clientSecret: row.uiMode === "embedded" && open ? row.clientSecret : null,
    amountCents: row.amountCents,
    paymentIntent: row.status === "open" ? null : { id: row.paymentIntentId, status: row.intentStatus as IntentStatus, amountRefundedCents: row.amountRefundedCents },
  };
}
