import { encodePaymentResponseHeader } from "@x402/core/http";
import type { PaymentPayload, PaymentRequirements, SettleResponse } from "@x402/core/types";
import { z } from "zod";
import { Prisma, type X402Purchase } from "@/lib/generated/prisma/client";
import { db } from "@/lib/db";
import { ApiError } from "@/lib/http/api-error";
import type { Caller, RouteResult } from "@/lib/http/define-route";
import { throttle } from "@/lib/http/throttle";
import { log } from "@/lib/log";
import { mintCredit } from "@/lib/payments/credits";
import { readPaymentHeader } from "@/lib/payments/x402/payment-payload";
import { CREDIT_PACKS, CreditPackSchema, type CreditPackId } from "@/lib/payments/packs";
import { X402_NETWORKS } from "@/lib/payments/x402/networks";
import { UnreadablePayment, decodePayment, describeMismatch, eip3009Of, type Eip3009Payment } from "@/lib/payments/x402/payment-payload";
import { X402PaymentError, packRequirements, paymentRequiredFor } from "@/lib/payments/x402/requirements";
import { x402Server } from "@/lib/payments/x402/resource-server";
import { x402Settings, type X402Settings } from "@/lib/payments/x402/settings";
import { describeRefusal, settlePayment, verifyPayment } from "@/lib/payments/x402/verify-and-settle";

// POST /v1/x402/credits (spec 4.5): a credit pack bought with an x402 v2 payment. The first call
// gets a 402 challenge; the retry carries the signed payment, which the facilitator verifies and
// settles FIRST; only a seen settlement mints a code, in one transaction with its purchase row.
// A payment is known by its payer's authorization nonce (looked up before anything is settled)
// and by its transaction hash; both are unique, so a replayed payment answers the code it
// already bought (replayed: true, no settlement) and never mints a second one.

export const X402CreditsRequestSchema = z.strictObject({
  pack: CreditPackSchema,
  // Required by spec 4.5: where the buyer can be reached about the code (an agent gives its owner's).
  email: z.email({ error: (issue) => (issue.input === undefined ? "email is required: an address for the code's owner" : "email must be an e-mail address") }).max(254),
  sandbox: z.boolean({ error: "sandbox must be true or false" }).optional(),
});
export type X402CreditsRequest = z.infer<typeof X402CreditsRequestSchema>;

/** How long a refusal for a spent nonce waits for a parallel call's purchase of the same payment. */
const RACE_WAIT_MS = 2_000;

type PaymentKey = { network: string; asset: string; payer: string; nonce: string };

