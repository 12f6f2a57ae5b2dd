import type { z } from "zod";
import type { ErrorCode } from "@/lib/errors/error-catalogue";
import type { Scope } from "@/lib/auth/scopes";
import { THROTTLES, type ThrottleBucket } from "@/lib/http/throttle";

// One entry of the API's operation registry (lib/openapi/operations*.ts): everything the
// OpenAPI document, the reference page (/docs/api) and /llms.txt say about one (method, path).

export type HttpMethod = "get" | "post" | "put" | "patch" | "delete";

/** Request headers an operation reads; the document describes each once (build-openapi-document.ts). */
export type RequestHeader = "Idempotency-Key" | "X-Capability-Token" | "X-Cancel-Token" | "X-PAYMENT" | "PAYMENT-SIGNATURE" | "MCP-Session-Id" | "MCP-Protocol-Version";

/** A named example: a request body and/or the response it gets. */
export type Example = { summary: string; description?: string; value: unknown };

export type SuccessResponse = {
  description: string;
  /** A response schema registered under its component name (see COMPONENTS in operations.ts). */
  schema?: z.ZodType;
  /** Defaults to application/json; several for a route that answers in more than one type. */
  contentType?: string | string[];
  examples?: Record<string, Example>;
  /** Response headers beyond Retry-After and x-request-id. */
  headers?: Record<string, { description: string; schema?: Record<string, unknown> }>;
};

export type Operation = {
  method: HttpMethod;
  /** The OpenAPI path: /v1/orders/{id}. */
  path: string;
  operationId: string;
  summary: string;
  /** How to use it, and in what order with the other operations (Markdown). */
  description: string;
  tags: string[];
  /**
   * The scope an API key needs (a key with no scopes has all); null when the route checks none.
   * tests/unit/openapi.test.ts checks it against the scope the route's defineRoute declares.
   */
  scope: Scope | null;
  /**
   * The throttle bucket the route counts each call against (429 rate_limited); its limit is read
   * from THROTTLES. tests/api/openapi-throttles.test.ts checks the route really uses this bucket.
   */
  throttle?: ThrottleBucket;
  /** The route wraps itself in defineRoute: key checks, caller attribution, the envelope. */
  wrapped?: boolean;
  request?: {
    /** The schema the route validates with, registered under its component name (none for raw bytes). */
    schema?: z.ZodType;
    contentType?: string;
    /** The body may be left out (defineRoute's optionalBody). */
    optional?: boolean;
    /** The route's body limit: defineRoute's maxBodyBytes (DEFAULT_MAX_BODY when it sets none). */
    maxBytes?: number;
    examples: Record<string, Example>;
    description?: string;
  };
  /** The route's params schema (a z.object); each key becomes a path parameter. */
  params?: z.ZodObject;
  /** The query schema (a z.object); each key becomes a query parameter. */
  query?: z.ZodObject;
  /** Descriptions of path and query parameters, by name. */
  parameterDescriptions?: Record<string, string>;
  headers?: { name: RequestHeader; required?: boolean; description?: string }[];
  responses: Record<number, SuccessResponse>;
  /** Error codes particular to this operation; the ones every wrapped route can answer are added. */
  errors: ErrorCode[];
};

/** Codes every defineRoute route can answer, whatever it does. */
export const WRAPPER_ERRORS: ErrorCode[] = [
  "invalid_key",
  "key_disabled",
  "insufficient_scope",
  "unattributable_request",
  "internal_error",
  "service_unavailable",
  "key_store_unavailable",
];

/** Codes of reading and validating a JSON body (lib/http/read-json-body.ts, zod). */
export const BODY_ERRORS: ErrorCode[] = ["validation_error", "invalid_json", "unsupported_media_type", "body_too_large"];

/** Requests a minute per caller the operation's throttle allows; undefined when it has none. */
export function throttlePerMinute(op: Operation): number | undefined {
  if (!op.throttle) return undefined;
  const { points, duration } = THROTTLES[op.throttle];
  return (points * 60) / duration;
}

/** Every code an operation can answer, in catalogue order. */
export function errorsOf(op: Operation, catalogueOrder: readonly ErrorCode[]): ErrorCode[] {
  const codes = new Set<ErrorCode>(op.errors);
  if (op.wrapped !== false) WRAPPER_ERRORS.forEach((c) => codes.add(c));
  if (op.wrapped !== false && op.request && (!op.request.contentType || op.request.contentType === "application/json")) BODY_ERRORS.forEach((c) => codes.add(c));
  if (op.params || op.query) codes.add("validation_error");
  if (op.throttle) codes.add("rate_limited");
  return catalogueOrder.filter((c) => codes.has(c));
}
