import { createMcpHandler } from "mcp-handler";
import { ApiError } from "@/lib/http/api-error";
import { newRequestId } from "@/lib/ids";
import { log } from "@/lib/log";
import { originAllowed } from "@/lib/mcp/check-origin";
import { MCP_INSTRUCTIONS, registerMailTools } from "@/lib/mcp/register-tools";

// MCP over Streamable HTTP, stateless: protocol 2026-07-28 and, through the SDK's fallback,
// the 2025-era clients. A server is built per request so that the tools act for the caller of
// that request (its API key or address), exactly as the HTTP routes do.
async function handle(request: Request): Promise<Response> {
  const requestId = newRequestId();
  if (!originAllowed(request.headers.get("origin"))) {
    const err = new ApiError("origin_not_allowed", `Origin ${request.headers.get("origin")} may not call /v1/mcp.`);
    return Response.json(err.envelope(), { status: err.http, headers: { "x-request-id": requestId } });
  }
  const handler = createMcpHandler((server) => registerMailTools(server, { request, requestId }), {
    serverInfo: { name: "physical-mail-service", version: "1.0.0" },
    instructions: MCP_INSTRUCTIONS,
    telemetry: false,
  });
  const started = performance.now();
  const response = await handler(request);
  log.info({ requestId, method: request.method, path: "/v1/mcp", status: response.status, ms: Math.round(performance.now() - started) }, "request");
  response.headers.set("x-request-id", requestId);
  return response;
}

export { handle as GET, handle as POST, handle as DELETE };
