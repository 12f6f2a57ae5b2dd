import { describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.SERVICE_ENV = "production";
  process.env.SIGNING_SECRET = "production-test-signing-secret-0123456789abcdef";
  process.env.PUBLIC_BASE_URL = "https://mail.example.com";
  process.env.STRIPE_SECRET_KEY = "sk_test_unreachable000000000000000";
  process.env.STRIPE_WEBHOOK_SECRET = "whsec_unreachable000000000000000";
  process.env.STRIPE_API_BASE = "http://127.0.0.1:9";
  process.env.OUTBOUND_ALLOW_LOOPBACK = "0";
  process.env.SMTP_URL = "smtp://127.0.0.1:9";
});

import { POST as payLocal } from "@/app/pay/local/confirm/route";
import { db } from "@/lib/db";
import { call } from "@/tests/support/api";
import { sendLiveLetter, sendSandboxLetter } from "@/tests/support/orders";

// In production, money is only taken for letters that will really be mailed, and the local
// test rail (which takes no money) is off.

describe("payments in production", () => {
  it("refuses a live order with 503 no_rail_for_format before anything is created or charged while no live carrier is configured", async () => {
    const res = await sendLiveLetter();
    expect(res.status).toBe(503);
    expect(res.json).toMatchObject({ status: "failed", code: "no_rail_for_format" });
    const quoteId = JSON.parse(Buffer.from(res.token.slice(3, res.token.indexOf(".")), "base64url").toString()).q;
    expect(await db().order.count({ where: { quoteId } })).toBe(0);
    expect((await db().quote.findUniqueOrThrow({ where: { id: quoteId } })).usedAt).toBeNull();
    // Sandbox orders still run.
    expect((await sendSandboxLetter()).status).toBe(201);
  });

  it("turns the local card rail off", async () => {
    const res = await call(payLocal, { body: { session_id: "cs_local_000000000000000000000000", card_number: "4242424242424242", expiry: "12/39", cvc: "123" } });
    expect(res.status).toBe(404);
    expect(res.json.reason).toMatch(/local test rail is off/);
  });
});
