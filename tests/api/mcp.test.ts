import { randomUUID } from "node:crypto";
import { describe, expect, it, beforeAll, afterAll } from "vitest";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
// The 1.x SDK client, which the MCP Inspector and many agent hosts embed.
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as StreamableHTTPClientTransportV1 } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { GET, POST, DELETE } from "@/app/v1/mcp/route";
import { db } from "@/lib/db";
import { disableApiKey, issueApiKey } from "@/lib/auth/api-keys";
import { buildOpenApiDocument } from "@/lib/openapi/build-openapi-document";
import { letter } from "@/tests/support/api";
import { THREAT_LETTER } from "@/tests/support/screening-letters";
import { driveUntil } from "@/tests/support/pipeline";
import { serveRoute } from "@/tests/support/serve-route";
import type { LocalServer } from "@/tests/support/local-http";

// The MCP endpoint (issue 7.1) through the official MCP client over HTTP: the tools an agent
// uses to quote, send and follow a letter, and the envelope every failure carries.

let server: LocalServer;
const clients: { close(): Promise<void> }[] = [];

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

/** A 1.x client as an agent host runs it: it lists the tools first, and from then on checks every result against the tool's output schema. */
async function connectV1(): Promise<ClientV1> {
  const client = new ClientV1({ name: "inspector", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransportV1(new URL(`${server.origin}/v1/mcp`)));
  clients.push(client);
  await client.listTools();
  return client;
}

type Structured = Record<string, any>;
type AnyClient = { callTool(params: { name: string; arguments: Record<string, unknown> }): Promise<Record<string, unknown>> };
async function callTool(client: AnyClient, name: string, args: Record<string, unknown>) {
  const result = await client.callTool({ name, arguments: args });
  return { isError: result.isError === true, data: result.structuredContent as Structured, text: (result.content as { text: string }[])[0]?.text };
}

const ACCEPT = "application/json, text/event-stream";
const initialize = { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } } };
const postRaw = (body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${server.origin}/v1/mcp`, { method: "POST", headers: { "content-type": "application/json", accept: ACCEPT, ...headers }, body: typeof body === "string" ? body : JSON.stringify(body) });

describe("MCP tools", () => {
  it("lists five tools, each with input and output schemas and a description of the safe order of calls", async () => {
    const client = await connect();
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(["get_letter_status", "list_letters", "quote_letter", "send_letter", "submit_feedback"]);
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
    // A stateless server can never send tools/list_changed: it does not promise to.
    expect(client.getServerCapabilities()?.tools?.listChanged).not.toBe(true);
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
  });

  it("counts quote_letter and submit_feedback against the throttle buckets of POST /v1/quotes and POST /v1/feedback", async () => {
    const { key, id } = await issueApiKey({ mode: "live", label: "throttled", scopes: ["mail:quote"] });
    const client = await connect({ headers: { Authorization: `Bearer ${key}` } });
    expect((await callTool(client, "quote_letter", letter())).isError).toBe(false);
    expect((await callTool(client, "submit_feedback", { kind: "bug", message: "counted like the route" })).isError).toBe(false);
    const rows = await db().$queryRaw<{ key: string }[]>`SELECT key FROM rate_limits WHERE key LIKE ${`%${id}`} ORDER BY key`;
    expect(rows.map((r) => r.key.split(":")[0])).toEqual(["feedback", "quotes"]);
  });

  it("refuses a key that does not verify (401, WWW-Authenticate) or is disabled (403) before any JSON-RPC", async () => {
    for (const forged of ["ak_live_not_a_real_key", `ak_live_${"0".repeat(32)}`]) {
      for (const message of [initialize, { jsonrpc: "2.0", id: 2, method: "tools/list" }]) {
        const res = await postRaw(message, { authorization: `Bearer ${forged}` });
        expect(res.status).toBe(401);
        expect(res.headers.get("www-authenticate")).toMatch(/^Bearer /);
        expect(await res.json()).toMatchObject({ status: "failed", code: "invalid_key", error: { code: -32000 } });
      }
    }
    await expect(connect({ headers: { Authorization: "Bearer ak_live_not_a_real_key" } })).rejects.toThrow(/401|invalid_key/);

    const { key, id } = await issueApiKey({ mode: "live", label: "soon disabled", scopes: [] });
    expect((await postRaw(initialize, { authorization: `Bearer ${key}` })).status).toBe(200);
    await disableApiKey(id);
    const disabled = await postRaw(initialize, { authorization: `Bearer ${key}` });
    expect(disabled.status).toBe(403);
    expect(await disabled.json()).toMatchObject({ status: "failed", code: "key_disabled" });
  });

  for (const sdk of ["2.x", "1.x"] as const) {
    it(`answers a letter screening refuses as a failed send_letter: content_refused, not retryable, with the reason (${sdk} client)`, async () => {
      const client = sdk === "2.x" ? await connect() : await connectV1();
      const body = letter({ text: THREAT_LETTER });
      const quote = await callTool(client, "quote_letter", body);
      const refused = await callTool(client, "send_letter", { ...body, confirmation_token: quote.data.confirmation_token, idempotency_key: randomUUID() });
      expect(refused.isError).toBe(true);
      expect(refused.data).toMatchObject({ status: "failed", code: "content_refused", retryable: false, order: { status: "refused" } });
      expect(refused.data.reason).toBe(refused.data.order.refusal_reason);
      expect(refused.data.reason).toMatch(/threat/);
      expect(JSON.parse(refused.text)).toEqual(refused.data);
    });
  }

  it("reaches a 1.x SDK client (the MCP Inspector's) with every failure's envelope, not a -32602 in its place", async () => {
    const client = await connectV1();
    const body = letter();
    const quote = await callTool(client, "quote_letter", body);
    expect(quote).toMatchObject({ isError: false, data: { status: "ok", quote: { price_cents: 99 } } });

    const unknown = await callTool(client, "get_letter_status", { id: "ord_test_000000000000000000000000" });
    expect(unknown).toMatchObject({ isError: true, data: { status: "failed", code: "order_not_found", retryable: false } });
    const noKey = await callTool(client, "send_letter", { ...body, confirmation_token: quote.data.confirmation_token });
    expect(noKey).toMatchObject({ isError: true, data: { code: "validation_error", retryable: false } });
    const unquoted = await callTool(client, "send_letter", { ...body, idempotency_key: randomUUID() });
    expect(unquoted).toMatchObject({ isError: true, data: { status: "action_required", code: "confirmation_required" } });
    const nul = await callTool(client, "submit_feedback", { kind: "bug", message: "it broke\u0000here" });
    expect(nul).toMatchObject({ isError: true, data: { code: "validation_error" } });

    const sent = await callTool(client, "send_letter", { ...body, confirmation_token: quote.data.confirmation_token, idempotency_key: randomUUID() });
    expect(sent).toMatchObject({ isError: false, data: { status: "ok", order: { status: "submitted" } } });
    const status = await callTool(client, "get_letter_status", { id: sent.data.order.id });
    expect(status).toMatchObject({ isError: false, data: { status: "ok", order: { id: sent.data.order.id } } });
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

  it("answers the transport's refusals with the envelope and a JSON-RPC error, each status as the OpenAPI document states it", async () => {
    const doc = buildOpenApiDocument({ baseUrl: server.origin });
    const cases: { name: string; method: "get" | "post" | "delete"; init: RequestInit; http: number; code: string }[] = [
      { name: "GET (no stream offered)", method: "get", init: { method: "GET", headers: { accept: "text/event-stream" } }, http: 405, code: "method_not_allowed" },
      { name: "DELETE (no session)", method: "delete", init: { method: "DELETE" }, http: 405, code: "method_not_allowed" },
      {
        name: "Accept without text/event-stream",
        method: "post",
        init: { method: "POST", headers: { "content-type": "application/json", accept: "application/json" }, body: JSON.stringify(initialize) },
        http: 406,
        code: "not_acceptable",
      },
      { name: "not JSON", method: "post", init: { method: "POST", headers: { "content-type": "application/json", accept: ACCEPT }, body: "{not json" }, http: 400, code: "invalid_json" },
      {
        name: "JSON that is no JSON-RPC message",
        method: "post",
        init: { method: "POST", headers: { "content-type": "application/json", accept: ACCEPT }, body: JSON.stringify({ hello: 1 }) },
        http: 400,
        code: "validation_error",
      },
      {
        name: "text/plain",
        method: "post",
        init: { method: "POST", headers: { "content-type": "text/plain", accept: ACCEPT }, body: JSON.stringify(initialize) },
        http: 400,
        code: "unsupported_media_type",
      },
      {
        name: "an unknown protocol version",
        method: "post",
        init: {
          method: "POST",
          headers: { "content-type": "application/json", accept: ACCEPT, "mcp-protocol-version": "1999-01-01" },
          body: JSON.stringify({ jsonrpc: "2.0", id: 3, method: "tools/list" }),
        },
        http: 400,
        code: "unsupported_protocol_version",
      },
      {
        name: "a page of another origin",
        method: "post",
        init: { method: "POST", headers: { "content-type": "application/json", accept: ACCEPT, origin: "https://evil.example" }, body: JSON.stringify(initialize) },
        http: 403,
        code: "origin_not_allowed",
      },
    ];
    for (const c of cases) {
      const res = await fetch(`${server.origin}/v1/mcp`, c.init);
      expect(res.status, c.name).toBe(c.http);
      const answer = await res.json();
      expect(answer, c.name).toMatchObject({ status: "failed", code: c.code, jsonrpc: "2.0", error: { message: expect.any(String) } });
      expect(answer.reason, c.name).toBe(answer.error.message);
      expect(answer.next.length, c.name).toBeGreaterThan(0);
      if (c.http === 405) expect(res.headers.get("allow"), c.name).toBe("POST");
      const documented = doc.paths["/v1/mcp"][c.method].responses as Record<string, { "x-error-codes"?: string[] }>;
      expect(documented[String(c.http)]?.["x-error-codes"], `${c.name}: ${c.method.toUpperCase()} ${c.http} in the OpenAPI document`).toContain(c.code);
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

  it("answers an error raised inside the handler with the envelope and a request id, not a framework page", async () => {
    // A body that breaks while it is read: the same failure as a client cut off mid-upload.
    let sent = false;
    const broken = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent) return controller.error(new Error("connection reset by peer"));
        sent = true;
        controller.enqueue(new TextEncoder().encode('{"jsonrpc":"2.0","id":1,'));
      },
    });
    const res = await POST(new Request("http://127.0.0.1/v1/mcp", { method: "POST", headers: { "content-type": "application/json", accept: ACCEPT }, body: broken, duplex: "half" } as RequestInit));
    expect(res.status).toBe(500);
    expect(res.headers.get("x-request-id")).toMatch(/^req_/);
    const body = await res.json();
    expect(body).toMatchObject({ status: "failed", code: "internal_error" });
    expect(body.reason).toContain(res.headers.get("x-request-id"));
  });
});
