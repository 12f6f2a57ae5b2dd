import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { x402Client, x402HTTPClient } from "@x402/core/client";
import { decodePaymentRequiredHeader, decodePaymentResponseHeader, encodePaymentSignatureHeader } from "@x402/core/http";
import type { PaymentRequired } from "@x402/core/types";
import { ExactEvmScheme } from "@x402/evm/exact/client";
import { wrapFetchWithPayment } from "@x402/fetch";
import { privateKeyToAccount, type PrivateKeyAccount } from "viem/accounts";
import { POST as buyCredits } from "@/app/v1/x402/credits/route";
import { GET as getCredit } from "@/app/v1/credits/[code]/route";
import { issueApiKey } from "@/lib/auth/api-keys";
import { db } from "@/lib/db";
import { call } from "@/tests/support/api";
import { sendLiveLetter } from "@/tests/support/orders";
import { signPayment as signPaymentAs, startFakeFacilitator, type AuthorizationOverrides, type FakeFacilitator } from "@/tests/support/fake-facilitator";
import type { LocalServer } from "@/tests/support/local-http";
import { serveRoute } from "@/tests/support/serve-route";

// POST /v1/x402/credits end to end: the official @x402/fetch client pays over real HTTP, the
// service verifies and settles through a local facilitator that checks the EIP-3009 signature
// for real, and exactly one credit code is minted per payment, however often it is replayed.

const NETWORK = "eip155:84532";
const USDC = "0x036CbD53842c5426634e7929541eC2318f3dCF7e";
const PAY_TO = "0x209693Bc6afc0C5328bA36FaF03C514EF312287C";
// Throwaway test keys (the well-known Hardhat development accounts); they hold nothing anywhere.
const payer = privateKeyToAccount("0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d");
const stranger = privateKeyToAccount("0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a");

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

const url = () => `${api.origin}/v1/x402/credits`;

async function post(body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(url(), { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });
  return { status: res.status, headers: res.headers, json: await res.json() };
}

/** A payer's fetch: the official x402 v2 client with the EVM exact scheme, recording what it sends. */
function payingFetch(sent: Request[] = []) {
  const client = x402Client.fromConfig({
    schemes: [{ network: NETWORK, client: new ExactEvmScheme(payer) }],
    // The client refuses to pay more than $1 by default; packs cost $10 to $100.
    spendControls: { maxAmountPerPayment: "$100" },
  });
  const recording: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    sent.push(request.clone());
    return fetch(request);
  };
  return wrapFetchWithPayment(recording, client);
}

async function challenge(pack = "starter"): Promise<PaymentRequired> {
  const res = await post({ pack, email: "agent@example.com" });
  expect(res.status).toBe(402);
  return decodePaymentRequiredHeader(res.headers.get("payment-required")!);
}

/** A hand-signed EIP-3009 payment from the payer for the challenge's terms, with any field bent. */
const signPayment = (required: PaymentRequired, over: AuthorizationOverrides = {}, signer: PrivateKeyAccount = payer) => signPaymentAs(required, payer, over, signer);

const purchases = () => db().x402Purchase.count();
const codes = () => db().creditAccount.count();

/** A refused payment: 402 payment_invalid with a fresh challenge, and nothing minted or settled. */
async function expectRefused(header: string, reason: RegExp, x402Error: RegExp | string, pack = "starter") {
  const before = { purchases: await purchases(), codes: await codes(), settled: facilitator.settlements.length };
  const res = await post({ pack, email: "agent@example.com" }, { "PAYMENT-SIGNATURE": header });
  expect(res.status).toBe(402);
  expect(res.json).toMatchObject({ status: "failed", code: "payment_invalid", x402Version: 2 });
  expect(res.json.reason).toMatch(reason);
  expect(res.json.reason).toMatch(/Nothing was charged or minted/);
  const required = decodePaymentRequiredHeader(res.headers.get("payment-required")!);
  expect(required.error).toMatch(x402Error);
  expect(required.accepts).toEqual(res.json.accepts);
  expect({ purchases: await purchases(), codes: await codes(), settled: facilitator.settlements.length }).toEqual(before);
  return res;
}

