import { describe, expect, it } from "vitest";
import { POST as postSuggestClass, GET as getSuggestClass, DELETE as deleteSuggestClass } from "@/app/v1/suggest-class/route";
import { POST as postCsvMap } from "@/app/v1/csv-map/route";
import { issueApiKey } from "@/lib/auth/api-keys";
import { call, randomIp } from "@/tests/support/api";

// POST /v1/suggest-class: a letter's text in, an advisory mail class out (spec 4.4); open to
// every caller and to keys with mail:quote, with its own throttle of 10 a minute.

const notice = {
  text: "NOTICE TO QUIT\n\nDear Mr. Doyle,\n\nYou are hereby notified to vacate the premises at 9 Elm Street within three (3) days of this notice.\n\nCarol Benson",
};

describe("POST /v1/suggest-class", () => {
  it("suggests certified_err for a notice to vacate, with the phrases found, for an anonymous caller", async () => {
    const res = await call(postSuggestClass, { path: "/v1/suggest-class", body: notice });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-request-id")).toMatch(/^req_/);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(Object.keys(res.json).sort()).toEqual(["advisory", "confidence", "matched", "next", "reason", "source", "status", "suggested_class"]);
    expect(res.json).toMatchObject({
      status: "ok",
      suggested_class: "certified_err",
      source: "heuristic",
      matched: ["notice to quit", "vacate the premises"],
      advisory: true,
    });
    expect(res.json.reason).toMatch(/^The letter reads as a notice to vacate \("notice to quit", "vacate the premises"\); certified mail with electronic return receipt/);
    expect(res.json.next[0]).toMatch(/^Advisory only: you choose the class/);
  });

  it("suggests first_class for a personal letter, and for a postcard whatever it says", async () => {
    const hello = await call(postSuggestClass, { body: { text: "This is not a legal notice, just saying hi" } });
    expect(hello.status).toBe(200);
    expect(hello.json).toMatchObject({ suggested_class: "first_class", matched: [], source: "heuristic" });
    const postcard = await call(postSuggestClass, { body: { ...notice, format: "postcard_4x6" } });
    expect(postcard.status).toBe(200);
    expect(postcard.json).toMatchObject({ suggested_class: "first_class", confidence: "high" });
    expect(postcard.json.reason).toMatch(/certified needs a letter format/);
  });

  it("takes the longest text, even where JSON makes it six bytes a character", async () => {
    // A lone surrogate, which JSON writes as a six-byte escape (control characters, also six bytes, are refused).
    const res = await call(postSuggestClass, { body: { text: "\ud800".repeat(50_000) } });
    expect(res.status).toBe(200);
    expect(res.json.suggested_class).toBe("first_class");
  });

  it("takes a key with only mail:quote, and refuses a key without it", async () => {
    const quoter = await issueApiKey({ mode: "live", label: "quote only", scopes: ["mail:quote"] });
    expect((await call(postSuggestClass, { body: notice, headers: { Authorization: `Bearer ${quoter.key}` } })).status).toBe(200);
    const writer = await issueApiKey({ mode: "live", label: "feedback only", scopes: ["feedback:write"] });
    const refused = await call(postSuggestClass, { body: notice, headers: { Authorization: `Bearer ${writer.key}` } });
    expect(refused.status).toBe(403);
    expect(refused.json.code).toBe("insufficient_scope");
  });

  it("says how to fix a bad request", async () => {
    const cases: [unknown, RegExp][] = [
      [{}, /text is required/],
      [{ text: "" }, /text must be 1 to 50000 characters/],
      [{ text: "   " }, /text is blank/],
      [{ text: "x".repeat(50_001) }, /text must be at most 50000 characters/],
      [{ text: 42 }, /text must be a string/],
      [{ text: "hi", format: "a4" }, /format must be one of/],
      [{ text: "hi", mail_class: "certified" }, /unknown field "mail_class"/],
    ];
    for (const [body, reason] of cases) {
      const res = await call(postSuggestClass, { body });
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(res.json).toMatchObject({ status: "failed", code: "validation_error" });
      expect(res.json.reason).toMatch(reason);
    }
    const notJson = await call(postSuggestClass, { rawBody: "text=hi", method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(notJson.status).toBe(400);
    expect(notJson.json.code).toBe("unsupported_media_type");
  });

  it("accepts POST only", async () => {
    for (const handler of [getSuggestClass, deleteSuggestClass]) {
      const res = await call(handler, { path: "/v1/suggest-class" });
      expect(res.status).toBe(405);
      expect(res.json.code).toBe("method_not_allowed");
      expect(res.headers.get("allow")).toBe("POST, OPTIONS");
    }
  });

  it("throttles at 10 a minute per caller in its own bucket, with Retry-After", async () => {
    const ip = randomIp();
    for (let i = 0; i < 10; i++) expect((await call(postSuggestClass, { body: notice, ip })).status).toBe(200);
    const limited = await call(postSuggestClass, { body: notice, ip });
    expect(limited.status).toBe(429);
    expect(limited.json.code).toBe("rate_limited");
    expect(limited.json.reason).toMatch(/10 a minute/);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    // Other buckets of the same caller are untouched, and other callers have their own.
    expect((await call(postCsvMap, { body: { header: ["Name", "Zip"] }, ip })).status).toBe(200);
    expect((await call(postSuggestClass, { body: notice, ip: randomIp() })).status).toBe(200);
  });
});
