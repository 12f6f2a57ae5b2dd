import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { decodePaymentRequiredHeader, decodePaymentResponseHeader } from "@x402/core/http";
import type { PaymentRequired } from "@x402/core/types";
import { privateKeyToAccount } from "viem/accounts";
import { POST as buyCredits } from "@/app/v1/x402/credits/route";
import { GET as getCredit } from "@/app/v1/credits/[code]/route";
import { db } from "@/lib/db";
import { listStuckX402Purchases } from "@/lib/ops/ops-logs";
import { decodePayment, eip3009Of } from "@/lib/payments/x402/payment-payload";
import { reconcileSettlingX402Purchases } from "@/lib/payments/x402/reconcile-settling-purchases";
import { call } from "@/tests/support/api";
import { signPayment, startFakeFacilitator, type AuthorizationOverrides, type FakeFacilitator } from "@/tests/support/fake-facilitator";
import type { LocalServer } from "@/tests/support/local-http";
import { serveRoute } from "@/tests/support/serve-route";

// An x402 payment whose settlement outcome the service did not see: the facilitator settled it
// and the answer was lost, or the transfer was sent and not yet confirmed, or the code was not
// minted after the settlement. Money moved, so the same payment sent again (or the worker's
// sweep) must end with exactly one code for it, and a second call of the same payment in
// flight must never make the facilitator settle it twice.

const NETWORK = "eip155:84532";
const PAY_TO = "0x209693Bc6afc0C5328bA36FaF03C514EF312287C";
// A throwaway Hardhat development account; it holds nothing anywhere.
const payer = privateKeyToAccount("0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6");

let facilitator: FakeFacilitator;
let api: LocalServer;

beforeAll(async () => {
  facilitator = await startFakeFacilitator();
  // Before anything reads (and caches) the configuration.
  process.env.X402_FACILITATOR_URL = facilitator.url;
  process.env.X402_PAY_TO = PAY_TO;
  api = await serveRoute("/v1/x402/credits", buyCredits);
});

afterAll(async () => {
  await api?.close();
  await facilitator?.close();
});

beforeEach(() => {
  facilitator.settleDelayMs = 0;
});

async function buy(header: string | null, pack = "starter") {
  const res = await fetch(`${api.origin}/v1/x402/credits`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(header ? { "PAYMENT-SIGNATURE": header } : {}) },
    body: JSON.stringify({ pack, email: "agent@example.com" }),
  });
  return { status: res.status, headers: res.headers, json: await res.json() };
}

async function paymentFor(pack = "starter", over: AuthorizationOverrides = {}) {
  const challenge = await buy(null, pack);
  expect(challenge.status).toBe(402);
  const required: PaymentRequired = decodePaymentRequiredHeader(challenge.headers.get("payment-required")!);
  return signPayment(required, payer, over);
}

const codes = () => db().creditAccount.count();
const purchaseOf = (nonce: string) => db().x402Purchase.findFirst({ where: { nonce: nonce.toLowerCase() } });
const settledOnChain = (nonce: string) => facilitator.settlements.filter((s) => s.nonce === nonce);

