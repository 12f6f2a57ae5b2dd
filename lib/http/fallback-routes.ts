import type { IncomingMessage, ServerResponse } from "node:http";
import { ApiError } from "@/lib/errors/api-error";
import { newRequestId } from "@/lib/ids";

// The answers of /v1 for what no operation serves: a method a route does not take (405), OPTIONS
// (the methods a route takes), a path no route serves (404). Each is the envelope with an
// x-request-id, like every other /v1 answer.

/** The caller's x-request-id when it is well formed, else a new one. */
export function requestIdOf(header: string | null | undefined): string {
  return header && /^[A-Za-z0-9._:-]{8,100}$/.test(header) ? header : newRequestId();
}

function envelopeResponse(request: Request | undefined, err: ApiError, headers: Record<string, string> = {}) {
  return Response.json(err.envelope(), { status: err.http, headers: { "cache-control": "no-store", "x-request-id": requestIdOf(request?.headers.get("x-request-id")), ...headers } });
}

// The fallbacks, so that tests/unit/openapi.test.ts can tell a route's real operations (each
// needs its OpenAPI entry) from these.
const fallbackHandlers = new WeakSet<object>();

export function isMethodNotAllowedHandler(handler: unknown): boolean {
  return typeof handler === "function" && fallbackHandlers.has(handler);
}

/**
 * Handlers for the methods a route does not serve (405 with the envelope and an Allow header),
 * and OPTIONS, which names the methods it does.
 */
export function methodsNotAllowed(allowed: string[]) {
  const allow = [...allowed, "OPTIONS"].join(", ");
  const handler = async (request?: Request) =>
    envelopeResponse(request, new ApiError("method_not_allowed", `This route accepts ${allowed.join(", ")}.`), { Allow: allow });
  const options = async (request?: Request) =>
    Response.json({ status: "ok", methods: [...allowed, "OPTIONS"] }, { status: 200, headers: { Allow: allow, "cache-control": "no-store", "x-request-id": requestIdOf(request?.headers.get("x-request-id")) } });
  fallbackHandlers.add(handler);
  fallbackHandlers.add(options);
  return { GET: handler, POST: handler, PUT: handler, PATCH: handler, DELETE: handler, OPTIONS: options };
}

type MethodHandler = (request: Request, context: { params: Promise<never> }) => Promise<Response>;
type ServedMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * A route's handlers by method, and for every other method the 405 envelope (and OPTIONS, which
 * names the methods served): the methods a route answers and the Allow it sends are one list.
 */
export function serveMethods<H extends Partial<Record<ServedMethod, MethodHandler>>>(served: H) {
  return { ...methodsNotAllowed(Object.keys(served)), ...served };
}

export async function notFound(request: Request) {
  const path = new URL(request.url).pathname;
  return envelopeResponse(request, new ApiError("not_found", `No route ${request.method} ${path}.`, { next: ["The operations are listed in /v1/openapi.json (and /llms.txt)."] }));
}
fallbackHandlers.add(notFound);

/** Every method answered with the 404 envelope: for /v1 paths no route serves. */
export function notFoundRoutes() {
  return { GET: notFound, POST: notFound, PUT: notFound, PATCH: notFound, DELETE: notFound, OPTIONS: notFound };
}

/**
 * A /v1 path with a trailing slash: Next would redirect it (308) to the path without, a step an
 * API client may not follow with its body. Answered here, on the raw request, with the envelope.
 * Returns true when it answered.
 */
export function answerTrailingSlash(req: IncomingMessage, res: ServerResponse): boolean {
  const path = (req.url ?? "").split("?")[0];
  if (!path.startsWith("/v1/") || !path.endsWith("/")) return false;
  const trimmed = path.replace(/\/+$/, "") || "/v1";
  const err = new ApiError("not_found", `No route ${req.method} ${path}: paths take no trailing slash.`, { next: [`Call ${trimmed} instead.`, "The operations are listed in /v1/openapi.json."] });
  res.writeHead(err.http, { "content-type": "application/json", "cache-control": "no-store", "x-request-id": requestIdOf(req.headers["x-request-id"] as string | undefined) });
  res.end(JSON.stringify(err.envelope()));
  return true;
}
