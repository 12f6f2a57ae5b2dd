import type { ErrorCode } from "@/lib/errors/error-catalogue";
import { ERRORS } from "@/lib/errors/error-catalogue";
import { defineOperation, type Operation, type SuccessResponse } from "@/lib/openapi/operation";
import * as ex from "@/lib/openapi/examples";
import { JsonRpcMessageSchema } from "@/lib/openapi/response-schemas";
import { MAX_MCP_BODY_BYTES } from "@/lib/mcp/handle-mcp-request";

// The MCP endpoint (lib/mcp/handle-mcp-request.ts): one route, three methods, JSON-RPC bodies.

const MCP_DESCRIPTION = [
  "The Model Context Protocol endpoint (Streamable HTTP, stateless; protocol 2026-07-28 and the 2025 clients). Bodies are JSON-RPC 2.0: `initialize`, `tools/list`, `tools/call`.",
  "Tools, each running the same lib call, schemas, scopes, throttles and caps as its HTTP route: `quote_letter` (POST /v1/quotes, scope mail:quote), `send_letter` (POST /v1/orders, mail:send; needs `confirmation_token` and an `idempotency_key`), `get_letter_status` (GET /v1/orders/{id} with the tracking timeline, mail:read), `list_letters` (GET /v1/orders: the calling key's orders, mail:read; needs a key), `submit_feedback` (POST /v1/feedback, open to every caller).",
  "Every tool failure is a result with `isError: true` whose structured content is the envelope (`status`, `code`, `reason`, `next`) and a boolean `retryable`; each tool's output schema admits it. A letter screening refuses is such a failure, `content_refused`.",
  "Before any JSON-RPC, at the HTTP level: a request with an `Origin` header is served only from this service's origin (or MCP_ALLOWED_ORIGINS), else 403 `origin_not_allowed`; an `Authorization: Bearer` key that does not verify is 401 `invalid_key` (with `WWW-Authenticate`), a disabled one 403 `key_disabled`. A key's scopes are checked per tool (`insufficient_scope` as the tool's failure). These and the transport's refusals carry the envelope beside a JSON-RPC `error`.",
].join("\n\n");

const jsonRpc = (id: number, method: string, params: unknown) => ({ jsonrpc: "2.0", id, method, params });

/**
 * An HTTP-level refusal of /v1/mcp: its codes' examples carry the JSON-RPC error that comes with
 * the envelope (lib/mcp/http-refusals.ts), with the JSON-RPC code the transport uses.
 */
function refusal(description: string, codes: ErrorCode[], extra: Partial<SuccessResponse> = {}): SuccessResponse {
  const rpcCode = (code: ErrorCode) => (code === "invalid_json" ? -32700 : -32000);
  return {
    description,
    schema: JsonRpcMessageSchema,
    examples: Object.fromEntries(codes.map((code) => [code, { summary: code, value: { jsonrpc: "2.0", id: null, error: { code: rpcCode(code), message: ERRORS[code].summary } } }])),
    ...extra,
  };
}

const KEY_AND_ORIGIN: ErrorCode[] = ["origin_not_allowed", "invalid_key", "key_disabled", "key_store_unavailable", "internal_error"];

/** The refusals every method of /v1/mcp can answer, by HTTP status. */
const COMMON_REFUSALS: Record<number, SuccessResponse> = {
  401: refusal("The Authorization key does not verify; never served as anonymous.", ["invalid_key"]),
  403: refusal("A page of another origin, or a disabled key.", ["origin_not_allowed", "key_disabled"]),
  500: refusal("The service failed unexpectedly.", ["internal_error"]),
  503: refusal("The API key store cannot be reached.", ["key_store_unavailable"]),
};

const NOT_SERVED = (what: string) => ({
  405: refusal(`${what} (Allow: POST).`, ["method_not_allowed"], { headers: { Allow: { description: "POST" } } }),
});

export const mcpPostOperation = defineOperation({
  method: "post",
  path: "/v1/mcp",
  operationId: "mcpPost",
  summary: "MCP: send a JSON-RPC message (initialize, tools/list, tools/call)",
  description: MCP_DESCRIPTION,
  tags: ["Agents"],
  scope: null,
  wrapped: false,
  headers: [{ name: "MCP-Protocol-Version", description: "The negotiated protocol version, after initialize; a version this server does not speak is 400 `unsupported_protocol_version`." }],
  request: {
    schema: JsonRpcMessageSchema,
    description: "One JSON-RPC 2.0 message, as `Content-Type: application/json`. Send `Accept: application/json, text/event-stream`.",
    maxBytes: MAX_MCP_BODY_BYTES,
    examples: {
      quote_letter: { summary: "tools/call quote_letter", value: jsonRpc(2, "tools/call", { name: "quote_letter", arguments: ex.letterRequest }) },
      send_letter: { summary: "tools/call send_letter", value: jsonRpc(3, "tools/call", { name: "send_letter", arguments: { ...ex.orderRequest, idempotency_key: ex.ids.idempotencyKey } }) },
    },
  },
  responses: {
    200: { description: "The JSON-RPC response (application/json, or one text/event-stream event). Tool results carry structuredContent; failures set isError with the envelope and `retryable`.", schema: JsonRpcMessageSchema, contentType: ["application/json", "text/event-stream"] },
    202: { description: "A notification or response was accepted (no body)." },
    400: refusal("The body is not a JSON-RPC message this server can take: not JSON, not JSON-RPC, not application/json, too large, or for a protocol version it does not speak.", [
      "validation_error",
      "invalid_json",
      "unsupported_media_type",
      "unsupported_protocol_version",
      "body_too_large",
    ]),
    406: refusal("The Accept header must list both application/json and text/event-stream.", ["not_acceptable"]),
    ...COMMON_REFUSALS,
  },
  errors: [...KEY_AND_ORIGIN, "validation_error", "invalid_json", "unsupported_media_type", "unsupported_protocol_version", "body_too_large", "not_acceptable"],
});

export const mcpGetOperation = defineOperation({
  method: "get",
  path: "/v1/mcp",
  operationId: "mcpGet",
  summary: "MCP: server-to-client stream (stateless server: none offered)",
  description: MCP_DESCRIPTION,
  tags: ["Agents"],
  scope: null,
  wrapped: false,
  responses: { ...NOT_SERVED("The server is stateless and offers no standalone SSE stream; use POST"), ...COMMON_REFUSALS },
  errors: [...KEY_AND_ORIGIN, "method_not_allowed"],
});

export const mcpDeleteOperation = defineOperation({
  method: "delete",
  path: "/v1/mcp",
  operationId: "mcpDelete",
  summary: "MCP: end a session (stateless server: nothing to end)",
  description: MCP_DESCRIPTION,
  tags: ["Agents"],
  scope: null,
  wrapped: false,
  headers: [{ name: "MCP-Session-Id", description: "The session to end; this server issues none." }],
  responses: { ...NOT_SERVED("The server is stateless: there is no session to end"), ...COMMON_REFUSALS },
  errors: [...KEY_AND_ORIGIN, "method_not_allowed"],
});

export const AGENT_OPERATIONS: Operation[] = [mcpPostOperation, mcpGetOperation, mcpDeleteOperation];
