import { createMcpHandler } from "mcp-handler";
import { ApiError } from "@/lib/http/api-error";
import { newRequestId } from "@/lib/ids";
import { readBodyBytes } from "@/lib/http/read-json-body";
import { log } from "@/lib/log";
import { originAllowed } from "@/lib/mcp/check-origin";
import { MCP_INSTRUCTIONS, registerMailTools } from "@/lib/mcp/register-tools";
import { nonObjectArgumentsAnswer } from "@/lib/mcp/tool-results";

// MCP over Streamable HTTP, stateless: protocol 2026-07-28 and, through the SDK's fallback,
// the 2025-era clients. A server is built per request so that the tools act for the caller of
// that request (its API key or address), exactly as the HTTP routes do.
const MAX_MCP_BODY_BYTES = 15_000_000;

async function handle(request: Request): Promise<Response> {
  const requestId = newRequestId();
  if (!originAllowed(request.headers.get("origin"))) {
    const err = new ApiError("origin_not_allowed", `Origin ${request.headers.get("origin")} may not call /v1/mcp.`);
    return Response.json(err.envelope(), { status: err.http, headers: { "x-request-id": requestId } });
  }
  // mcp-handler reads the whole body without a limit: read it here, as every route does, under
  // the largest body /v1/orders accepts (a letter with its PDF inline).
  let bounded = request;
  if (request.method === "POST") {
    let body: Uint8Array<ArrayBuffer>;
    try {
      body = new Uint8Array(await readBodyBytes(request, MAX_MCP_BODY_BYTES));
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      return Response.json(err.envelope(), { status: err.http, headers: { "x-request-id": requestId } });
    }
    // A JSON response is one of the two a Streamable HTTP client accepts for a POST.
    const refused = nonObjectArgumentsAnswer(body);
    if (refused) return Response.json(refused, { headers: { "x-request-id": requestId } });
    bounded = new Request(request.url, { method: "POST", headers: request.headers, body });
  }
  const handler = createMcpHandler((server) => registerMailTools(server, { request: bounded, requestId }), {
    serverInfo: { name: "physical-mail-service", version: "1.0.0" },
    instructions: MCP_INSTRUCTIONS,
    telemetry: false,
  });
  const started = performance.now();
  const response = await handler(bounded);
  log.info({ requestId, method: request.method, path: "/v1/mcp", status: response.status, ms: Math.round(performance.now() - started) }, "request");
  response.headers.set("x-request-id", requestId);
  return response;
}

export { handle as GET, handle as POST, handle as DELETE };