describe("POST /v1/x402/credits: the challenge", () => {
  it("answers a call without payment with 402: the requirements in PAYMENT-REQUIRED and, beside the envelope, in the body", async () => {
    const before = await purchases();
    const res = await post({ pack: "standard", email: "agent@example.com" });
    expect(res.status).toBe(402);
    expect(res.json).toMatchObject({ status: "action_required", code: "payment_required" });
    expect(res.json.reason).toMatch(/standard pack costs \$25\.00: pay 25000000 USDC atomic units/);
    expect(res.json.next.join(" ")).toMatch(/PAYMENT-SIGNATURE/);
    const header = decodePaymentRequiredHeader(res.headers.get("payment-required")!);
    expect(header).toEqual({
      x402Version: 2,
      error: "Payment required",
      resource: { url: "http://mail.test/v1/x402/credits", description: "Mail credit, Standard: $25 of credit + $2.50 bonus", mimeType: "application/json" },
      accepts: [{ scheme: "exact", network: NETWORK, amount: "25000000", asset: USDC, payTo: PAY_TO, maxTimeoutSeconds: 300, extra: { name: "USDC", version: "2" } }],
    });
    const { status: _s, code: _c, reason: _r, next: _n, ...x402Body } = res.json;
    expect(x402Body).toEqual(header);
    expect(res.headers.get("cache-control")).toBe("no-store");
    // USDC has 6 decimals: a pack's cents times 10,000.
    expect((await challenge("pro")).accepts[0].amount).toBe("100000000");
    expect(await purchases()).toBe(before);
    expect(facilitator.count("/verify") + facilitator.count("/settle")).toBe(0);
  });

  it("validates the body first", async () => {
    const res = await post({ pack: "mega", email: "agent@example.com" });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ code: "validation_error" });
    expect(res.json.reason).toMatch(/pack must be one of starter, standard, plus, pro/);
    expect((await post({ pack: "starter", email: "nope" })).json.reason).toMatch(/email/);
    const noEmail = await post({ pack: "starter" });
    expect(noEmail.status).toBe(400);
    expect(noEmail.json).toMatchObject({ code: "validation_error", reason: expect.stringMatching(/email is required/) });
  });
});

