import { describe, expect, it } from "vitest";
import { GET as getCredit } from "@/app/v1/credits/[code]/route";
import { db } from "@/lib/db";
import { ApiError } from "@/lib/errors/api-error";
import { debitCredit, mintCredit, readCreditBalance, returnCredit } from "@/lib/payments/credits/credits";
import { call, randomIp } from "@/tests/support/api";

const orderId = () => `ord_${crypto.randomUUID().replaceAll("-", "").slice(0, 24)}`;
const debit = (code: string, cents: number, id = orderId()) => db().$transaction((tx) => debitCredit(tx, code, cents, id));

describe("GET /v1/credits/{code}", () => {
  it("returns the spec's shape, looking the code up in any case", async () => {
    const minted = await mintCredit({ faceCents: 2000, bonusCents: 500, source: "operator", note: "test" });
    expect(minted.code).toMatch(/^cc-[0-9a-z]{4}-[0-9a-z]{4}-[0-9a-z]{4}$/);
    const res = await call(getCredit, { params: { code: minted.code.toUpperCase() } });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      status: "ok",
      code: minted.code,
      balance_cents: 2500,
      face_cents: 2000,
      bonus_cents: 500,
      bonus_expires_at: minted.bonusExpiresAt.toISOString(),
      face_expires_at: minted.faceExpiresAt.toISOString(),
    });
    // Face value lasts 5 years, bonus 12 months.
    const years = (d: string) => (new Date(d).getTime() - Date.now()) / (365.25 * 86_400_000);
    expect(years(res.json.face_expires_at)).toBeCloseTo(5, 1);
    expect(years(res.json.bonus_expires_at)).toBeCloseTo(1, 1);
  });

  it("answers an unknown code with the error envelope, and a malformed one with validation_error", async () => {
    const unknown = await call(getCredit, { params: { code: "cc-zzzz-zzzz-zzzz" } });
    expect(unknown.status).toBe(404);
    expect(unknown.json).toMatchObject({ status: "failed", code: "credit_not_found" });
    for (const code of ["not-a-code", "x".repeat(100)]) {
      const malformed = await call(getCredit, { params: { code } });
      expect(malformed.status).toBe(400);
      expect(malformed.json).toMatchObject({ code: "validation_error", reason: expect.stringMatching(/code must look like cc-xxxx-xxxx-xxxx/) });
    }
    const nul = await call(getCredit, { params: { code: "cc-zzzz-zzzz-zzz\u0000" } });
    expect(nul.status).toBe(400);
    expect(nul.json).toMatchObject({ code: "validation_error", reason: expect.stringMatching(/`path\.code` contains a control character/) });
  });

  it("throttles lookups at 30 a minute per caller: a code is a secret, not to be guessed at 680 a second", async () => {
    const ip = randomIp();
    for (let i = 0; i < 30; i++) expect((await call(getCredit, { params: { code: "cc-zzzz-zzzz-zzzz" }, ip })).status).toBe(404);
    const limited = await call(getCredit, { params: { code: "cc-zzzz-zzzz-zzzz" }, ip });
    expect(limited.status).toBe(429);
    expect(limited.json.code).toBe("rate_limited");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
  });
});

describe("the credit ledger", () => {
  it("spends bonus first, then face, and gives an order's value back to the same buckets once", async () => {
    const { code } = await mintCredit({ faceCents: 1000, bonusCents: 300, source: "operator", note: "test" });
    const id = orderId();
    expect(await debit(code, 500, id)).toEqual({ bonusCents: 300, faceCents: 200, remainingCents: 800 });
    expect(await readCreditBalance(code)).toMatchObject({ balance_cents: 800, face_cents: 800, bonus_cents: 0 });

    expect(await db().$transaction((tx) => returnCredit(tx, id, "release"))).toBe(true);
    expect(await db().$transaction((tx) => returnCredit(tx, id, "refund"))).toBe(false);
    expect(await db().$transaction((tx) => returnCredit(tx, id, "release"))).toBe(false);
    expect(await readCreditBalance(code)).toMatchObject({ balance_cents: 1300, face_cents: 1000, bonus_cents: 300 });

    const kinds = (await db().creditLedger.findMany({ where: { code }, orderBy: { id: "asc" } })).map((e) => [e.kind, e.faceCents, e.bonusCents]);
    expect(kinds).toEqual([["grant", 1000, 300], ["debit", -200, -300], ["release", 200, 300]]);
  });

  it("refuses what the code cannot cover with 402 and writes nothing", async () => {
    const { code } = await mintCredit({ faceCents: 98, bonusCents: 0, source: "operator", note: "test" });
    const err = await debit(code, 99).catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ code: "insufficient_credit", http: 402 });
    expect(err.message).toMatch(/holds 98¢ and this letter costs 99¢/);
    expect(await db().creditLedger.count({ where: { code } })).toBe(1);

    const unknown = await debit("cc-0000-0000-0000", 99).catch((e) => e);
    expect(unknown).toMatchObject({ code: "credit_code_unknown", http: 402 });
  });

  it("does not count bonus value after its 12 months", async () => {
    const { code } = await mintCredit({ faceCents: 100, bonusCents: 400, source: "operator", note: "test" });
    await db().creditAccount.update({ where: { code }, data: { bonusExpiresAt: new Date(Date.now() - 1000) } });
    expect(await readCreditBalance(code)).toMatchObject({ balance_cents: 100, bonus_cents: 0, face_cents: 100 });
    expect((await debit(code, 150).catch((e) => e)).code).toBe("insufficient_credit");
  });

  it("never overdraws under 50 parallel spends against one code", async () => {
    const { code } = await mintCredit({ faceCents: 1000, bonusCents: 0, source: "operator", note: "test" });
    const results = await Promise.allSettled(Array.from({ length: 50 }, () => debit(code, 99)));
    const spent = results.filter((r) => r.status === "fulfilled").length;
    const refused = results.filter((r) => r.status === "rejected" && (r.reason as ApiError).code === "insufficient_credit").length;
    expect(spent).toBe(10);
    expect(refused).toBe(40);
    expect(await readCreditBalance(code)).toMatchObject({ balance_cents: 10 });
    const sum = await db().creditLedger.aggregate({ where: { code }, _sum: { faceCents: true } });
    expect(sum._sum.faceCents).toBe(10);
  });
});
