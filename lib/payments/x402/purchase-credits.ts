import { encodePaymentResponseHeader } from "@x402/core/http";
import type { PaymentPayload, PaymentRequirements, SettleResponse } from "@x402/core/types";
import { z } from "zod";
import type { X402Purchase } from "@/lib/generated/prisma/client";
import { db } from "@/lib/db";
import { ApiError } from "@/lib/errors/api-error";
import type { Caller } from "@/lib/auth/caller";
import { mintCredit } from "@/lib/payments/credits/credits";
import { readPaymentHeader } from "@/lib/payments/x402/payment-payload";
import { CREDIT_PACKS, CreditPackSchema, type CreditPackId } from "@/lib/payments/credits/packs";
import { X402_NETWORKS } from "@/lib/x402-networks";
import { UnreadablePayment, decodePayment, describeMismatch, eip3009Of, type Eip3009Payment } from "@/lib/payments/x402/payment-payload";
import { X402PaymentError, packRequirements, paymentRequiredFor } from "@/lib/payments/x402/requirements";
import { x402Server } from "@/lib/payments/x402/resource-server";
import { x402Settings } from "@/lib/payments/x402/settings";
import { claimSettlingPurchase, openSettlingPurchase, settleClaimedPurchase, type PaymentToSettle, type SettleAttempt } from "@/lib/payments/x402/settle-purchase";
import { NONCE_ALREADY_USED, describeRefusal, settlementUnanswered, verifyPayment } from "@/lib/payments/x402/verify-and-settle";
import { dollars } from "@/lib/text/dollars";

// POST /v1/x402/credits (spec 4.5): a credit pack bought with an x402 v2 payment. The first call
// gets a 402 challenge; the retry carries the signed payment, which the facilitator verifies;
// then its purchase row is written (`settling`, unique on the payer's authorization nonce) and
// only the call that wrote it asks the facilitator to settle. A settlement mints the code in the
// transaction that marks the row `settled` (lib/payments/x402/settle-purchase.ts). The same
// payment sent again answers the code it bought (replayed: true, no settlement), waits for a
// call still settling it, or finishes a settlement whose answer was lost; it never mints twice.

export const X402CreditsRequestSchema = z.strictObject({
  pack: CreditPackSchema,
  // Required by spec 4.5: where the buyer can be reached about the code (an agent gives its owner's).
  email: z.email({ error: (issue) => (issue.input === undefined ? "email is required: an address for the code's owner" : "email must be an e-mail address") }).max(254),
  sandbox: z.boolean({ error: "sandbox must be true or false" }).optional(),
});
export type X402CreditsRequest = z.infer<typeof X402CreditsRequestSchema>;

/**
 * What a purchase comes to: a code minted now (a sandbox pack, or a payment settled by this
 * call), or the code this very payment bought earlier. A refusal is thrown (X402PaymentError with
 * the challenge, or ApiError). lib/http/present-outcomes.ts writes the HTTP answer.
 */
export type X402PurchaseOutcome = {
  kind: "minted" | "replayed";
  code: string;
  pack: CreditPackId;
  faceCents: number;
  bonusCents: number;
  sandbox: boolean;
  /** Where a paid purchase settled; `receipt` is the facilitator's answer when it gave one. */
  settlement?: { network: string; txHash: string | null; receipt: SettleResponse | null };
};

/** How long a call waits for a parallel call settling the same payment before answering payment_in_progress. */
const RACE_WAIT_MS = 5_000;

type PaymentKey = { network: string; asset: string; payer: string; nonce: string };

