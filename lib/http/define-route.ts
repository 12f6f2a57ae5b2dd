import { z } from "zod";
import { isDatabaseUnreachable } from "@/lib/db-unreachable";
import { ApiError } from "@/lib/errors/api-error";
import { verifyAuthorization, type VerifiedKey } from "@/lib/auth/api-keys";
import type { Caller } from "@/lib/auth/caller";
import type { Scope } from "@/lib/auth/scopes";
import { CLIENT_IP_HEADER, callerAddressKey } from "@/lib/http/client-ip";
import { readJsonBody } from "@/lib/http/read-json-body";
import { refuseControlCharacters } from "@/lib/http/control-characters";
import { describeZodError } from "@/lib/http/describe-zod-error";
import { requestIdOf } from "@/lib/http/fallback-routes";
import { throttle, type ThrottleBucket } from "@/lib/http/throttle";
import { log } from "@/lib/log";
import { maskCreditCodes } from "@/lib/letters/credit-code-form";

export type RouteContext<B, P> = {
  body: B;
  params: P;
  caller: Caller;
  requestId: string;
  request: Request;
};

export type RouteResult =
  | { http?: number; body: Record<string, unknown>; headers?: Record<string, string> }
  /** A non-JSON answer (a proof PDF or image); failures still use the envelope. */
  | { raw: Response };

type Options<B extends z.ZodType | undefined, P extends z.ZodType | undefined> = {
  /** The scope a key needs; null for a route open to every caller (a key sent must still verify). */
  scope: Scope | null;
  body?: B;
  params?: P;
  /** Largest body accepted, in bytes. */
  maxBodyBytes?: number;
  /** The body may be left out entirely; it then reads as `{}` (and must still fit `body`). */
  optionalBody?: boolean;
  /** The bucket every call counts against (429 rate_limited), once the request is read and before the handler runs. */
  throttle?: ThrottleBucket;
};

/** What a route declared, as the OpenAPI registry test reads it back (routeOptionsOf). */
export type RouteOptions = Options<z.ZodType | undefined, z.ZodType | undefined>;

type Infer<T> = T extends z.ZodType ? z.infer<T> : undefined;

/** The body limit of a route that declares none. */
export const DEFAULT_MAX_BODY = 64 * 1024;

const ROUTE_OPTIONS = Symbol("routeOptions");

/**
 * The options a handler was defined with, or null for a handler defineRoute did not build.
 * tests/unit/openapi.test.ts compares them with the registry (lib/openapi/operations*.ts).
 */
export function routeOptionsOf(handler: unknown): RouteOptions | null {
  return typeof handler === "function" ? ((handler as { [ROUTE_OPTIONS]?: RouteOptions })[ROUTE_OPTIONS] ?? null) : null;
}

/**
 * The one wrapper every /v1 route uses: request id, API key, caller attribution, JSON body
 * with a size limit, zod validation, and the spec's envelope on every failure. Handlers stay
 * thin: parse -> one lib call -> respond.
 */
export function defineRoute<B extends z.ZodType | undefined = undefined, P extends z.ZodType | undefined = undefined>(
  options: Options<B, P>,
  handler: (ctx: RouteContext<Infer<B>, Infer<P>>) => Promise<RouteResult>,
) {
  const route = async (request: Request, context?: { params?: Promise<unknown> }): Promise<Response> => {
    const started = performance.now();
    const requestId = requestIdOf(request.headers.get("x-request-id"));
    // Credit codes are bearer credentials and GET /v1/credits/{code} carries one in its path.
    const path = maskCreditCodes(new URL(request.url).pathname);
    let response: Response;
    let code: string | undefined;
    let keyId: string | undefined;
    try {
      const caller = await resolveCaller(request, options.scope);
      keyId = caller.key?.id;

      const rawParams = context?.params ? await context.params : {};
      const params = options.params ? parseOrThrow(options.params, rawParams, "path") : undefined;
      const body = options.body
        ? parseOrThrow(options.body, await readJsonBody(request, options.maxBodyBytes ?? DEFAULT_MAX_BODY, { optional: options.optionalBody }), "body")
        : undefined;

      if (options.throttle) await throttle(options.throttle, caller);
      const result = await handler({ body: body as Infer<B>, params: params as Infer<P>, caller, requestId, request });
      response = "raw" in result ? result.raw : Response.json(result.body, { status: result.http ?? 200, headers: result.headers });
    } catch (err) {
      const apiError = toApiError(err, requestId);
      code = apiError.code;
      response = Response.json(apiError.envelope(), { status: apiError.http, headers: apiError.headers });
    }
    response.headers.set("x-request-id", requestId);
    if (!response.headers.has("cache-control")) response.headers.set("cache-control", "no-store");
    log.info({ requestId, method: request.method, path, status: response.status, code, keyId, ms: Math.round(performance.now() - started) }, "request");
    return response;
  };
  // Kept on the handler (not enumerable, so Next sees a plain function) for routeOptionsOf.
  Object.defineProperty(route, ROUTE_OPTIONS, { value: options });
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

export function toApiError(err: unknown, requestId: string): ApiError {
  if (err instanceof ApiError) return err;
  if (isDatabaseUnreachable(err)) {
    log.warn({ requestId, err }, "database unreachable");
    return new ApiError("service_unavailable", "The database cannot be reached right now; nothing was changed.", { headers: { "Retry-After": "5" } });
  }
  log.error({ requestId, err }, "unhandled error");
  return new ApiError("internal_error", `The service failed unexpectedly (request id ${requestId}).`);
}

