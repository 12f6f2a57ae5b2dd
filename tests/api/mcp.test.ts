import { randomUUID } from "node:crypto";
import { describe, expect, it, beforeAll, afterAll } from "vitest";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { GET, POST, DELETE } from "@/app/v1/mcp/route";
import { db } from "@/lib/db";
import { issueApiKey } from "@/lib/auth/api-keys";
import { letter } from "@/tests/support/api";
import { driveUntil } from "@/tests/support/pipeline";
import { serveRoute } from "@/tests/support/serve-route";
import type { LocalServer } from "@/tests/support/local-http";

// The MCP endpoint (issue 7.1) through the official MCP client over HTTP: the tools an agent
// uses to quote, send and follow a letter, and the envelope every failure carries.

let server: LocalServer;
const clients: Client[] = [];

beforeAll(async () => {
  const methods: Record<string, (req: Request) => Promise<Response>> = { GET, POST, DELETE };
  server = await serveRoute("/v1/mcp", (req) => methods[req.method](req));
});
afterAll(async () => {
  for (const c of clients) await c.close().catch(() => {});
  await server.close();
});

type Mode = "legacy" | "auto";
async function connect(opts: { mode?: Mode; headers?: Record<string, string> } = {}): Promise<Client> {
  const client = new Client({ name: "test-agent", version: "1.0.0" }, { versionNegotiation: { mode: opts.mode ?? "legacy" } });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${server.origin}/v1/mcp`), { requestInit: { headers: opts.headers ?? {} } }));
  clients.push(client);
  return client;
}

type Structured = Record<string, any>;
async function callTool(client: Client, name: string, args: Record<string, unknown>) {
  const result = await client.callTool({ name, arguments: args });
  return { isError: result.isError === true, data: result.structuredContent as Structured, text: (result.content as { text: string }[])[0]?.text };
}

describe("MCP tools", () => {
  it("lists four tools, each with input and output schemas and a description of the safe order of calls", async () => {
    const client = await connect();
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(["get_letter_status", "quote_letter", "send_letter", "submit_feedback"]);
    for (const t of tools) {
      expect(t.inputSchema.type, t.name).toBe("object");
      expect(t.outputSchema?.type, t.name).toBe("object");
      expect(t.description!.length, t.name).toBeGreaterThan(80);
    }
    const send = tools.find((t) => t.name === "send_letter")!;
    expect(send.inputSchema.required).toEqual(expect.arrayContaining(["idempotency_key", "to", "from", "mail_class"]));
    expect(JSON.stringify(send.inputSchema.properties)).toMatch(/confirmation_token[\s\S]*quote_letter/);
    expect(send.description).toMatch(/quote_letter/);
    expect(send.description).toMatch(/same idempotency_key|reuse it/i);
    expect(client.getInstructions()).toMatch(/1\. quote_letter[\s\S]*2\. send_letter[\s\S]*3\. get_letter_status/);
  });

  for (const mode of ["legacy", "auto"] as const) {
    it(`quotes, sends (once, under retries) and follows a sandbox letter to delivered (${mode === "legacy" ? "a 2025 client" : "protocol 2026-07-28"})`, async () => {
      const client = await connect({ mode });
      expect(client.getNegotiatedProtocolVersion()).toBe(mode === "auto" ? "2026-07-28" : "2025-11-25");
      expect(client.getServerVersion()?.name).toBe("physical-mail-service");
      const body = letter();
      const quote = await callTool(client, "quote_letter", body);
      expect(quote.isError).toBe(false);
      expect(quote.data).toMatchObject({ status: "ok", quote: { price_cents: 99, sandbox: true } });
      expect(JSON.parse(quote.text)).toEqual(quote.data); // the text block says the same for clients without structured content

      const key = randomUUID();
      const sent = await callTool(client, "send_letter", { ...body, confirmation_token: quote.data.confirmation_token, idempotency_key: key });
      expect(sent.isError).toBe(false);
      expect(sent.data).toMatchObject({ status: "ok", order: { status: "submitted", sandbox: true }, capability: { cancel_token: expect.stringMatching(/^cap_/) } });
      // A retry after a lost answer: the same order, never a second letter.
      const again = await callTool(client, "send_letter", { ...body, confirmation_token: quote.data.confirmation_token, idempotency_key: key });
      expect(again.data.order.id).toBe(sent.data.order.id);
      expect(again.data.replayed).toBe(true);
      expect(await db().order.count({ where: { quoteId: quote.data.quote.id } })).toBe(1);

      await driveUntil(sent.data.order.id, "delivered");
      const status = await callTool(client, "get_letter_status", { id: sent.data.order.id });
      expect(status.isError).toBe(false);
      expect(status.data).toMatchObject({ status: "ok", order: { id: sent.data.order.id, status: "delivered" }, tracking: { status: "delivered" } });
      expect(status.data.tracking.events.map((e: { description: string }) => e.description)).toContain("Delivered");
    });
  }

  it("answers every failure with code, reason, next and retryable", async () => {
    const client = await connect();
    const body = letter();
    // No quote behind the token.
    const forged = await callTool(client, "send_letter", { ...body, confirmation_token: "ct_forged", idempotency_key: randomUUID() });
    expect(forged.isError).toBe(true);
    expect(forged.data).toMatchObject({ status: "failed", code: "confirmation_invalid", retryable: false });
    expect(forged.data.next.length).toBeGreaterThan(0);
    expect(typeof forged.data.reason).toBe("string");

    // No token at all: the API's own answer, quote first (spec 7: 428 confirmation_required).
    const unquoted = await callTool(client, "send_letter", { ...body, idempotency_key: randomUUID() });
    expect(unquoted.data).toMatchObject({ status: "action_required", code: "confirmation_required", retryable: false });

    // Arguments that break the input schema: the SDK's refusal, in the same envelope.
    const noKey = await callTool(client, "send_letter", { ...body, confirmation_token: "x" });
    expect(noKey.isError).toBe(true);
    expect(noKey.data).toMatchObject({ status: "failed", code: "validation_error", retryable: false });
    expect(noKey.data.reason).toMatch(/idempotency_key/);

    const badAddress = await callTool(client, "quote_letter", { ...body, to: { ...body.to, state: "ZZ" } });
    expect(badAddress.data).toMatchObject({ code: "validation_error", retryable: false });

    // A control character nothing can print or store: refused with the argument named.
    const nul = await callTool(client, "submit_feedback", { kind: "bug", message: "it broke\u0000here" });
    expect(nul.isError).toBe(true);
    expect(nul.data).toMatchObject({ status: "failed", code: "validation_error", retryable: false });
    expect(nul.data.reason).toMatch(/`arguments\.message` contains a control character \(U\+0000\)/);

    const unknown = await callTool(client, "get_letter_status", { id: "ord_test_000000000000000000000000" });
    expect(unknown.data).toMatchObject({ status: "failed", code: "order_not_found", retryable: false });
  });

  it("acts with the caller's API key and its scopes, as the HTTP routes do", async () => {
    const { key } = await issueApiKey({ mode: "live", label: "quote only", scopes: ["mail:quote"] });
    const client = await connect({ headers: { Authorization: `Bearer ${key}` } });
    const body = letter();
    const quote = await callTool(client, "quote_letter", body);
    expect(quote.isError).toBe(false);
    const sent = await callTool(client, "send_letter", { ...body, confirmation_token: quote.data.confirmation_token, idempotency_key: randomUUID() });
    expect(sent.data).toMatchObject({ code: "insufficient_scope", retryable: false });

    const forged = await connect({ headers: { Authorization: "Bearer ak_live_not_a_real_key" } });
    expect((await callTool(forged, "quote_letter", body)).data).toMatchObject({ code: "invalid_key" });
  });

  it("records feedback through submit_feedback", async () => {
    const client = await connect();
    const res = await callTool(client, "submit_feedback", { kind: "docs_mismatch", message: "The quote_letter description says 30 minutes; I saw 29.", route: "mcp:quote_letter" });
    expect(res.data).toMatchObject({ status: "ok", feedback: { kind: "docs_mismatch" } });
    expect(await db().feedback.findUnique({ where: { id: res.data.feedback.id } })).toMatchObject({ route: "mcp:quote_letter" });
  });

  it("refuses a browser page from another origin, and serves this service's own origin and server-side agents", async () => {
    const init = { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "page", version: "1" } } };
    const post = (origin?: string) =>
      fetch(`${server.origin}/v1/mcp`, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...(origin ? { origin } : {}) },
        body: JSON.stringify(init),
      });
    const evil = await post("https://evil.example");
    expect(evil.status).toBe(403);
    expect(await evil.json()).toMatchObject({ status: "failed", code: "origin_not_allowed" });
    expect((await post("http://mail.test")).status).toBe(200);
    expect((await post()).status).toBe(200);
  });

  it("answers a tools/call whose arguments are not an object as the tool's failed result, validation_error, not a JSON-RPC error", async () => {
    for (const args of ["x", 5, null, ["a"]]) {
      const res = await fetch(`${server.origin}/v1/mcp`, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 7, method: "tools/call", params: { name: "quote_letter", arguments: args } }),
      });
      expect(res.status).toBe(200);
      const answer = await res.json();
      expect(answer).toMatchObject({ jsonrpc: "2.0", id: 7, result: { isError: true, structuredContent: { status: "failed", code: "validation_error", retryable: false } } });
      expect(answer.result.structuredContent.reason).toMatch(/arguments of quote_letter must be an object/);
      expect(answer.error).toBeUndefined();
    }
  });

  it("refuses a body larger than any letter before reading it all", async () => {
    const res = await fetch(`${server.origin}/v1/mcp`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: "x".repeat(16_000_000),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ status: "failed", code: "body_too_large" });
  });
});
