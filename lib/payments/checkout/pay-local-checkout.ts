import { z } from "zod";
import { db } from "@/lib/db";
import { randomToken } from "@/lib/ids";
import { ApiError } from "@/lib/errors/api-error";
import { localRailActive } from "@/lib/payments/checkout/checkout-provider-from-env";
import { handlePaymentEvent } from "@/lib/payments/checkout/handle-payment-event";
import { syncCheckout } from "@/lib/payments/checkout/sync-checkout";
import { log } from "@/lib/log";

// The payer's side of the local rail: the card form on /pay/<session> (hosted) or the embedded
// form (client secret) posts here. Only Stripe's documented test cards are accepted, so nobody
// types a real card number into a development checkout.

export const TEST_CARDS: Record<string, { outcome: "approved" } | { outcome: "declined"; reason: string }> = {
  "4242424242424242": { outcome: "approved" },
  "5555555555554444": { outcome: "approved" },
  "4000000000000002": { outcome: "declined", reason: "Your card was declined." },
  "4000000000009995": { outcome: "declined", reason: "Your card has insufficient funds." },
};

export const LocalPaymentSchema = z
  .strictObject({
    session_id: z.string().regex(/^cs_local_[a-z0-9]{24}$/, { error: "session_id is not a local checkout id" }).optional(),
    client_secret: z.string().regex(/^cs_local_[a-z0-9]{24}_secret_[a-z0-9]{24}$/, { error: "client_secret is not a local checkout client secret" }).optional(),
    card_number: z.string().transform((s) => s.replace(/[\s-]/g, "")).pipe(z.string().regex(/^\d{12,19}$/, { error: "card_number must be 12 to 19 digits" })),
    expiry: z.string().regex(/^(0[1-9]|1[0-2]) ?\/ ?(\d{2})$/, { error: "expiry must be MM/YY" }),
    cvc: z.string().regex(/^\d{3,4}$/, { error: "cvc must be 3 or 4 digits" }),
    name: z.string().max(120).optional(),
  })
  .refine((b) => Boolean(b.session_id) !== Boolean(b.client_secret), { error: "send exactly one of session_id (hosted page) or client_secret (embedded form)" });

export type LocalPayment = z.infer<typeof LocalPaymentSchema>;

/** Authorizes (orders) or charges (packs) a local checkout, then raises checkout.session.completed. */
export async function payLocalCheckout(input: LocalPayment): Promise<{ status: "ok"; return_url: string }> {
  if (!localRailActive()) throw new ApiError("checkout_not_found", "This deployment takes payments through Stripe; the local test rail is off.");
  const where = input.session_id ? { id: input.session_id } : { clientSecret: input.client_secret! };
  const checkout = await db().localCheckout.findUnique({ where });
  if (!checkout) throw new ApiError("checkout_not_found");
  if (checkout.status !== "open" || checkout.expiresAt <= new Date()) {
    throw new ApiError("checkout_closed", checkout.status === "complete" ? "This checkout is already paid." : "This checkout has expired; nothing was charged.");
  }
  const [, mm, yy] = input.expiry.match(/^(\d{2}) ?\/ ?(\d{2})$/)!;
  const now = new Date();
  if (2000 + Number(yy) < now.getUTCFullYear() || (2000 + Number(yy) === now.getUTCFullYear() && Number(mm) < now.getUTCMonth() + 1)) {
    throw new ApiError("validation_error", "The card has expired: check the expiry date (MM/YY).");
  }
  const card = TEST_CARDS[input.card_number];
  if (!card) throw new ApiError("card_declined", "The local test rail takes test cards only: use 4242 4242 4242 4242 with any future expiry and any CVC.");
  if (card.outcome === "declined") throw new ApiError("card_declined", `${card.reason} Nothing was charged.`);

  const { count } = await db().localCheckout.updateMany({
    where: { id: checkout.id, status: "open" },
    data: {
      status: "complete",
      intentStatus: checkout.captureMethod === "manual" ? "requires_capture" : "succeeded",
      cardLast4: input.card_number.slice(-4),
      updatedAt: new Date(),
    },
  });
  if (count !== 1) throw new ApiError("checkout_closed", "This checkout was paid or expired a moment ago.");
  // Exactly the path a Stripe webhook takes once its signature checks out. The payment itself
  // has succeeded; if applying it fails now, the worker's sweep applies it (as Stripe redelivers).
  try {
    await handlePaymentEvent({ id: `evt_local_${randomToken(24)}`, rail: "local", type: "checkout.session.completed", sessionId: checkout.id });
  } catch (err) {
    log.error({ err, sessionId: checkout.id }, "local payment taken but not yet applied; the worker retries");
  }
  return { status: "ok", return_url: checkout.successUrl.replace("{CHECKOUT_SESSION_ID}", checkout.id) };
}

/**
 * Worker sweep, the local rail's redelivery: sessions past their time expire and say so (like
 * Stripe's checkout.session.expired), and a paid or expired session whose payment still reads
 * open is applied again.
 */
export async function sweepLocalCheckouts(limit = 50): Promise<number> {
  const due = await db().localCheckout.findMany({ where: { status: "open", expiresAt: { lte: new Date() } }, take: limit, select: { id: true } });
  for (const { id } of due) {
    const { count } = await db().localCheckout.updateMany({ where: { id, status: "open" }, data: { status: "expired", updatedAt: new Date() } });
    if (count === 1) await handlePaymentEvent({ id: `evt_local_${randomToken(24)}`, rail: "local", type: "checkout.session.expired", sessionId: id });
  }
  const unapplied = await db().$queryRaw<{ id: string }[]>`
    SELECT c.id FROM local_checkouts c JOIN payments p ON p.checkout_session_id = c.id
    WHERE p.state = 'open' AND c.status <> 'open' LIMIT ${limit}`;
  for (const { id } of unapplied) await syncCheckout(id);
  return due.length + unapplied.length;
}