describe("POST /v1/x402/credits: paying", () => {
  let bought: { code: string; header: string; txHash: string };

  it("sells a pack to the official @x402/fetch client: settled first, one code minted, PAYMENT-RESPONSE sent", async () => {
    const sent: Request[] = [];
    const res = await payingFetch(sent)(url(), { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ pack: "standard", email: "agent@example.com" }) });
    expect(res.status).toBe(201);
    const json = await res.json();
    expect(json).toMatchObject({ status: "ok", pack: "standard", face_cents: 2500, bonus_cents: 250, sandbox: false, replayed: false, settlement: { network: NETWORK } });
    expect(json.credit_code).toMatch(/^cc-[a-z0-9]{4}-[a-z0-9]{4}-[a-z0-9]{4}$/);
    expect(json.settlement.tx_hash).toMatch(/^0x[0-9a-f]{64}$/);

    // The client paid on the second request, in the v2 header.
    expect(sent).toHaveLength(2);
    expect(sent[0].headers.get("payment-signature")).toBeNull();
    const header = sent[1].headers.get("payment-signature")!;
    expect(header).toBeTruthy();

    const receipt = decodePaymentResponseHeader(res.headers.get("payment-response")!);
    expect(receipt).toMatchObject({ success: true, network: NETWORK, transaction: json.settlement.tx_hash, payer: payer.address });

    expect(facilitator.settlements).toHaveLength(1);
    expect(facilitator.settlements[0]).toMatchObject({ transaction: json.settlement.tx_hash, payer: payer.address, payTo: PAY_TO, amount: "25000000", asset: USDC });

    const balance = await call(getCredit, { params: { code: json.credit_code } });
    expect(balance.json).toMatchObject({ status: "ok", balance_cents: 2750, face_cents: 2500, bonus_cents: 250 });
    const row = await db().x402Purchase.findUniqueOrThrow({ where: { creditCode: json.credit_code } });
    expect(row).toMatchObject({
      pack: "standard", sandbox: false, network: NETWORK, asset: USDC.toLowerCase(), payer: payer.address.toLowerCase(),
      payTo: PAY_TO.toLowerCase(), amount: "25000000", txHash: json.settlement.tx_hash, email: "agent@example.com",
    });
    expect(await db().creditAccount.findUniqueOrThrow({ where: { code: json.credit_code } })).toMatchObject({ source: "x402", email: "agent@example.com" });
    bought = { code: json.credit_code, header, txHash: json.settlement.tx_hash };
  });

  it("answers the same payment replayed (in X-PAYMENT, as the spec names it) with the same code, replayed: true and no settlement", async () => {
    const before = { purchases: await purchases(), codes: await codes(), verify: facilitator.count("/verify"), settle: facilitator.count("/settle") };
    for (const name of ["X-PAYMENT", "PAYMENT-SIGNATURE"]) {
      const res = await post({ pack: "standard", email: "agent@example.com" }, { [name]: bought.header });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ status: "ok", credit_code: bought.code, pack: "standard", face_cents: 2500, bonus_cents: 250, replayed: true });
      expect(res.json).not.toHaveProperty("settlement");
      expect(res.headers.get("payment-response")).toBeNull();
    }
    // Found by its nonce before any facilitator call: never verified, settled or minted again.
    expect({ purchases: await purchases(), codes: await codes(), verify: facilitator.count("/verify"), settle: facilitator.count("/settle") }).toEqual(before);
    expect((await call(getCredit, { params: { code: bought.code } })).json.balance_cents).toBe(2750);
  });

  it("takes a fresh payment in X-PAYMENT as well as in PAYMENT-SIGNATURE", async () => {
    const http = new x402HTTPClient(x402Client.fromConfig({ schemes: [{ network: NETWORK, client: new ExactEvmScheme(payer) }], spendControls: false }));
    const first = await post({ pack: "starter", email: "agent@example.com" });
    const required = http.getPaymentRequiredResponse((name) => first.headers.get(name), first.json);
    const payload = await http.createPaymentPayload(required);
    const res = await post({ pack: "starter", email: "agent@example.com" }, { "X-PAYMENT": encodePaymentSignatureHeader(payload) });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ status: "ok", pack: "starter", face_cents: 1000, bonus_cents: 0, replayed: false });
    expect(decodePaymentResponseHeader(res.headers.get("payment-response")!).transaction).toBe(res.json.settlement.tx_hash);
  });

  it("refuses two different payments in the two headers", async () => {
    const required = await challenge();
    const a = await signPayment(required);
    const b = await signPayment(required);
    const res = await post({ pack: "starter", email: "agent@example.com" }, { "X-PAYMENT": a.header, "PAYMENT-SIGNATURE": b.header });
    expect(res.status).toBe(400);
    expect(res.json.reason).toMatch(/one header/);
  });

  it("mints a code only once when the same payment arrives twice at once", async () => {
    const { header, nonce } = await signPayment(await challenge("plus"));
    const answers = await Promise.all([1, 2].map(() => post({ pack: "plus", email: "agent@example.com" }, { "PAYMENT-SIGNATURE": header })));
    const rows = await db().x402Purchase.findMany({ where: { nonce } });
    expect(rows).toHaveLength(1);
    // One call settles and mints; the other, refused by the facilitator for the spent nonce,
    // finds that purchase and answers it.
    expect(answers.map((a) => a.status).sort()).toEqual([200, 201]);
    for (const a of answers) expect(a.json.credit_code).toBe(rows[0].creditCode);
    expect(facilitator.settlements.filter((s) => s.nonce === nonce)).toHaveLength(1);
  });
});

