import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

await vi.hoisted(async () => {
  Object.assign(process.env, (await import("@/tests/support/production-env")).PRODUCTION_ENV);
});

import { POST as payLocal } from "@/app/pay/local/confirm/route";
import { db } from "@/lib/db";
import { call } from "@/tests/support/api";
import { FAKE_LOB_KEY, startFakeLob, type FakeLob } from "@/tests/support/fake-lob";
import { sendLiveLetter, sendSandboxLetter } from "@/tests/support/orders";

// In production, money is only taken for letters that will really be mailed, and the local
// test rail (which takes no money) is off.

let lob: FakeLob;
beforeAll(async () => {
  lob = await startFakeLob();
  process.env.LOB_API_BASE = lob.url.replace(/\/v1$/, "");
});
afterAll(() => lob.close());

describe("payments in production", () => {
  it("verifies addresses with the configured service, never the embedded ZIP table", async () => {
    expect(process.env.LOB_API_KEY).toBe(FAKE_LOB_KEY);
    const res = await sendSandboxLetter();
    expect(res.status).toBe(201);
    expect(lob.requests().filter((r) => r.path === "/v1/us_verifications").length).toBeGreaterThanOrEqual(2);
  });

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
