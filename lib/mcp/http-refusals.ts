import { ApiError } from "@/lib/errors/api-error";
import type { ErrorCode } from "@/lib/errors/error-catalogue";

// What /v1/mcp answers at the HTTP level, outside any tool result: a refused Origin or key, a
// body too large, and the transport's own refusals (wrong method, Accept, Content-Type, JSON,
// protocol version). Each is the API's envelope (status, code, reason, next), like every /v1
// failure, and also a JSON-RPC error, which is what an MCP client reads.

/** The JSON-RPC error code the transport uses for refusals of its own (implementation-defined range). */
const TRANSPORT_REFUSAL = -32000;

type JsonRpcError = { code: number; message: string; data?: unknown };

/** One of our refusals, answered before the MCP server sees the request. */
export function mcpRefusal(err: ApiError): Response {
  return Response.json({ jsonrpc: "2.0", id: null, error: { code: TRANSPORT_REFUSAL, message: err.message }, ...err.envelope() }, { status: err.http, headers: err.headers });
}

/**
 * The transport answers its refusals with a bare JSON-RPC error: they get the envelope too, and
 * the HTTP status the catalogue gives their code (so 415 becomes 400 unsupported_media_type, as on
 * every other route). Any other answer passes through unread.
 */
export async function withEnvelope(response: Response): Promise<Response> {
  if (response.status < 400 || !response.headers.get("content-type")?.includes("application/json")) return response;
  let body: { error?: Partial<JsonRpcError>; status?: unknown } | null;
  try {
    body = await response.clone().json();
  } catch {
    return response;
  }
  if (!body || typeof body !== "object" || !body.error || body.status !== undefined) return response;
  const message = typeof body.error.message === "string" ? body.error.message : "";
  const err = new ApiError(codeOfRefusal(response.status, body.error.code, message), message || undefined);
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  return Response.json({ ...body, ...err.envelope() }, { status: err.http, headers });
}

/** The catalogue's code for a refusal of the MCP transport, from its HTTP status and JSON-RPC error. */
function codeOfRefusal(http: number, rpcCode: unknown, message: string): ErrorCode {
  if (http === 405) return "method_not_allowed";
  if (http === 406) return "not_acceptable";
  if (http === 415) return "unsupported_media_type";
  if (http === 413) return "body_too_large";
  if (http === 404) return "not_found";
  if (http >= 500) return "internal_error";
  if (rpcCode === -32700) return "invalid_json";
  // -32022 is the 2026-07-28 revision's UnsupportedProtocolVersion; the 2025 transport says it in words.
  if (rpcCode === -32022 || /unsupported protocol version/i.test(message)) return "unsupported_protocol_version";
  return "validation_error";
}
