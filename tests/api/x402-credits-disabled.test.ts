import { describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  // A deployment without a facilitator (whatever the shell running the tests has set).
  delete process.env.X402_FACILITATOR_URL;
  delete process.env.X402_PAY_TO;
});

import { POST as buyCredits } from "@/app/v1/x402/credits/route";
import { GET as getCredit } from "@/app/v1/credits/[code]/route";
import { call } from "@/tests/support/api";

// Without a configured facilitator, POST /v1/x402/credits takes no payments, says so plainly,
// and still mints sandbox codes.

describe("POST /v1/x402/credits without a facilitator", () => {
  it("answers 503 x402_unavailable, pointing to sandbox and the card checkout", async () => {
    for (const headers of [{}, { "X-PAYMENT": "eyJ4NDAyVmVyc2lvbiI6Mn0=" }] as Record<string, string>[]) {
      const res = await call(buyCredits, { body: { pack: "starter", email: "agent@example.com" }, headers });
      expect(res.status).toBe(503);
      expect(res.json).toEqual({
        status: "failed",
        code: "x402_unavailable",
        reason: expect.stringMatching(/no x402 payment facilitator configured/),
        next: [expect.stringMatching(/sandbox: true.*POST \/v1\/credits\/checkout/)],
      });
      expect(res.headers.get("payment-required")).toBeNull();
    }
  });

  it("still mints sandbox codes", async () => {
    const res = await call(buyCredits, { body: { pack: "pro", email: "agent@example.com", sandbox: true } });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ status: "ok", pack: "pro", face_cents: 10000, bonus_cents: 2000, sandbox: true, replayed: false });
    expect((await call(getCredit, { params: { code: res.json.credit_code } })).json.balance_cents).toBe(12000);
  });
});
