import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { POST as postCreditCheckout } from "@/app/v1/credits/checkout/route";
import { GET as getCreditCheckout } from "@/app/v1/credits/checkout/[id]/route";
import { GET as getCredit } from "@/app/v1/credits/[code]/route";
import { POST as payLocal } from "@/app/pay/local/confirm/route";
import { issueApiKey } from "@/lib/auth/api-keys";
import { db } from "@/lib/db";
import { checkoutReturn } from "@/lib/payments/checkout/checkout-pages";
import { handlePaymentEvent } from "@/lib/payments/checkout/handle-payment-event";
import { CREDIT_PACKS } from "@/lib/payments/credits/packs";
import { call, randomIp } from "@/tests/support/api";

// POST /v1/credits/checkout on the local rail: a pack bought through a payment link mints one
// code, shown by GET /v1/credits/checkout/{id} and the return page.

const card = { card_number: "4242424242424242", expiry: "12/39", cvc: "123" };
const start = (body: Record<string, unknown>, opts: { ip?: string; headers?: Record<string, string> } = {}) =>
  call(postCreditCheckout, { body, ip: opts.ip ?? randomIp(), headers: opts.headers });
const read = (id: string) => call(getCreditCheckout, { params: { id } });

describe("POST /v1/credits/checkout", () => {
  it("sells a pack through the local checkout page and shows the minted code once paid", async () => {
    const started = await start({ pack: "plus", email: "ada@example.com" });
    expect(started.status).toBe(201);
    expect(started.json).toMatchObject({
      status: "action_required",
      checkout_ui_mode: "hosted",
      checkout: { pack: "plus", state: "open", price_cents: 5000, face_cents: 5000, bonus_cents: 750 },
    });
    expect(started.json.reason).toMatch(/Pay \$50\.00 for the plus pack/);
    expect(started.json.payment_url).toMatch(/\/pay\/cs_local_[a-z0-9]{24}$/);
    expect(started.json.status_url).toMatch(new RegExp(`/v1/credits/checkout/${started.json.checkout.id}$`));

    const pending = await read(started.json.checkout.id);
    expect(pending.json).toMatchObject({ status: "action_required", payment_url: started.json.payment_url, checkout: { state: "open" } });

    const sessionId = started.json.payment_url.split("/pay/")[1];
    expect((await db().localCheckout.findUniqueOrThrow({ where: { id: sessionId } })).captureMethod).toBe("automatic");
    expect((await call(payLocal, { body: { session_id: sessionId, ...card } })).status).toBe(200);

    const paid = await read(started.json.checkout.id);
    expect(paid.json).toMatchObject({ status: "ok", checkout: { state: "paid" }, credit: { balance_cents: 5750, face_cents: 5000, bonus_cents: 750 } });
    const code = paid.json.credit.code;
    expect(code).toMatch(/^cc-[a-z0-9]{4}-[a-z0-9]{4}-[a-z0-9]{4}$/);
    expect((await call(getCredit, { params: { code } })).json.balance_cents).toBe(5750);
    expect(await checkoutReturn(sessionId)).toMatchObject({ kind: "pack", credit: { code } });
    expect((await db().creditAccount.findUniqueOrThrow({ where: { code } })).email).toBe("ada@example.com");

    // More events about the same payment mint nothing more.
    await handlePaymentEvent({ id: `evt_local_${randomUUID()}`, rail: "local", type: "checkout.session.completed", sessionId });
    expect(await db().payment.count({ where: { creditCode: code } })).toBe(1);
    expect(await db().creditLedger.count({ where: { code } })).toBe(1);
  });

  it("hands an embedded checkout its client secret", async () => {
    const started = await start({ pack: "starter", checkout_ui_mode: "embedded" });
    expect(started.json.payment_client_secret).toMatch(/^cs_local_[a-z0-9]{24}_secret_[a-z0-9]{24}$/);
    expect(started.json).not.toHaveProperty("payment_url");
    expect((await call(payLocal, { body: { client_secret: started.json.payment_client_secret, ...card } })).status).toBe(200);
    expect((await read(started.json.checkout.id)).json.credit.balance_cents).toBe(CREDIT_PACKS.starter.faceCents);
  });

  it("replays an Idempotency-Key without a second checkout or the payment link", async () => {
    const ip = randomIp();
    const headers = { "Idempotency-Key": randomUUID() };
    const first = await start({ pack: "pro" }, { ip, headers });
    const again = await start({ pack: "pro" }, { ip, headers });
    expect(again.status).toBe(200);
    expect(again.json).toMatchObject({ replayed: true, checkout: { id: first.json.checkout.id } });
    expect(again.json).not.toHaveProperty("payment_url");
    expect(await db().payment.count({ where: { id: first.json.checkout.id } })).toBe(1);
  });

  it("names the packs when the pack is unknown, and 404s an unknown checkout", async () => {
    const bad = await start({ pack: "mega" });
    expect(bad.status).toBe(400);
    expect(bad.json.reason).toMatch(/starter, standard, plus, pro/);
    const missing = await read("pay_000000000000000000000000");
    expect(missing.status).toBe(404);
    expect(missing.json.code).toBe("checkout_not_found");
    expect((await read("not-an-id")).status).toBe(400);
  });

  it("refuses an ak_test_ key, which is sandbox-only, before any checkout opens; a live key buys", async () => {
    const testKey = await issueApiKey({ mode: "test", label: "sandbox only", scopes: [] });
    const before = await db().payment.count();
    const refused = await start({ pack: "starter" }, { headers: { Authorization: `Bearer ${testKey.key}` } });
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({ status: "failed", code: "sandbox_only_key" });
    expect(refused.json).not.toHaveProperty("payment_url");
    expect(await db().payment.count()).toBe(before);
    const liveKey = await issueApiKey({ mode: "live", label: "buyer", scopes: ["credits:buy"] });
    expect((await start({ pack: "starter" }, { headers: { Authorization: `Bearer ${liveKey.key}` } })).status).toBe(201);
  });

  it("throttles each caller to 10 checkouts a minute, with Retry-After", async () => {
    const ip = randomIp();
    for (let i = 0; i < 10; i++) expect((await start({ pack: "starter" }, { ip })).status).toBe(201);
    const limited = await start({ pack: "starter" }, { ip });
    expect(limited.status).toBe(429);
    expect(limited.json.code).toBe("rate_limited");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect((await start({ pack: "starter" })).status).toBe(201);
  });
});