export async function buyCreditsWithX402(req: X402CreditsRequest, caller: Caller, headers: Headers): Promise<RouteResult> {
  await throttle("x402_credits", caller);
  // Sandbox takes no payment, so any payment header sent with it is ignored (and never charged).
  if (req.sandbox) return mintSandboxPack(req);
  if (caller.key?.mode === "test") {
    throw new ApiError("sandbox_only_key", "An ak_test_ key may only mint sandbox credit codes; nothing was charged.", { next: ["Set sandbox: true, or use an ak_live_ key."] });
  }

  // Read only now: a sandbox purchase ignores payment headers, however they disagree.
  const paymentHeader = readPaymentHeader(headers);
  const settings = x402Settings();
  const server = await x402Server(settings);
  const requirements = await packRequirements(server, settings, req.pack);
  const refuse = async (code: "payment_required" | "payment_invalid" | "payment_settlement_failed", reason: string, x402Error: string, headers?: Record<string, string>) =>
    new X402PaymentError(code, reason, await paymentRequiredFor(server, requirements, req.pack, x402Error), headers);
  const refused = (why: string) => `The payment was refused: ${why}. Nothing was charged or minted.`;

  if (!paymentHeader) {
    const price = (CREDIT_PACKS[req.pack].priceCents / 100).toFixed(2);
    throw await refuse(
      "payment_required",
      `The ${req.pack} pack costs $${price}: pay ${requirements.amount} USDC atomic units (6 decimals) on ${X402_NETWORKS[settings.network].label} (${settings.network}) to ${settings.payTo}, signed with an x402 v2 client. Nothing was charged yet.`,
      "Payment required",
    );
  }

  let read: { payload: PaymentPayload; matched: PaymentRequirements; payment: Eip3009Payment };
  try {
    const payload = decodePayment(paymentHeader);
    const matched = server.findMatchingRequirements([requirements], payload);
    if (!matched) throw new UnreadablePayment(describeMismatch(payload.accepted, requirements), "No matching payment requirements");
    read = { payload, matched, payment: eip3009Of(payload) };
  } catch (err) {
    if (err instanceof UnreadablePayment) throw await refuse("payment_invalid", refused(err.message), err.x402Error);
    throw err;
  }
  const { payload, matched, payment } = read;

  const key: PaymentKey = { network: settings.network, asset: settings.asset.toLowerCase(), payer: payment.payer, nonce: payment.nonce };
  // Before any facilitator call: the same signed payment again is a replay; another payment
  // reusing a nonce that already bought a code can never settle.
  const earlier = await findByNonce(key);
  if (earlier) {
    if (earlier.payloadHash === payment.payloadHash) return replayed(earlier);
    throw await refuse("payment_invalid", refused("its authorization nonce was already used by an earlier purchase; sign a new payment"), "invalid_exact_evm_nonce_already_used");
  }

  const verified = await verifyPayment(server, payload, matched);
  if (!verified.valid) {
    const raced = await mintedMeanwhile(key, payment, verified.reason);
    if (raced) return replayed(raced);
    throw await refuse("payment_invalid", refused(describeRefusal(verified.reason, verified.message, matched)), verified.reason);
  }

  const settled = await settlePayment(server, payload, matched);
  if (!settled.settled) {
    const raced = await mintedMeanwhile(key, payment, settled.result.errorReason ?? "");
    if (raced) return replayed(raced);
    const { errorReason, errorMessage } = settled.result;
    throw await refuse(
      "payment_settlement_failed",
      `The facilitator could not settle the payment (${errorReason ?? "no reason given"}${errorMessage ? `: ${errorMessage}` : ""}); nothing was minted.`,
      errorReason ?? "settlement_failed",
      { "PAYMENT-RESPONSE": encodePaymentResponseHeader(settled.result) },
    );
  }
  return mintPaidPack(req, settings, key, payment, matched, settled.result);
}

async function mintPaidPack(req: X402CreditsRequest, settings: X402Settings, key: PaymentKey, payment: Eip3009Payment, requirements: PaymentRequirements, settlement: SettleResponse): Promise<RouteResult> {
  const pack = CREDIT_PACKS[req.pack];
  const txHash = settlement.transaction.toLowerCase();
  try {
    const credit = await db().$transaction(async (tx) => {
      const minted = await mintCredit(
        { faceCents: pack.faceCents, bonusCents: pack.bonusCents, source: "x402", email: req.email ?? null, note: `${req.pack} pack, x402 ${settings.network} ${txHash}` },
        tx,
      );
      await tx.x402Purchase.create({
        data: {
          creditCode: minted.code, pack: req.pack, sandbox: false, ...key, payTo: requirements.payTo.toLowerCase(),
          amount: requirements.amount, txHash, payloadHash: payment.payloadHash, email: req.email ?? null,
        },
      });
      return minted;
    });
    // The code is a bearer credential: only its last group goes to the logs.
    log.info({ codeHint: credit.code.slice(-4), pack: req.pack, network: settings.network, txHash, payer: key.payer }, "x402 credit pack minted");
    return {
      http: 201,
      body: purchaseBody({ code: credit.code, pack: req.pack, faceCents: credit.faceCents, bonusCents: credit.bonusCents, sandbox: false, replayed: false, settlement: { network: settings.network, tx_hash: txHash } }),
      headers: { "PAYMENT-RESPONSE": encodePaymentResponseHeader(settlement) },
    };
  } catch (err) {
    if (!(err instanceof Prisma.PrismaClientKnownRequestError && err.code === "P2002")) throw err;
    // Someone minted for this payment (same nonce) or this transaction first: the one code stands.
    const existing = (await findByNonce(key)) ?? (await db().x402Purchase.findFirst({ where: { network: settings.network, txHash } }));
    if (existing && existing.payer === key.payer && existing.nonce === key.nonce) return replayed(existing);
    log.error({ txHash, network: settings.network, payer: key.payer }, "x402 facilitator reported a transaction that already paid for another code");
    throw new ApiError("internal_error", `The facilitator reported transaction ${txHash}, which already paid for another credit code; no code was minted for this payment.`, {
      next: ["Report it with POST /v1/feedback, quoting the transaction hash."],
    });
  }
}