describe("POST /v1/x402/credits: a settlement whose answer is lost", () => {
  it("answers 503 while the outcome is unknown, and the same payment sent again gets the one code it paid for", async () => {
    const { header, nonce } = await paymentFor("standard");
    const before = await codes();
    facilitator.dropNextSettleAnswer();
    const lost = await buy(header, "standard");
    expect(lost.status).toBe(503);
    expect(lost.json).toMatchObject({ status: "failed", code: "facilitator_unavailable" });
    expect(lost.json.reason).toMatch(/not known yet.*SAME payment header/);
    expect(lost.headers.get("retry-after")).toBe("5");
    // The money moved; nothing was minted yet, and the purchase waits for its outcome.
    expect(settledOnChain(nonce)).toHaveLength(1);
    expect(await codes()).toBe(before);
    expect(await purchaseOf(nonce)).toMatchObject({ state: "settling", creditCode: null, settleAttempts: 1, leaseUntil: null });

    // Asked again, the facilitator says the nonce is spent: that is this payment, settled.
    const retried = await buy(header, "standard");
    expect(retried.status).toBe(201);
    expect(retried.json).toMatchObject({ status: "ok", pack: "standard", face_cents: 2500, bonus_cents: 250, replayed: false, settlement: { network: NETWORK, tx_hash: null } });
    expect(await codes()).toBe(before + 1);
    expect(settledOnChain(nonce)).toHaveLength(1);
    expect(await purchaseOf(nonce)).toMatchObject({ state: "settled", creditCode: retried.json.credit_code, txHash: null, lastError: null });
    expect((await call(getCredit, { params: { code: retried.json.credit_code } })).json.balance_cents).toBe(2750);

    // From now on it is a plain replay.
    const again = await buy(header, "standard");
    expect(again.status).toBe(200);
    expect(again.json).toMatchObject({ credit_code: retried.json.credit_code, replayed: true });
    expect(await codes()).toBe(before + 1);
  });

  it("keeps a transfer still unconfirmed open (409 payment_in_progress) and mints with its transaction once confirmed", async () => {
    const { header, nonce } = await paymentFor();
    const settles = facilitator.count("/settle");
    // Two pending answers: @x402/core asks once more by itself before giving up.
    facilitator.pendNextSettle(2);
    const pending = await buy(header);
    expect(pending.status).toBe(409);
    expect(pending.json).toMatchObject({ status: "failed", code: "payment_in_progress" });
    expect(pending.json.reason).toMatch(/not confirmed yet/);
    expect(pending.json.next.join(" ")).toMatch(/SAME payment header/);
    expect(facilitator.count("/settle")).toBe(settles + 2);
    const [sent] = settledOnChain(nonce);
    expect(await purchaseOf(nonce)).toMatchObject({ state: "settling", txHash: sent.transaction, creditCode: null });

    const confirmed = await buy(header);
    expect(confirmed.status).toBe(201);
    expect(confirmed.json.settlement).toEqual({ network: NETWORK, tx_hash: sent.transaction });
    expect(decodePaymentResponseHeader(confirmed.headers.get("payment-response")!)).toMatchObject({ success: true, transaction: sent.transaction });
    expect(await purchaseOf(nonce)).toMatchObject({ state: "settled", creditCode: confirmed.json.credit_code, txHash: sent.transaction });
  });

  it("mints, with the transaction it recorded, a purchase whose mint failed after its settlement", async () => {
    // As a failed mint leaves it: settled on chain in a known transaction, the row still settling.
    const { header, nonce, payload } = await paymentFor();
    const txHash = `0x${"ab".repeat(32)}`;
    facilitator.markNonceUsed(payload.accepted.asset, payer.address, nonce);
    await db().x402Purchase.create({
      data: {
        state: "settling", pack: "starter", sandbox: false, network: NETWORK, asset: payload.accepted.asset.toLowerCase(), payer: payer.address.toLowerCase(), nonce: nonce.toLowerCase(),
        payTo: PAY_TO.toLowerCase(), amount: payload.accepted.amount, txHash, payloadHash: eip3009Of(decodePayment(header)).payloadHash, settleAttempts: 1,
        lastError: `settled in ${txHash} but the code could not be minted: database unavailable`, email: "agent@example.com",
      },
    });
    const before = await codes();
    const retried = await buy(header);
    expect(retried.status).toBe(201);
    expect(retried.json.settlement).toEqual({ network: NETWORK, tx_hash: txHash });
    expect(await codes()).toBe(before + 1);
    expect(await purchaseOf(nonce)).toMatchObject({ state: "settled", creditCode: retried.json.credit_code, txHash });
  });

  it("is settled by the worker's sweep when the payer never sends it again; the payer's later retry gets that code", async () => {
    const { header, nonce } = await paymentFor();
    facilitator.dropNextSettleAnswer();
    expect((await buy(header)).status).toBe(503);
    expect((await listStuckX402Purchases()).map((p) => p.nonce)).toContain(nonce.toLowerCase());

    // A minute on: the payer had its chance to retry first.
    const tally = await reconcileSettlingX402Purchases(new Date(Date.now() + 61_000));
    expect(tally.minted).toBeGreaterThanOrEqual(1);
    const row = await purchaseOf(nonce);
    expect(row).toMatchObject({ state: "settled", txHash: null });
    expect(row!.creditCode).toMatch(/^cc-/);
    expect((await listStuckX402Purchases()).map((p) => p.nonce)).not.toContain(nonce.toLowerCase());
    const later = await buy(header);
    expect(later.status).toBe(200);
    expect(later.json).toMatchObject({ credit_code: row!.creditCode, replayed: true });
    expect(settledOnChain(nonce)).toHaveLength(1);
  });

  it("leaves an expired authorization with a lost answer open for an operator, who sees it on the ops logs", async () => {
    const validBefore = Math.floor(Date.now() / 1000) + 10;
    const { header, nonce } = await paymentFor("starter", { validBefore: String(validBefore) });
    facilitator.dropNextSettleAnswer();
    expect((await buy(header)).status).toBe(503);
    // Once too close to validBefore (a facilitator wants 6 s of it left, counted in whole
    // seconds) the authorization is refused before the nonce is looked at. Wait for that moment
    // by the clock, not for a fixed time, which a slow machine or the second boundary can beat.
    while (Math.floor(Date.now() / 1000) + 6 <= validBefore) await new Promise((resolve) => setTimeout(resolve, 200));
    const before = await codes();
    const retried = await buy(header);
    expect(retried.status).toBe(409);
    expect(retried.json).toMatchObject({ code: "payment_in_progress" });
    expect(retried.json.reason).toMatch(/look at the chain/);
    expect(await codes()).toBe(before);
    const stuck = (await listStuckX402Purchases()).find((p) => p.nonce === nonce.toLowerCase());
    expect(stuck).toMatchObject({ pack: "starter", payer: payer.address.toLowerCase(), attempts: 2, expired: false });
    expect(stuck!.lastError).toMatch(/invalid_exact_evm_payload_authorization_valid_before/);
  });
});

