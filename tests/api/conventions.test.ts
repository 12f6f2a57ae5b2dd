import { describe, expect, it } from "vitest";
import { POST as postQuote, GET as getQuotes } from "@/app/v1/quotes/route";
import { GET as health } from "@/app/v1/health/route";
import { GET as unknownRoute } from "@/app/v1/[...path]/route";
import { GET as bareV1 } from "@/app/v1/route";
import { OPTIONS as optionsOrder } from "@/app/v1/orders/[id]/route";
import { call, letter } from "@/tests/support/api";

const envelopeKeys = ["code", "next", "reason", "status"];

function expectEnvelope(res: { status: number; json: any }, http: number, code: string) {
  expect(res.status).toBe(http);
  expect(Object.keys(res.json).sort()).toEqual(envelopeKeys);
  expect(res.json.code).toBe(code);
  expect(typeof res.json.reason).toBe("string");
  expect(res.json.reason.length).toBeGreaterThan(10);
  expect(Array.isArray(res.json.next)).toBe(true);
  expect(res.json.next.length).toBeGreaterThan(0);
}

describe("/v1 conventions", () => {
  it("answers success with a status and a request id", async () => {
    const res = await call(health, { path: "/v1/health" });
    expect(res.status).toBe(200);
    expect(res.json.status).toBe("ok");
    expect(res.headers.get("x-request-id")).toMatch(/^req_/);
  });

  it("keeps a sane request id the caller sends", async () => {
    const res = await call(health, { headers: { "x-request-id": "trace-12345678" } });
    expect(res.headers.get("x-request-id")).toBe("trace-12345678");
  });

  it("refuses malformed JSON with a 400 envelope", async () => {
    const res = await call(postQuote, { rawBody: '{"mail_class": ', headers: { "content-type": "application/json" } });
    expectEnvelope(res, 400, "invalid_json");
    expect(res.json.status).toBe("failed");
  });

  it("refuses an empty body", async () => {
    expectEnvelope(await call(postQuote, { rawBody: "", method: "POST", headers: { "content-type": "application/json" } }), 400, "invalid_json");
  });

  it("refuses a body that is not sent as JSON", async () => {
    const res = await call(postQuote, { rawBody: "mail_class=first_class", headers: { "content-type": "application/x-www-form-urlencoded" } });
    expectEnvelope(res, 400, "unsupported_media_type");
  });

  it("accepts application/json with a charset", async () => {
    const res = await call(postQuote, { rawBody: JSON.stringify(letter()), headers: { "content-type": "application/json; charset=utf-8" } });
    expect(res.status).toBe(200);
  });

  it("names every field of the wrong type and every unknown field", async () => {
    const res = await call(postQuote, { body: { ...letter(), sandbox: "yes", color: 1, colour: true } });
    expectEnvelope(res, 400, "validation_error");
    expect(res.json.reason).toContain("sandbox");
    expect(res.json.reason).toContain("color");
    expect(res.json.reason).toContain('"colour"');
  });

  it("says a missing field is required", async () => {
    const { to, ...withoutTo } = letter();
    void to;
    const res = await call(postQuote, { body: withoutTo });
    expectEnvelope(res, 400, "validation_error");
    expect(res.json.reason).toContain("to is required");
  });

  it("refuses an oversized body with a 400 envelope, not a 500", async () => {
    const res = await call(postQuote, { rawBody: JSON.stringify({ ...letter(), text: "x".repeat(15_100_000) }), headers: { "content-type": "application/json" } });
    expectEnvelope(res, 400, "body_too_large");
  });

  it("refuses a body that is a JSON array or string", async () => {
    expectEnvelope(await call(postQuote, { body: [letter()] }), 400, "validation_error");
    expectEnvelope(await call(postQuote, { body: "letter" }), 400, "validation_error");
  });

  it("answers unknown routes and methods with the envelope", async () => {
    expectEnvelope(await call(unknownRoute, { path: "/v1/letters" }), 404, "not_found");
    const res = await call(getQuotes, { path: "/v1/quotes" });
    expectEnvelope(res, 405, "method_not_allowed");
    expect(res.headers.get("allow")).toBe("POST, OPTIONS");
  });

  it("gives every fallback answer a request id: 404, 405, bare /v1 and OPTIONS", async () => {
    const notFound = await call(unknownRoute, { path: "/v1/letters" });
    const notAllowed = await call(getQuotes, { path: "/v1/quotes", headers: { "x-request-id": "req_caller_chosen_01" } });
    const bare = await call(bareV1, { path: "/v1" });
    expectEnvelope(bare, 404, "not_found");
    expect(bare.json.next.join(" ")).toContain("/v1/openapi.json");
    for (const res of [notFound, notAllowed, bare]) expect(res.headers.get("x-request-id")).toMatch(/^req_/);
    expect(notAllowed.headers.get("x-request-id")).toBe("req_caller_chosen_01");
    // OPTIONS names the methods a route takes, in the body and the Allow header.
    const options = await call(optionsOrder, { method: "OPTIONS", path: "/v1/orders/ord_test_x" });
    expect(options.status).toBe(200);
    expect(options.json).toEqual({ status: "ok", methods: ["GET", "DELETE", "OPTIONS"] });
    expect(options.headers.get("allow")).toBe("GET, DELETE, OPTIONS");
    expect(options.headers.get("x-request-id")).toMatch(/^req_/);
  });

  it("refuses a request that cannot be attributed to any caller", async () => {
    expectEnvelope(await call(postQuote, { body: letter(), ip: null }), 400, "unattributable_request");
  });
});
