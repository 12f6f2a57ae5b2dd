import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
// The 1.x SDK client, which checks every result against the tool's output schema.
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as StreamableHTTPClientTransportV1 } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { GET as mcpGet, POST as mcpPost, DELETE as mcpDelete } from "@/app/v1/mcp/route";
import { GET as listOrders } from "@/app/v1/orders/route";
import { issueApiKey } from "@/lib/auth/api-keys";
import { db } from "@/lib/db";
import { call } from "@/tests/support/api";
import { seedOrderRows } from "@/tests/support/orders";
import { serveRoute } from "@/tests/support/serve-route";
import type { LocalServer } from "@/tests/support/local-http";

// The MCP tool list_letters is GET /v1/orders: the same arguments as the query string, the same
// answer, the same scope, the same throttle bucket.

let server: LocalServer;
const clients: { close(): Promise<void> }[] = [];

beforeAll(async () => {
  const methods: Record<string, (req: Request) => Promise<Response>> = { GET: mcpGet, POST: mcpPost, DELETE: mcpDelete };
  server = await serveRoute("/v1/mcp", (req) => methods[req.method](req));
});
afterAll(async () => {
  for (const c of clients) await c.close().catch(() => {});
  await server.close();
});

const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });

async function connect(key: string | null, sdk: "2.x" | "1.x" = "2.x") {
  const url = new URL(`${server.origin}/v1/mcp`);
  const requestInit = { headers: key ? bearer(key) : {} };
  if (sdk === "1.x") {
    const client = new ClientV1({ name: "inspector", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransportV1(url, { requestInit }));
    await client.listTools(); // from here on it checks results against the output schemas
    clients.push(client);
    return client;
  }
  const client = new Client({ name: "test-agent", version: "1.0.0" }, { versionNegotiation: { mode: "legacy" } });
  await client.connect(new StreamableHTTPClientTransport(url, { requestInit }));
  clients.push(client);
  return client;
}

type AnyClient = { callTool(params: { name: string; arguments: Record<string, unknown> }): Promise<Record<string, unknown>> };
async function listLetters(client: AnyClient, args: Record<string, unknown>) {
  const result = await client.callTool({ name: "list_letters", arguments: args });
  return { isError: result.isError === true, data: result.structuredContent as Record<string, any>, text: (result.content as { text: string }[])[0]?.text };
}

const httpList = (key: string, query: string) => call(listOrders, { path: `/v1/orders?${query}`, headers: bearer(key) });

describe("MCP list_letters", () => {
  it("answers what GET /v1/orders answers, page after page, with the same arguments", async () => {
    const k = await issueApiKey({ mode: "test", label: "mcp lister", scopes: ["mail:read"] });
    const statuses = ["submitted", "mailed", "delivered"];
    await seedOrderRows(9, (i) => ({ apiKeyId: k.id, status: statuses[i % 3], createdAt: new Date(Date.UTC(2026, 2, 2, 12, i)) }));
    const client = await connect(k.key);

    const first = await listLetters(client, { limit: 2, status: "mailed,delivered", created_gte: "2026-03-02T12:01:00Z" });
    expect(first.isError).toBe(false);
    const firstHttp = await httpList(k.key, "limit=2&status=mailed,delivered&created_gte=2026-03-02T12:01:00Z");
    expect(first.data).toEqual(firstHttp.json);
    expect(JSON.parse(first.text)).toEqual(first.data);
    expect(first.data).toMatchObject({ status: "ok", has_more: true });
    expect(first.data.orders).toHaveLength(2);

    const second = await listLetters(client, { limit: 2, status: "mailed,delivered", created_gte: "2026-03-02T12:01:00Z", starting_after: first.data.next_starting_after });
    const secondHttp = await httpList(k.key, `limit=2&status=mailed,delivered&created_gte=2026-03-02T12:01:00Z&starting_after=${first.data.next_starting_after}`);
    expect(second.data).toEqual(secondHttp.json);
    expect(second.data.orders.map((o: { id: string }) => o.id)).not.toContain(first.data.orders[1].id);

    const everything = await listLetters(client, {});
    expect(everything.data).toEqual((await httpList(k.key, "")).json);
    expect(everything.data.orders).toHaveLength(9);

    // One throttle bucket for both ways in: every call above counted against orders_list.
    const rows = await db().$queryRaw<{ key: string; points: number }[]>`SELECT key, points FROM rate_limits WHERE key LIKE ${`%${k.id}`}`;
    expect(rows).toEqual([{ key: `orders_list:key:${k.id}`, points: 6 }]);
  });

  for (const sdk of ["2.x", "1.x"] as const) {
    it(`fails as the route does: key_required without a key, insufficient_scope without mail:read, validation_error naming the argument (${sdk} client)`, async () => {
      const anonymous = await listLetters(await connect(null, sdk), {});
      expect(anonymous.isError).toBe(true);
      expect(anonymous.data).toMatchObject({ status: "failed", code: "key_required", retryable: false });
      expect(anonymous.data.reason).toMatch(/Listing orders needs an API key/);

      const quoteOnly = await issueApiKey({ mode: "test", label: "quote only", scopes: ["mail:quote"] });
      const refused = await listLetters(await connect(quoteOnly.key, sdk), {});
      expect(refused.data).toMatchObject({ status: "failed", code: "insufficient_scope", retryable: false });
      expect(refused.data.reason).toContain("mail:read");

      const reader = await issueApiKey({ mode: "test", label: "reader", scopes: ["mail:read"] });
      const client = await connect(reader.key, sdk);
      const badLimit = await listLetters(client, { limit: 500 });
      expect(badLimit).toMatchObject({ isError: true, data: { code: "validation_error", retryable: false } });
      expect(badLimit.data.reason).toMatch(/limit must be a whole number from 1 to 100/);
      const badCursor = await listLetters(client, { starting_after: "ord_test_" + "0".repeat(24) });
      expect(badCursor.data).toMatchObject({ code: "validation_error" });
      expect(badCursor.data.reason).toMatch(/starting_after .* is not one of this key's orders/);
      expect(await listLetters(client, {})).toMatchObject({ isError: false, data: { status: "ok", orders: [], has_more: false } });
    });
  }
});
