import { describe, expect, it } from "vitest";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { POST as postFeedback } from "@/app/v1/feedback/route";
import { POST as postMcp } from "@/app/v1/mcp/route";
import { serveRoute } from "@/tests/support/serve-route";
import { issueApiKey } from "@/lib/auth/api-keys";
import { db } from "@/lib/db";
import { call, randomIp } from "@/tests/support/api";
import { sendSandboxLetter } from "@/tests/support/orders";

// POST /v1/feedback: open to every caller, its own throttle of 10 a minute, and every report
// kept with what an operator needs to act on it.

const report = { kind: "wrong_response", message: "The quote said 2 pages; the proof has 3.", route: "POST /v1/quotes", expected: "page_count 3", actual: "page_count 2" };

describe("POST /v1/feedback", () => {
  it("records a report with its context, from an anonymous caller", async () => {
    const ip = randomIp();
    const res = await call(postFeedback, { body: { ...report, request_id: "req_abcdefghij0123456789", order_id: "ord_test_abcdefghij0123456789abcd", email: "dev@example.com" }, ip, headers: { "user-agent": "agent/1.0" } });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ status: "ok", feedback: { kind: "wrong_response" } });
    const row = await db().feedback.findUniqueOrThrow({ where: { id: res.json.feedback.id } });
    expect(row).toMatchObject({
      kind: "wrong_response",
      message: report.message,
      route: "POST /v1/quotes",
      requestId: "req_abcdefghij0123456789",
      orderId: "ord_test_abcdefghij0123456789abcd",
      expected: "page_count 3",
      actual: "page_count 2",
      email: "dev@example.com",
      actor: `ip:${ip}`,
      userAgent: "agent/1.0",
    });
    expect(row.receivedRequestId).toBe(res.headers.get("x-request-id"));
  });

  it("is open to every key that verifies, whatever its scopes (spec 4.9), and still refuses a key that does not", async () => {
    const writer = await issueApiKey({ mode: "live", label: "feedback only", scopes: ["feedback:write"] });
    const ok = await call(postFeedback, { body: report, headers: { Authorization: `Bearer ${writer.key}` } });
    expect(ok.status).toBe(201);
    expect((await db().feedback.findUniqueOrThrow({ where: { id: ok.json.feedback.id } })).apiKeyId).toBe(writer.id);
    const quoter = await issueApiKey({ mode: "live", label: "quote only", scopes: ["mail:quote"] });
    const quoting = await call(postFeedback, { body: report, headers: { Authorization: `Bearer ${quoter.key}` } });
    expect(quoting.status).toBe(201);
    expect((await db().feedback.findUniqueOrThrow({ where: { id: quoting.json.feedback.id } })).apiKeyId).toBe(quoter.id);
    const forged = await call(postFeedback, { body: report, headers: { Authorization: "Bearer ak_live_notakeywehaveissued000000000000" } });
    expect(forged.status).toBe(401);
    expect(forged.json.code).toBe("invalid_key");
  });

  it("says how to fix a bad report", async () => {
    const empty = await call(postFeedback, { body: { kind: "bug", message: "   " } });
    expect(empty.status).toBe(400);
    expect(empty.json.reason).toMatch(/message must say what happened/);
    const kind = await call(postFeedback, { body: { kind: "praise", message: "hi" } });
    expect(kind.status).toBe(400);
    expect(kind.json.reason).toMatch(/kind/);
  });

  it("refuses a control character (a NUL, which PostgreSQL cannot store) with a 400 that names the field, and stores nothing", async () => {
    const route = `POST /v1/control-${Date.now()}`;
    for (const [field, value] of [["message", "it broke\u0000here"], ["actual", "bell\u0007"], ["expected", "form\u000cfeed"]] as const) {
      const res = await call(postFeedback, { body: { ...report, route, [field]: value } });
      expect(res.status, field).toBe(400);
      expect(res.json).toMatchObject({ status: "failed", code: "validation_error" });
      expect(res.json.reason).toContain(`\`body.${field}\` contains a control character`);
    }
    expect(await db().feedback.count({ where: { route } })).toBe(0);
    // Tabs and line breaks are text.
    expect((await call(postFeedback, { body: { ...report, message: "line one\r\n\tline two" } })).status).toBe(201);
  });

  it("throttles at 10 a minute per caller in its own bucket, with Retry-After", async () => {
    const ip = randomIp();
    for (let i = 0; i < 10; i++) expect((await call(postFeedback, { body: report, ip })).status).toBe(201);
    const limited = await call(postFeedback, { body: report, ip });
    expect(limited.status).toBe(429);
    expect(limited.json.code).toBe("rate_limited");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    // Other buckets of the same caller are untouched, and other callers have their own.
    expect((await sendSandboxLetter({}, { ip })).status).toBe(201);
    expect((await call(postFeedback, { body: report, ip: randomIp() })).status).toBe(201);
  });

  it("shares its bucket with the MCP tool submit_feedback: ten reports by HTTP leave none for the tool this minute", async () => {
    const key = await issueApiKey({ mode: "live", label: "reporter", scopes: ["mail:quote"] });
    const auth = { Authorization: `Bearer ${key.key}` };
    for (let i = 0; i < 10; i++) expect((await call(postFeedback, { body: report, headers: auth })).status).toBe(201);
    const server = await serveRoute("/v1/mcp", (req) => postMcp(req));
    const client = new Client({ name: "reporter", version: "1.0.0" }, { versionNegotiation: { mode: "legacy" } });
    try {
      await client.connect(new StreamableHTTPClientTransport(new URL(`${server.origin}/v1/mcp`), { requestInit: { headers: auth } }));
      const result = await client.callTool({ name: "submit_feedback", arguments: report });
      expect(result.isError).toBe(true);
      expect(JSON.stringify(result.content)).toContain("rate_limited");
    } finally {
      await client.close().catch(() => {});
      await server.close();
    }
  });
});