describe("POST /v1/x402/credits: refused payments", () => {
  it("refuses an authorization for the wrong amount (the facilitator's verdict) and terms signed for another price (ours)", async () => {
    const required = await challenge();
    const short = await signPayment(required, { value: "1000000" });
    await expectRefused(short.header, /the authorization's value is not the amount 10000000 .*invalid_exact_evm_authorization_value/, "invalid_exact_evm_authorization_value");

    // A payer that edits the terms it accepted never reaches the facilitator.
    const verifies = facilitator.count("/verify");
    const cheap = { ...required, accepts: [{ ...required.accepts[0], amount: "1000000" }] };
    const tampered = await signPayment(cheap);
    await expectRefused(tampered.header, /signed for other terms: amount is 1000000, not 10000000/, "No matching payment requirements");
    expect(facilitator.count("/verify")).toBe(verifies);
  });

  it("refuses an authorization paying someone else", async () => {
    const res = await expectRefused((await signPayment(await challenge(), { to: stranger.address })).header, new RegExp(`pays another address than payTo ${PAY_TO}.*invalid_exact_evm_recipient_mismatch`), "invalid_exact_evm_recipient_mismatch");
    expect(res.json.accepts[0].payTo).toBe(PAY_TO);
  });

  it("refuses an expired authorization", async () => {
    const expired = await signPayment(await challenge(), { validBefore: String(Math.floor(Date.now() / 1000) - 60) });
    await expectRefused(expired.header, /has expired.*invalid_exact_evm_payload_authorization_valid_before/, "invalid_exact_evm_payload_authorization_valid_before");
  });

  it("refuses a signature that is not the payer's", async () => {
    const forged = await signPayment(await challenge(), {}, stranger);
    await expectRefused(forged.header, /signature does not verify.*invalid_exact_evm_signature/, "invalid_exact_evm_signature");
  });

  it("refuses a new payment reusing a nonce that already bought a code, without asking the facilitator", async () => {
    const required = await challenge();
    const first = await signPayment(required);
    const ok = await post({ pack: "starter", email: "agent@example.com" }, { "PAYMENT-SIGNATURE": first.header });
    expect(ok.status).toBe(201);
    const verifies = facilitator.count("/verify");
    const reused = await signPayment(required, { nonce: first.nonce, validBefore: String(Math.floor(Date.now() / 1000) + 200) });
    await expectRefused(reused.header, /nonce was already used by an earlier purchase/, "invalid_exact_evm_nonce_already_used");
    expect(facilitator.count("/verify")).toBe(verifies);
  });

  it("refuses a nonce already spent on chain elsewhere (the facilitator's verdict)", async () => {
    const required = await challenge();
    const payment = await signPayment(required);
    facilitator.markNonceUsed(USDC, payer.address, payment.nonce);
    await expectRefused(payment.header, /nonce has already been used.*invalid_exact_evm_nonce_already_used/, "invalid_exact_evm_nonce_already_used");
  });

  it("refuses headers that are not x402 v2 EIP-3009 payments", async () => {
    await expectRefused("not base64!", /not base64-encoded JSON/, "invalid_payload");
    await expectRefused(Buffer.from(JSON.stringify({ hello: 1 })).toString("base64"), /not an x402 PaymentPayload/, "invalid_payload");
    const required = await challenge();
    const v2 = await signPayment(required);
    const notEip3009 = { ...v2.payload, payload: { permit2Authorization: {}, signature: "0x00" } };
    await expectRefused(encodePaymentSignatureHeader(notEip3009 as never), /not an EIP-3009 transferWithAuthorization/, "invalid_payload");
  });

  it("answers a failed settlement with 402 payment_settlement_failed and mints nothing; the same payment can then be retried", async () => {
    const { header } = await signPayment(await challenge());
    const before = { purchases: await purchases(), codes: await codes() };
    facilitator.failNextSettle("invalid_exact_evm_transaction_failed");
    const res = await post({ pack: "starter", email: "agent@example.com" }, { "PAYMENT-SIGNATURE": header });
    expect(res.status).toBe(402);
    expect(res.json).toMatchObject({ status: "failed", code: "payment_settlement_failed", x402Version: 2 });
    expect(res.json.reason).toMatch(/could not settle the payment \(invalid_exact_evm_transaction_failed\); nothing was minted/);
    expect(decodePaymentResponseHeader(res.headers.get("payment-response")!)).toMatchObject({ success: false, errorReason: "invalid_exact_evm_transaction_failed" });
    expect({ purchases: await purchases(), codes: await codes() }).toEqual(before);

    const retried = await post({ pack: "starter", email: "agent@example.com" }, { "PAYMENT-SIGNATURE": header });
    expect(retried.status).toBe(201);
    expect(retried.json.replayed).toBe(false);
  });

  it("answers 503 facilitator_unavailable (retryable) when the facilitator fails, and mints nothing", async () => {
    const { header } = await signPayment(await challenge());
    const before = await codes();
    facilitator.broken = true;
    try {
      const res = await post({ pack: "starter", email: "agent@example.com" }, { "PAYMENT-SIGNATURE": header });
      expect(res.status).toBe(503);
      expect(res.json).toMatchObject({ status: "failed", code: "facilitator_unavailable" });
      expect(res.json.next.join(" ")).toMatch(/SAME payment header/);
      expect(res.headers.get("retry-after")).toBe("5");
    } finally {
      facilitator.broken = false;
    }
    expect(await codes()).toBe(before);
    expect((await post({ pack: "starter", email: "agent@example.com" }, { "PAYMENT-SIGNATURE": header })).status).toBe(201);
  });
});

describe("POST /v1/x402/credits: sandbox, keys and throttle", () => {
  it("mints a real code with sandbox: true, with no facilitator call and no charge", async () => {
    const calls = facilitator.requests.length;
    const res = await post({ pack: "plus", sandbox: true, email: "test@example.com" }, { "X-PAYMENT": "ignored", "PAYMENT-SIGNATURE": "ignored too, and different" });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ status: "ok", pack: "plus", face_cents: 5000, bonus_cents: 750, sandbox: true, replayed: false });
    expect(res.json).not.toHaveProperty("settlement");
    expect(res.headers.get("payment-response")).toBeNull();
    expect(facilitator.requests.length).toBe(calls);
    expect((await call(getCredit, { params: { code: res.json.credit_code } })).json.balance_cents).toBe(5750);
    expect(await db().x402Purchase.findUniqueOrThrow({ where: { creditCode: res.json.credit_code } })).toMatchObject({ sandbox: true, txHash: null, nonce: null });

    // Free money must not mail real letters: the code pays for nothing live.
    const live = await sendLiveLetter({}, { creditCode: res.json.credit_code });
    expect(live.status).toBe(402);
    expect(live.json).toMatchObject({ status: "failed", code: "sandbox_credit_code" });
    expect((await call(getCredit, { params: { code: res.json.credit_code } })).json.balance_cents).toBe(5750);
  });

  it("lets an ak_test_ key mint sandbox codes only", async () => {
    const { key } = await issueApiKey({ mode: "test", label: "x402 test key", scopes: ["credits:buy"] });
    const live = await post({ pack: "starter", email: "agent@example.com" }, { authorization: `Bearer ${key}` });
    expect(live.status).toBe(403);
    expect(live.json.code).toBe("sandbox_only_key");
    expect((await post({ pack: "starter", email: "agent@example.com", sandbox: true }, { authorization: `Bearer ${key}` })).status).toBe(201);
  });

  it("throttles the route at 10 calls a minute per caller", async () => {
    const ip = "198.51.100.77";
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await post({ pack: "starter", email: "agent@example.com" }, { "x-test-client-ip": ip })).status);
    expect(statuses.slice(0, 10).every((s) => s === 402)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});
