import { z } from "zod";
import { isDatabaseUnreachable } from "@/lib/db-unreachable";
import { ApiError } from "@/lib/errors/api-error";
import { verifyAuthorization, type VerifiedKey } from "@/lib/auth/api-keys";
import type { Caller } from "@/lib/auth/caller";
import type { Scope } from "@/lib/auth/scopes";
import { CLIENT_IP_HEADER, callerAddressKey } from "@/lib/http/client-ip";
import { readJsonBody } from "@/lib/http/read-json-body";
import { refuseControlCharacters } from "@/lib/http/control-characters";
import { describeQueryError, describeZodError } from "@/lib/http/describe-zod-error";
import { requestIdOf } from "@/lib/http/fallback-routes";
import { throttle, type ThrottleBucket } from "@/lib/http/throttle";
import { log } from "@/lib/log";
import { observeHttpRequest } from "@/lib/metrics/metrics";
import { maskCreditCodes } from "@/lib/letters/credit-code-form";

export type RouteContext<B, P, Q> = {
  body: B;
  params: P;
  query: Q;
  caller: Caller;
  requestId: string;
  request: Request;
};

export type RouteResult =
  | { http?: number; body: Record<string, unknown>; headers?: Record<string, string> }
  /** A non-JSON answer (a proof PDF or image); failures still use the envelope. */
  | { raw: Response };

/**
 * What the wrapper reads from a route's operation (lib/openapi/operations-*.ts, or a page's own
 * spec): who may call, how often, what body and path parameters it takes.
 */
export type RouteSpec = {
  /** The route's pattern (/v1/orders/{id}): what metrics count its requests under. Operations all have one. */
  path?: string;
  /** The scope a key needs; null for a route open to every caller (a key sent must still verify). */
  scope: Scope | null;
  /** The bucket every call counts against (429 rate_limited), once the request is read and before the handler runs. */
  throttle?: ThrottleBucket;
  /**
   * The operation counts its throttle itself, not the wrapper: a retry of an order already
   * answered must not be turned away by the count its first attempt made (spec 4.1 rule 3).
   */
  throttledByOperation?: boolean;
  request?: {
    /** The JSON body's schema (none: the route reads no JSON body). */
    schema?: z.ZodType;
    /** The body may be left out entirely; it then reads as `{}` (and must still fit the schema). */
    optional?: boolean;
    /** Largest body accepted, in bytes (DEFAULT_MAX_BODY when unset). */
    maxBytes?: number;
  };
  /** The path parameters the route parses (a z.object). */
  params?: z.ZodObject;
  /** The query string's parameters (a z.object): each key one parameter, unknown ones refused when the object is strict. */
  query?: z.ZodObject;
};

type BodyOf<S extends RouteSpec> = S["request"] extends { schema: infer B extends z.ZodType } ? z.infer<B> : undefined;
type ParamsOf<S extends RouteSpec> = S["params"] extends z.ZodObject ? z.infer<S["params"]> : undefined;
type QueryOf<S extends RouteSpec> = S["query"] extends z.ZodObject ? z.infer<S["query"]> : undefined;

/** The body limit of a route that declares none. */
export const DEFAULT_MAX_BODY = 64 * 1024;

const ROUTE_SPEC = Symbol("routeSpec");

/** The spec a handler was built from, or null for a handler defineRoute did not build (tests/unit/openapi.test.ts). */
export function routeSpecOf(handler: unknown): RouteSpec | null {
  return typeof handler === "function" ? ((handler as { [ROUTE_SPEC]?: RouteSpec })[ROUTE_SPEC] ?? null) : null;
}

/**
 * The one wrapper every /v1 route uses, built from the route's operation: request id, API key
 * and scope, caller attribution, JSON body with its size limit, zod validation of body and path,
 * the operation's throttle, and the spec's envelope on every failure. Handlers stay thin:
 * one lib call -> its answer.
 */
