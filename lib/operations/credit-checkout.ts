import { z } from "zod";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { newPaymentId } from "@/lib/ids";
import { ApiError } from "@/lib/errors/api-error";
import type { Caller } from "@/lib/auth/caller";
import { claimIdempotencyKey, completeIdempotencyKey, hashRequest, releaseIdempotencyKey, type IdempotencyScope } from "@/lib/http/idempotency";
import { throttle } from "@/lib/http/throttle";
import type { CheckoutRail, CheckoutUiMode } from "@/lib/payments/checkout/checkout-provider";
import { readCreditBalance } from "@/lib/payments/credits/credits";
import { openCheckout, paymentNext, paymentStepFields } from "@/lib/payments/checkout/open-payment-link";
import { dollars } from "@/lib/text/dollars";
import { CREDIT_PACKS, CreditPackSchema, type CreditPackId } from "@/lib/payments/credits/packs";

// The operations behind POST and GET /v1/credits/checkout (and the credits page's form): buying
// a credit pack through a payment link. Packs are charged at checkout (automatic capture: there
// is no letter to screen); the code is minted once the payment succeeds and shown by
// GET /v1/credits/checkout/{id} and the return page.

export const CreditCheckoutRequestSchema = z.strictObject({
  pack: CreditPackSchema,
  email: z.email({ error: "email must be an e-mail address" }).max(254).optional(),
  checkout_ui_mode: z.enum(["hosted", "embedded"], { error: "checkout_ui_mode must be hosted or embedded" }).optional(),
});
export type CreditCheckoutRequest = z.infer<typeof CreditCheckoutRequestSchema>;

export const CreditCheckoutIdSchema = z.object({
  id: z.string().regex(/^pay_[a-z0-9]{24}$/, { error: "id must be the checkout id returned by POST /v1/credits/checkout (pay_...)" }),
});

type Body = Record<string, unknown>;

/** What starting a credit checkout did. */
export type CreditCheckoutOutcome =
  /** A checkout opened now: the answer, with the payment step (hosted: its URL). */
  | { kind: "opened"; body: Body; paymentUrl: string | null }
  /** An Idempotency-Key's stored answer (without the payment URL or secret, spec 3). */
  | { kind: "replayed"; body: Body };

export async function startCreditCheckout(req: CreditCheckoutRequest, caller: Caller, idempotencyKey: string | null): Promise<CreditCheckoutOutcome> {
  // A pack is real money and there are no sandbox packs: an ak_test_ key never opens one.
  if (caller.key?.mode === "test") {
    throw new ApiError("sandbox_only_key", "An ak_test_ key cannot buy a credit pack: packs are charged in real money. Nothing was charged.", { next: ["Use an ak_live_ key, or no key, to buy a pack; test with sandbox orders, which need no credit."] });
  }
  await throttle("credits_checkout", caller);
  const idem: IdempotencyScope | null = idempotencyKey
    ? { scope: `credits:${caller.key?.id ?? "anonymous"}`, key: idempotencyKey, requestHash: hashRequest(req) }
    : null;
  if (idem) {
    const claim = await claimIdempotencyKey(idem);
    if (claim.kind === "replay") return { kind: "replayed", body: claim.body };
  }
  try {
    const pack = CREDIT_PACKS[req.pack];
    const uiMode = req.checkout_ui_mode ?? "hosted";
    const id = newPaymentId();
    const { rail, session } = await openCheckout({
      reference: id,
      amountCents: pack.priceCents,
      description: `Mail credit, ${pack.label}`,
      uiMode,
      capture: "automatic",
      email: req.email ?? null,
      idempotencyKey: `pack-${id}`,
    });
    const stored = {
      status: "action_required",
      reason: `Pay ${dollars(pack.priceCents)} for the ${req.pack} pack; the credit code is shown once the payment succeeds.`,
      next: [`Poll GET /v1/credits/checkout/${id} (or open the return page after paying) to get the credit code.`],
      checkout_ui_mode: uiMode,
      checkout: checkoutSummary(id, req.pack, "open"),
      status_url: `${env().PUBLIC_BASE_URL}/v1/credits/checkout/${id}`,
      replayed: false,
    };
    await db().$transaction(async (tx) => {
      await tx.payment.create({
        data: {
          id, purpose: "credit_pack", pack: req.pack, email: req.email ?? null, rail, uiMode, amountCents: pack.priceCents,
          state: "open", checkoutSessionId: session.id, checkoutUrl: session.url, clientSecret: session.clientSecret,
        },
      });
      // The stored replay, like an order's, never carries the payment URL or secret.
      if (idem) await completeIdempotencyKey(tx, idem, { status: 201, body: stored, orderId: null });
    });
    return {
      kind: "opened",
      body: { ...stored, ...paymentStepFields(uiMode, session.url, session.clientSecret), next: [paymentNext(rail, uiMode, session.clientSecret), ...stored.next] },
      paymentUrl: uiMode === "hosted" ? session.url : null,
    };
  } catch (err) {
    if (idem) await releaseIdempotencyKey(idem).catch(() => {});
    throw err;
  }
}

/** GET /v1/credits/checkout/{id}: the payment step while open, the minted code once paid. */
export async function readCreditCheckout(id: string) {
  const payment = await db().payment.findUnique({ where: { id } });
  if (!payment || payment.purpose !== "credit_pack") throw new ApiError("checkout_not_found");
  const pack = payment.pack as CreditPackId;
  if (payment.creditCode) {
    return { status: "ok", checkout: checkoutSummary(id, pack, "paid"), credit: await readCreditBalance(payment.creditCode).then(({ status: _s, ...b }) => b) };
  }
  if (payment.state === "open") {
    const uiMode = payment.uiMode as CheckoutUiMode;
    return {
      status: "action_required",
      reason: `The ${pack} pack is not paid yet.`,
      next: [paymentNext(payment.rail as CheckoutRail, uiMode, payment.clientSecret), "Poll this URL again after paying."],
      checkout: checkoutSummary(id, pack, "open"),
      ...paymentStepFields(uiMode, payment.checkoutUrl, payment.clientSecret),
    };
  }
  if (payment.state === "captured") {
    // Paid a moment ago; the code is being minted.
    return { status: "action_required", reason: "The payment succeeded and the code is being minted.", next: ["Poll again in a second."], checkout: checkoutSummary(id, pack, "paid") };
  }
  return { status: "ok", checkout: checkoutSummary(id, pack, "expired"), next: ["The checkout closed unpaid; start a new one with POST /v1/credits/checkout."] };
}

function checkoutSummary(id: string, pack: CreditPackId, state: "open" | "paid" | "expired") {
  const p = CREDIT_PACKS[pack];
  return { id, pack, state, price_cents: p.priceCents, face_cents: p.faceCents, bonus_cents: p.bonusCents };
}
