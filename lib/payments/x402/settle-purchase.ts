import type { x402ResourceServer } from "@x402/core/server";
import type { PaymentPayload, PaymentRequirements, SettleResponse } from "@x402/core/types";
import { Prisma, type X402Purchase } from "@/lib/generated/prisma/client";
import { db } from "@/lib/db";
import { ApiError } from "@/lib/errors/api-error";
import { log } from "@/lib/log";
import { paymentEvents } from "@/lib/metrics/metrics";
import { mintCredit, type CreditBalance } from "@/lib/payments/credits/credits";
import { CREDIT_PACKS, type CreditPackId } from "@/lib/payments/credits/packs";
import type { Eip3009Payment } from "@/lib/payments/x402/payment-payload";
import { AUTHORIZATION_EXPIRED, NONCE_ALREADY_USED, settlePayment } from "@/lib/payments/x402/verify-and-settle";

// A paid x402 purchase is written as a `settling` row BEFORE the facilitator is asked to settle
// it, unique on the payer's authorization nonce. Whoever holds the row's lease (the request that
// wrote it, a retry of the same payment, or the worker's sweep) is the only one settling it;
// the row turns `settled` in the transaction that mints its code. A settle left without an
// answer, or a mint that failed after the settlement, leaves the row `settling` with its lease
// released, and the next attempt asks the facilitator again with the same signed payload.
//
// What a facilitator answers to an authorization it already settled (read in
// node_modules/@x402/evm/dist/cjs/exact/facilitator/index.js, settleEIP3009, v2.27): it keeps a
// transaction only while it is unconfirmed (`settlement_pending`, in a store keyed by the
// signature) and then answers it again; otherwise it re-runs the checks and executes
// transferWithAuthorization, which the token refuses (authorization used), answered as
// `invalid_exact_evm_nonce_already_used` with no transaction. No facilitator call looks a
// settlement up by nonce (FacilitatorClient has verify, settle and getSupported only), and we
// read no chain. So after an attempt whose answer we never saw, "nonce already used" for the
// very payload we hold is taken as our own transfer (the signed authorization can only move
// `value` from the payer to our payTo): the code is minted, with the transaction hash when an
// earlier answer gave one and without it otherwise. The one other way a nonce gets spent is
// the payer cancelling the authorization (EIP-3009 cancelAuthorization), which the facilitator
// reports alike; that needs the payer to race our own settle while its answer is lost.

/** How long a claim holds a settling purchase: a facilitator call (30 s, repeated once by @x402/core while pending) and the mint. */
export const SETTLE_LEASE_MS = 90_000;

export type PaymentToSettle = { payload: PaymentPayload; requirements: PaymentRequirements };

export type SettleAttempt =
  /** Settled now: the code was minted (`receipt` is the facilitator's answer when it gave one). */
  | { kind: "minted"; purchase: X402Purchase; credit: CreditBalance; txHash: string | null; receipt: SettleResponse | null }
  /** Another attempt minted its code first. */
  | { kind: "already_settled"; purchase: X402Purchase }
  /** The facilitator refused it: nothing moved; the row is gone. */
  | { kind: "refused"; result: SettleResponse }
  /** Still open (row kept): the transfer is unconfirmed, the facilitator did not answer, or it can no longer tell. */
  | { kind: "open"; why: "pending" | "unanswered" | "undecidable"; detail: string };

const leaseEnd = () => new Date(Date.now() + SETTLE_LEASE_MS);

/** The authorization's validBefore as a date (clamped: a signer may put any uint256 there). */
function validBeforeOf(payload: PaymentPayload): Date | null {
  const raw = (payload.payload as { authorization?: { validBefore?: string } }).authorization?.validBefore;
  if (!raw || !/^\d+$/.test(raw)) return null;
  return new Date(Math.min(Number(raw), 253_402_300_799) * 1000);
}

/**
 * Writes the settling row of a verified payment and holds its lease. Null when the payment
 * already has a row: a parallel call of the same payment wrote it first.
 */
export async function openSettlingPurchase(input: {
  pack: CreditPackId;
  email: string | null;
  key: { network: string; asset: string; payer: string; nonce: string };
  payment: Eip3009Payment;
  toSettle: PaymentToSettle;
}): Promise<X402Purchase | null> {
  const { payload, requirements } = input.toSettle;
  try {
    return await db().x402Purchase.create({
      data: {
        state: "settling", pack: input.pack, sandbox: false, ...input.key, payTo: requirements.payTo.toLowerCase(), amount: requirements.amount,
        payloadHash: input.payment.payloadHash, paymentPayload: payload as unknown as Prisma.InputJsonValue,
        paymentRequirements: requirements as unknown as Prisma.InputJsonValue, validBefore: validBeforeOf(payload), email: input.email,
        settleAttempts: 1, leaseUntil: leaseEnd(),
      },
    });
  } catch (err) {
    if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === "P2002") return null;
    throw err;
  }
}

/**
 * Takes a settling purchase nobody holds (its last attempt ended without an outcome, or its
 * holder died). Null when another call holds it or it is no longer settling.
 */
export async function claimSettlingPurchase(id: bigint): Promise<X402Purchase | null> {
  const now = new Date();
  const taken = await db().x402Purchase.updateMany({
    where: { id, state: "settling", OR: [{ leaseUntil: null }, { leaseUntil: { lt: now } }] },
    data: { leaseUntil: leaseEnd(), settleAttempts: { increment: 1 } },
  });
  return taken.count === 1 ? db().x402Purchase.findUnique({ where: { id } }) : null;
}