async function mintSandboxPack(req: X402CreditsRequest): Promise<RouteResult> {
  const pack = CREDIT_PACKS[req.pack];
  const credit = await db().$transaction(async (tx) => {
    const minted = await mintCredit({ faceCents: pack.faceCents, bonusCents: pack.bonusCents, source: "x402_sandbox", email: req.email ?? null, note: `${req.pack} pack, x402 sandbox (no payment)` }, tx);
    await tx.x402Purchase.create({ data: { creditCode: minted.code, pack: req.pack, sandbox: true, email: req.email ?? null } });
    return minted;
  });
  return { http: 201, body: purchaseBody({ code: credit.code, pack: req.pack, faceCents: credit.faceCents, bonusCents: credit.bonusCents, sandbox: true, replayed: false }) };
}

function findByNonce(key: PaymentKey): Promise<X402Purchase | null> {
  return db().x402Purchase.findFirst({ where: key });
}

/**
 * The same signed payment sent twice at once: the facilitator refuses the second call because
 * the first spent the nonce, which it is about to record. When the refusal says so, wait a
 * moment for that purchase and answer it instead; a nonce spent elsewhere stays refused.
 */
async function mintedMeanwhile(key: PaymentKey, payment: Eip3009Payment, refusal: string): Promise<X402Purchase | null> {
  const deadline = Date.now() + (/nonce/i.test(refusal) ? RACE_WAIT_MS : 0);
  for (;;) {
    const row = await findByNonce(key);
    if (row) return row.payloadHash === payment.payloadHash ? row : null;
    if (Date.now() >= deadline) return null;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The code a payment already bought, as it was granted; no settlement, nothing charged again. */
async function replayed(purchase: X402Purchase): Promise<RouteResult> {
  const grant = await db().creditLedger.findFirst({ where: { code: purchase.creditCode, kind: "grant" }, orderBy: { id: "asc" } });
  return {
    http: 200,
    body: purchaseBody({
      code: purchase.creditCode, pack: purchase.pack as CreditPackId, faceCents: grant?.faceCents ?? 0, bonusCents: grant?.bonusCents ?? 0,
      sandbox: purchase.sandbox, replayed: true,
    }),
  };
}

function purchaseBody(p: { code: string; pack: CreditPackId; faceCents: number; bonusCents: number; sandbox: boolean; replayed: boolean; settlement?: { network: string; tx_hash: string } }) {
  return {
    status: "ok",
    credit_code: p.code,
    pack: p.pack,
    face_cents: p.faceCents,
    bonus_cents: p.bonusCents,
    ...(p.settlement ? { settlement: p.settlement } : {}),
    sandbox: p.sandbox,
    replayed: p.replayed,
    next: [`Pay for letters with credit_code ${p.code} on POST /v1/orders.`, `GET /v1/credits/${p.code} shows the balance.`],
  };
}
