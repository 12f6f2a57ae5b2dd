import { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/db";
import type { CheckoutRail } from "@/lib/payments/checkout/checkout-provider";
import { syncCheckout } from "@/lib/payments/checkout/sync-checkout";

export type PaymentEvent = { id: string; rail: CheckoutRail; type: string; sessionId: string | null };

/**
 * The one way a payment event enters the service: Stripe webhooks (after their signature is
 * checked) and the local rail's pay button both end here. Each event id is handled once; an
 * event that failed half-way is handled again when it is redelivered, which is safe because
 * syncCheckout converges. Throws when the work failed, so the sender retries.
 */
export async function handlePaymentEvent(event: PaymentEvent): Promise<"handled" | "duplicate" | "ignored"> {
  try {
    await db().paymentEvent.create({ data: { id: event.id, rail: event.rail, type: event.type } });
  } catch (err) {
    if (!(err instanceof Prisma.PrismaClientKnownRequestError && err.code === "P2002")) throw err;
    const seen = await db().paymentEvent.findUnique({ where: { id: event.id } });
    if (seen?.processedAt) return "duplicate";
  }
  if (event.sessionId) await syncCheckout(event.sessionId);
  await db().paymentEvent.update({ where: { id: event.id }, data: { processedAt: new Date() } });
  return event.sessionId ? "handled" : "ignored";
}
