import { createMcpHandler } from "mcp-handler";
import { verifyKey, type VerifiedKey } from "@/lib/auth/api-keys";
import { ApiError } from "@/lib/errors/api-error";
import { toApiError } from "@/lib/http/define-route";
import { readBodyBytes } from "@/lib/http/read-json-body";
import { newRequestId } from "@/lib/ids";
import { log } from "@/lib/log";
import { observeHttpRequest } from "@/lib/metrics/metrics";
import { originAllowed } from "@/lib/mcp/check-origin";
import { mcpRefusal, withEnvelope } from "@/lib/mcp/http-refusals";
import { MCP_INSTRUCTIONS, registerMailTools } from "@/lib/mcp/register-tools";
import { nonObjectArgumentsAnswer } from "@/lib/mcp/tool-results";

// /v1/mcp: MCP over Streamable HTTP, stateless: protocol 2026-07-28 and, through the SDK's
// fallback, the 2025-era clients. A server is built per request so that the tools act for the
// caller of that request (its API key or address), exactly as the HTTP routes do.

/** The largest body /v1/orders accepts (a letter with its PDF inline), and so the largest here. */
export const MAX_MCP_BODY_BYTES = 15_000_000;

export async function handleMcpRequest(request: Request): Promise<Response> {
  const requestId = newRequestId();
  const started = performance.now();
  let response: Response;
  try {
    response = await answer(request, requestId);
  } catch (err) {
    // Whatever escapes (a body stream that breaks, a fault in the SDK or in our code) is answered
    // like on every /v1 route: the envelope, its status and the request id, never Next's page.
    response = mcpRefusal(toApiError(err, requestId));
  }
  const ms = performance.now() - started;
  log.info({ requestId, method: request.method, path: "/v1/mcp", status: response.status, ms: Math.round(ms) }, "request");
  observeHttpRequest("/v1/mcp", request.method, response.status, ms / 1000);
  response.headers.set("x-request-id", requestId);
  return response;
}

async function answer(request: Request, requestId: string): Promise<Response> {
  if (!originAllowed(request.headers.get("origin"))) {
    return mcpRefusal(new ApiError("origin_not_allowed", `Origin ${request.headers.get("origin")} may not call /v1/mcp.`));
  }
  // A key that is sent must verify before any JSON-RPC (spec 5.4): a forged or disabled key is
  // never served initialize or tools/list as if anonymous. Scopes are checked per tool.
  let key: VerifiedKey | null = null;
  const authorization = request.headers.get("authorization");
  if (authorization !== null) {
    try {
      key = await verifyKey(authorization);
    } catch (err) {
      return mcpRefusal(toApiError(err, requestId));
    }
  }
  // mcp-handler reads the whole body without a limit: read it here, as every route does, under
  // the largest body /v1/orders accepts (a letter with its PDF inline).
  let bounded = request;
  if (request.method === "POST") {
    let body: Uint8Array<ArrayBuffer>;
    try {
      body = new Uint8Array(await readBodyBytes(request, MAX_MCP_BODY_BYTES));
    } catch (err) {
      return mcpRefusal(toApiError(err, requestId));
    }
    // A JSON response is one of the two a Streamable HTTP client accepts for a POST.
    const refused = nonObjectArgumentsAnswer(body);
    if (refused) return Response.json(refused);
    bounded = new Request(request.url, { method: "POST", headers: request.headers, body });
  }
  const handler = createMcpHandler((server) => registerMailTools(server, { request: bounded, requestId, key }), {
    serverInfo: { name: "physical-mail-service", version: "1.0.0" },
    instructions: MCP_INSTRUCTIONS,
    // Stateless: no session outlives the request, so no tools/list_changed could ever reach a
    // client. The SDK advertises listChanged unless it is told otherwise.
    capabilities: { tools: { listChanged: false } },
    telemetry: false,
  });
  return withEnvelope(await handler(bounded));
}