describe("POST /v1/x402/credits: the same payment twice at once", () => {
  it("settles it once at the facilitator; both calls answer the one code", async () => {
    const { header, nonce } = await paymentFor("plus");
    const settles = facilitator.count("/settle");
    facilitator.settleDelayMs = 400;
    const answers = await Promise.all([buy(header, "plus"), buy(header, "plus")]);
    expect(facilitator.count("/settle")).toBe(settles + 1);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 201]);
    const row = await purchaseOf(nonce);
    for (const a of answers) expect(a.json.credit_code).toBe(row!.creditCode);
    expect(settledOnChain(nonce)).toHaveLength(1);
  });

  it("answers the second call 409 payment_in_progress when the first is still settling after a few seconds", async () => {
    const { header, nonce } = await paymentFor();
    const settles = facilitator.count("/settle");
    facilitator.settleDelayMs = 6_000;
    const answers = await Promise.all([buy(header), buy(header)]);
    expect(facilitator.count("/settle")).toBe(settles + 1);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    const waiting = answers.find((a) => a.status === 409)!;
    expect(waiting.json).toMatchObject({ status: "failed", code: "payment_in_progress" });
    expect(waiting.headers.get("retry-after")).toBe("5");
    const row = await purchaseOf(nonce);
    const later = await buy(header);
    expect(later.json).toMatchObject({ credit_code: row!.creditCode, replayed: true });
  }, 20_000);
});