export function defineRoute<S extends RouteSpec>(spec: S, handler: (ctx: RouteContext<BodyOf<S>, ParamsOf<S>, QueryOf<S>>) => Promise<RouteResult>) {
  const route = async (request: Request, context?: { params?: Promise<unknown> }): Promise<Response> => {
    const started = performance.now();
    const requestId = requestIdOf(request.headers.get("x-request-id"));
    // Credit codes are bearer credentials and GET /v1/credits/{code} carries one in its path.
    const path = maskCreditCodes(new URL(request.url).pathname);
    let response: Response;
    let code: string | undefined;
    let keyId: string | undefined;
    try {
      const caller = await resolveCaller(request, spec.scope);
      keyId = caller.key?.id;

      const rawParams = context?.params ? await context.params : {};
      const params = spec.params ? parseOrThrow(spec.params, rawParams, "path") : undefined;
      const query = spec.query ? parseQuery(spec.query, new URL(request.url).searchParams) : undefined;
      const bodySchema = spec.request?.schema;
      const body = bodySchema
        ? parseOrThrow(bodySchema, await readJsonBody(request, spec.request?.maxBytes ?? DEFAULT_MAX_BODY, { optional: spec.request?.optional }), "body")
        : undefined;

      if (spec.throttle && !spec.throttledByOperation) await throttle(spec.throttle, caller);
      const result = await handler({ body: body as BodyOf<S>, params: params as ParamsOf<S>, query: query as QueryOf<S>, caller, requestId, request });
      response = "raw" in result ? result.raw : Response.json(result.body, { status: result.http ?? 200, headers: result.headers });
    } catch (err) {
      const apiError = toApiError(err, requestId);
      code = apiError.code;
      response = Response.json(apiError.envelope(), { status: apiError.http, headers: apiError.headers });
    }
    response.headers.set("x-request-id", requestId);
    if (!response.headers.has("cache-control")) response.headers.set("cache-control", "no-store");
    const ms = performance.now() - started;
    log.info({ requestId, method: request.method, path, status: response.status, code, keyId, ms: Math.round(ms) }, "request");
    observeHttpRequest(spec.path ?? "unnamed", request.method, response.status, ms / 1000);
    return response;
  };
  // Kept on the handler (not enumerable, so Next sees a plain function) for routeSpecOf.
  Object.defineProperty(route, ROUTE_SPEC, { value: spec });
  return route;
}

/**
 * Who is calling, for a request that needs `scope`: the key in Authorization (verified, and
 * refused if it lacks the scope) or, without one, the client address our server recorded.
 */
export async function resolveCaller(request: Request, scope: Scope | null): Promise<Caller> {
  const auth = request.headers.get("authorization");
  return callerOf(request, auth !== null ? await verifyAuthorization(auth, scope) : null);
}

/** The caller of a request whose key, when it sent one, is already verified. */
export function callerOf(request: Request, key: VerifiedKey | null): Caller {
  if (key) return { key, ip: request.headers.get(CLIENT_IP_HEADER), actor: `key:${key.id}` };
  const anonymous = addressCaller(request);
  if (!anonymous) throw new ApiError("unattributable_request");
  return anonymous;
}

/**
 * A caller known by its address only (the site's own forms, and API calls without a key):
 * counted by callerAddressKey, so an IPv6 line is one caller. Null without an address.
 */
export function addressCaller(request: Request): Caller | null {
  const ip = request.headers.get(CLIENT_IP_HEADER);
  return ip ? { key: null, ip, actor: `ip:${callerAddressKey(ip)}` } : null;
}

function parseOrThrow<T extends z.ZodType>(schema: T, value: unknown, where: "body" | "path"): z.infer<T> {
  refuseControlCharacters(value, where);
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new ApiError("validation_error", describeZodError(parsed.error, where));
  return parsed.data;
}

function parseQuery<T extends z.ZodObject>(schema: T, searchParams: URLSearchParams): z.infer<T> {
  const value = Object.fromEntries(searchParams);
  refuseControlCharacters(value, "query");
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new ApiError("validation_error", describeQueryError(parsed.error, Object.keys(schema.shape)));
  return parsed.data;
}

export function toApiError(err: unknown, requestId: string): ApiError {
  if (err instanceof ApiError) return err;
  if (isDatabaseUnreachable(err)) {
    log.warn({ requestId, err }, "database unreachable");
    return new ApiError("service_unavailable", "The database cannot be reached right now; nothing was changed.", { headers: { "Retry-After": "5" } });
  }
  log.error({ requestId, err }, "unhandled error");
  return new ApiError("internal_error", `The service failed unexpectedly (request id ${requestId}).`);
}

