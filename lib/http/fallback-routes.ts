import { ApiError } from "@/lib/http/api-error";

function envelopeResponse(err: ApiError, headers: Record<string, string> = {}) {
  return Response.json(err.envelope(), { status: err.http, headers: { "cache-control": "no-store", ...headers } });
}

// The 405 handlers, so that tests/unit/openapi.test.ts can tell a route's real operations
// (each needs its OpenAPI entry) from these fallbacks.
const methodNotAllowedHandlers = new WeakSet<object>();

export function isMethodNotAllowedHandler(handler: unknown): boolean {
  return typeof handler === "function" && methodNotAllowedHandlers.has(handler);
}

/** Handlers for the methods a route does not serve: 405 with the envelope and an Allow header. */
export function methodsNotAllowed(allowed: string[]) {
  const handler = async () =>
    envelopeResponse(new ApiError("method_not_allowed", `This route accepts ${allowed.join(", ")}.`), { Allow: allowed.join(", ") });
  methodNotAllowedHandlers.add(handler);
  return { GET: handler, POST: handler, PUT: handler, PATCH: handler, DELETE: handler };
}

export async function notFound(request: Request) {
  const path = new URL(request.url).pathname;
  return envelopeResponse(new ApiError("not_found", `No route ${request.method} ${path}.`));
}
