import { describe, expect, it } from "vitest";
import { GET as health } from "@/app/v1/health/route";
import { POST as postQuote } from "@/app/v1/quotes/route";
import { call, letter } from "@/tests/support/api";
import { checkAgainstDocument } from "@/tests/support/contract";

// The check every API test's call runs (tests/support/api.ts): it must pass real answers and
// fail answers the document does not describe, or it would prove nothing.

describe("the contract check of every API answer", () => {
  it("passes the real answers of documented operations", async () => {
    const res = await call(health);
    expect(res.status).toBe(200);
    const quote = await call(postQuote, { body: letter() });
    expect(quote.status).toBe(200);
    const refused = await call(postQuote, { body: { ...letter(), to: undefined } });
    expect(refused.status).toBe(400);
  });

  it("fails a status the operation does not document, and a body that does not match the schema", async () => {
    await expect(checkAgainstDocument(health, 418, "application/json", { status: "ok" })).rejects.toThrow(/answered 418, which \/v1\/openapi.json does not document/);
    const quote = await call(postQuote, { body: letter() });
    await expect(checkAgainstDocument(postQuote, 200, "application/json", { ...quote.json, quote: { ...quote.json.quote, price_cents: "99" } })).rejects.toThrow(/does not match \/v1\/openapi.json: .*price_cents/);
    await expect(checkAgainstDocument(postQuote, 400, "application/json", { status: "failed", reason: "no code" })).rejects.toThrow(/does not match/);
  });
});