export async function buyCreditsWithX402(req: X402CreditsRequest, caller: Caller, headers: Headers): Promise<X402PurchaseOutcome> {
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
    throw await refuse(
      "payment_required",
      `The ${req.pack} pack costs ${dollars(CREDIT_PACKS[req.pack].priceCents)}: pay ${requirements.amount} USDC atomic units (6 decimals) on ${X402_NETWORKS[settings.network].label} (${settings.network}) to ${settings.payTo}, signed with an x402 v2 client. Nothing was charged yet.`,
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
  const toSettle: PaymentToSettle = { payload, requirements: matched };
  const settle = (purchase: X402Purchase) => answerSettleAttempt(settleClaimedPurchase(server, purchase, toSettle), refuse, settings.network);
  // Before any facilitator call: the same signed payment again is a replay (or a settlement
  // still open); another payment reusing a nonce that already bought a code can never settle.
  const follow = async (earlier: X402Purchase): Promise<X402PurchaseOutcome> => {
    if (earlier.payloadHash !== payment.payloadHash) {
      throw await refuse("payment_invalid", refused("its authorization nonce was already used by an earlier purchase; sign a new payment"), NONCE_ALREADY_USED);
    }
    return followSettling(earlier, settle);
  };
  const earlier = await findByNonce(key);
  if (earlier) return follow(earlier);

  const verified = await verifyPayment(server, payload, matched);
  if (!verified.valid) {
    // A parallel call of the same payment may have settled it meanwhile, spending the nonce.
    const raced = await findByNonce(key);
    if (raced) return follow(raced);
    throw await refuse("payment_invalid", refused(describeRefusal(verified.reason, verified.message, matched)), verified.reason);
  }

  const opened = await openSettlingPurchase({ pack: req.pack, email: req.email ?? null, key, payment, toSettle });
  if (!opened) {
    // A parallel call of the same payment wrote it first (and may already have finished).
    const raced = await findByNonce(key);
    if (raced) return follow(raced);
    throw settlementOpen("another call was settling it and has just ended; send it again to learn the outcome");
  }
  return settle(opened);
}

type Refuse = (code: "payment_settlement_failed", reason: string, x402Error: string, headers?: Record<string, string>) => Promise<X402PaymentError>;

/** What one settle attempt of a purchase this call holds comes to. */
async function answerSettleAttempt(attempt: Promise<SettleAttempt>, refuse: Refuse, network: string): Promise<X402PurchaseOutcome> {
  const done = await attempt;
  switch (done.kind) {
    case "minted": {
      const { credit, txHash, receipt, purchase } = done;
      return {
        kind: "minted", code: credit.code, pack: purchase.pack as CreditPackId, faceCents: credit.faceCents, bonusCents: credit.bonusCents, sandbox: false,
        // A settlement found after a lost answer has no facilitator receipt to pass on.
        settlement: { network, txHash, receipt },
      };
    }
    case "already_settled":
      return replayed(done.purchase);
    case "refused": {
      const { errorReason, errorMessage } = done.result;
      throw await refuse(
        "payment_settlement_failed",
        `The facilitator could not settle the payment (${errorReason ?? "no reason given"}${errorMessage ? `: ${errorMessage}` : ""}); nothing was minted.`,
        errorReason ?? "settlement_failed",
        { "PAYMENT-RESPONSE": encodePaymentResponseHeader(done.result) },
      );
    }
    case "open":
      if (done.why === "unanswered") throw settlementUnanswered();
      throw settlementOpen(done.why === "pending" ? `its transfer ${done.detail} was sent and is not confirmed yet` : `whether it went through needs a look at the chain, which an operator has been shown (${done.detail})`);
  }
}

/**
 * A purchase of this very payment already exists: answer its code once it is settled. While
 * another call holds it, wait a moment for that call's outcome; once nobody holds it (its last
 * attempt ended without an outcome), take it and settle it again.
 */
async function followSettling(purchase: X402Purchase, settle: (p: X402Purchase) => Promise<X402PurchaseOutcome>): Promise<X402PurchaseOutcome> {
  const deadline = Date.now() + RACE_WAIT_MS;
  let row: X402Purchase | null = purchase;
  for (;;) {
    if (!row) throw settlementOpen("another call was settling it and has just ended; send it again to learn the outcome");
    if (row.state === "settled") return replayed(row);
    const claimed = await claimSettlingPurchase(row.id);
    if (claimed) return settle(claimed);
    if (Date.now() >= deadline) throw settlementOpen("another call is settling it right now");
    await new Promise((resolve) => setTimeout(resolve, 100));
    row = await db().x402Purchase.findUnique({ where: { id: row.id } });
  }
}

function settlementOpen(why: string): ApiError {
  return new ApiError("payment_in_progress", `This payment is still being settled: ${why}. No code was minted twice and nothing is charged twice.`, { headers: { "Retry-After": "5" } });
}

async function mintSandboxPack(req: X402CreditsRequest): Promise<X402PurchaseOutcome> {
  const pack = CREDIT_PACKS[req.pack];
  const credit = await db().$transaction(async (tx) => {
    const minted = await mintCredit({ faceCents: pack.faceCents, bonusCents: pack.bonusCents, source: "x402_sandbox", email: req.email ?? null, note: `${req.pack} pack, x402 sandbox (no payment)` }, tx);
    await tx.x402Purchase.create({ data: { creditCode: minted.code, pack: req.pack, sandbox: true, email: req.email ?? null } });
    return minted;
  });
  return { kind: "minted", code: credit.code, pack: req.pack, faceCents: credit.faceCents, bonusCents: credit.bonusCents, sandbox: true };
}

function findByNonce(key: PaymentKey): Promise<X402Purchase | null> {
  return db().x402Purchase.findFirst({ where: key });
}

/** The code a (settled) payment already bought, as it was granted; no settlement, nothing charged again. */
async function replayed(purchase: X402Purchase): Promise<X402PurchaseOutcome> {
  const code = purchase.creditCode!;
  const grant = await db().creditLedger.findFirst({ where: { code, kind: "grant" }, orderBy: { id: "asc" } });
  return { kind: "replayed", code, pack: purchase.pack as CreditPackId, faceCents: grant?.faceCents ?? 0, bonusCents: grant?.bonusCents ?? 0, sandbox: purchase.sandbox };
}