/** Asks the facilitator to settle a purchase this call holds, and records what came of it. */
export async function settleClaimedPurchase(server: x402ResourceServer, purchase: X402Purchase, toSettle: PaymentToSettle): Promise<SettleAttempt> {
  // Only a row whose earlier attempt ended without an outcome survives to a second attempt
  // (a refusal deletes it, a settlement settles it).
  const earlierUnanswered = purchase.settleAttempts > 1;
  const outcome = await settlePayment(server, toSettle.payload, toSettle.requirements);
  switch (outcome.kind) {
    case "settled":
      return mintSettled(purchase, outcome.result.transaction.toLowerCase(), outcome.result);
    case "pending": {
      const txHash = outcome.result.transaction.toLowerCase();
      await release(purchase, { txHash, lastError: `settlement pending: transaction ${txHash} sent, not yet confirmed` });
      return { kind: "open", why: "pending", detail: txHash };
    }
    case "unknown":
      await release(purchase, { lastError: `settle unanswered: ${outcome.error}` });
      return { kind: "open", why: "unanswered", detail: outcome.error };
    case "refused": {
      const reason = outcome.result.errorReason ?? "settlement_failed";
      if (earlierUnanswered && reason === NONCE_ALREADY_USED) {
        log.warn({ purchase: String(purchase.id), payer: purchase.payer, nonce: purchase.nonce, txHash: purchase.txHash }, "x402 settlement found spent after an unanswered attempt; minting its code");
        return mintSettled(purchase, purchase.txHash, null);
      }
      // Past its validBefore the facilitator refuses the authorization before it looks at the
      // nonce; and a transaction of ours already sent may still land. Either way we cannot tell
      // whether it moved: the row stays for an operator (/ops/logs) to check the chain.
      if (earlierUnanswered && (reason === AUTHORIZATION_EXPIRED || purchase.txHash)) {
        const detail = `after an unanswered attempt the facilitator answers ${reason}; check nonce ${purchase.nonce} of ${purchase.payer} on ${purchase.network}`;
        await release(purchase, { lastError: detail });
        log.error({ purchase: String(purchase.id), payer: purchase.payer, nonce: purchase.nonce, reason }, "x402 purchase cannot be settled or refused without a look at the chain");
        return { kind: "open", why: "undecidable", detail };
      }
      await db().x402Purchase.deleteMany({ where: { id: purchase.id, state: "settling" } });
      return { kind: "refused", result: outcome.result };
    }
  }
}

/** A settling purchase's code, minted in the transaction that marks it settled. */
async function mintSettled(purchase: X402Purchase, txHash: string | null, receipt: SettleResponse | null): Promise<SettleAttempt> {
  const pack = CREDIT_PACKS[purchase.pack as CreditPackId];
  try {
    const credit = await db().$transaction(async (tx) => {
      const minted = await mintCredit(
        { faceCents: pack.faceCents, bonusCents: pack.bonusCents, source: "x402", email: purchase.email, note: `${purchase.pack} pack, x402 ${purchase.network} ${txHash ?? `nonce ${purchase.nonce}`}` },
        tx,
      );
      const settled = await tx.x402Purchase.updateMany({
        where: { id: purchase.id, state: "settling" },
        data: { state: "settled", creditCode: minted.code, txHash, leaseUntil: null, lastError: null },
      });
      if (settled.count !== 1) throw new SettledElsewhere();
      return minted;
    });
    // The code is a bearer credential: only its last group goes to the logs.
    log.info({ codeHint: credit.code.slice(-4), pack: purchase.pack, network: purchase.network, txHash, payer: purchase.payer }, "x402 credit pack minted");
    paymentEvents.inc({ kind: "x402_settled" });
    return { kind: "minted", purchase: { ...purchase, state: "settled", creditCode: credit.code, txHash }, credit, txHash, receipt };
  } catch (err) {
    if (err instanceof SettledElsewhere) {
      const row = await db().x402Purchase.findUnique({ where: { id: purchase.id } });
      if (row?.state === "settled") return { kind: "already_settled", purchase: row };
    }
    if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === "P2002") {
      await release(purchase, { lastError: `the facilitator reported transaction ${txHash}, which already paid for another code` }).catch(() => undefined);
      log.error({ txHash, network: purchase.network, payer: purchase.payer }, "x402 facilitator reported a transaction that already paid for another code");
      throw new ApiError("internal_error", `The facilitator reported transaction ${txHash}, which already paid for another credit code; no code was minted for this payment.`, {
        next: ["Report it with POST /v1/feedback, quoting the transaction hash."],
      });
    }
    // Settled, not minted: keep the transaction on the row so that the retry mints with it.
    await release(purchase, { txHash, lastError: `settled${txHash ? ` in ${txHash}` : ""} but the code could not be minted: ${String(err).slice(0, 200)}` }).catch((releaseErr) =>
      log.error({ err: String(releaseErr), purchase: String(purchase.id) }, "x402 purchase left settling could not be updated"),
    );
    log.error({ err: String(err), purchase: String(purchase.id), txHash }, "x402 payment settled but its code was not minted; left settling for the retry");
    throw new ApiError("internal_error", "The payment was settled but its credit code could not be minted just now; nothing will be charged again.", {
      next: ["Retry with the SAME payment header: it mints the code for this payment."],
      headers: { "Retry-After": "5" },
    });
  }
}

class SettledElsewhere extends Error {}

/** Lets the next attempt take the row at once, keeping what this one learnt. */
async function release(purchase: X402Purchase, what: { txHash?: string | null; lastError: string }) {
  await db().x402Purchase.updateMany({
    where: { id: purchase.id, state: "settling" },
    data: { leaseUntil: null, lastError: what.lastError, ...(what.txHash ? { txHash: what.txHash } : {}) },
  });
}
