import type { Operation } from "@/lib/openapi/operation";
import * as ex from "@/lib/openapi/examples";
import { JsonRpcMessageSchema } from "@/lib/openapi/response-schemas";

// The MCP endpoint (app/v1/mcp/route.ts): one route, three methods, JSON-RPC bodies.

const MCP_DESCRIPTION = [
  "The Model Context Protocol endpoint (Streamable HTTP, stateless; protocol 2026-07-28 and the 2025 clients). Bodies are JSON-RPC 2.0: `initialize`, `tools/list`, `tools/call`.",
  "Tools, each running the same lib call, schemas, scopes, throttles and caps as its HTTP route: `quote_letter` (POST /v1/quotes, scope mail:quote), `send_letter` (POST /v1/orders, mail:send; needs `confirmation_token` and an `idempotency_key`), `get_letter_status` (GET /v1/orders/{id} with the tracking timeline, mail:read), `submit_feedback` (POST /v1/feedback, open to every caller).",
  "Every tool failure carries the envelope (`code`, `reason`, `next`) and a boolean `retryable`. A request with an `Origin` header is served only from this service's origin (or MCP_ALLOWED_ORIGINS): 403 `origin_not_allowed`. Send `Authorization: Bearer` as with every route.",
].join("\n\n");

const jsonRpc = (id: number, method: string, params: unknown) => ({ jsonrpc: "2.0", id, method, params });

export const AGENT_OPERATIONS: Operation[] = [
  {
    method: "post",
    path: "/v1/mcp",
    operationId: "mcpPost",
    summary: "MCP: send a JSON-RPC message (initialize, tools/list, tools/call)",
    description: MCP_DESCRIPTION,
    tags: ["Agents"],
    scope: null,
    wrapped: false,
    headers: [{ name: "MCP-Protocol-Version", description: "The negotiated protocol version, after initialize." }],
    request: {
      schema: JsonRpcMessageSchema,
      description: "One JSON-RPC 2.0 message. Send `Accept: application/json, text/event-stream`.",
      examples: {
        quote_letter: { summary: "tools/call quote_letter", value: jsonRpc(2, "tools/call", { name: "quote_letter", arguments: ex.letterRequest }) },
        send_letter: { summary: "tools/call send_letter", value: jsonRpc(3, "tools/call", { name: "send_letter", arguments: { ...ex.orderRequest, idempotency_key: ex.ids.idempotencyKey } }) },
      },
    },
    responses: {
      200: { description: "The JSON-RPC response (application/json, or one text/event-stream event). Tool results carry structuredContent; failures set isError with the envelope and `retryable`.", schema: JsonRpcMessageSchema, contentType: ["application/json", "text/event-stream"] },
      202: { description: "A notification or response was accepted (no body)." },
    },
    // Tool failures (invalid_key, insufficient_scope, validation_error, …) come back inside the
    // JSON-RPC result (isError, with the envelope and retryable), not as HTTP errors.
    errors: ["origin_not_allowed"],
  },
  {
    method: "get",
    path: "/v1/mcp",
    operationId: "mcpGet",
    summary: "MCP: server-to-client stream (stateless server: none offered)",
    description: MCP_DESCRIPTION,
    tags: ["Agents"],
    scope: null,
    wrapped: false,
    responses: { 405: { description: "The server is stateless and offers no standalone SSE stream (Allow: POST); use POST.", schema: JsonRpcMessageSchema } },
    errors: ["origin_not_allowed"],
  },
  {
    method: "delete",
    path: "/v1/mcp",
    operationId: "mcpDelete",
    summary: "MCP: end a session (stateless server: nothing to end)",
    description: MCP_DESCRIPTION,
    tags: ["Agents"],
    scope: null,
    wrapped: false,
    headers: [{ name: "MCP-Session-Id", description: "The session to end; this server issues none." }],
    responses: { 405: { description: "The server is stateless: there is no session to end (Allow: POST).", schema: JsonRpcMessageSchema } },
    errors: ["origin_not_allowed"],
  },
];
