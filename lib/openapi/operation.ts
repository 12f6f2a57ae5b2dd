import type { z } from "zod";
import type { ErrorCode } from "@/lib/errors/error-catalogue";
import type { RouteSpec } from "@/lib/http/define-route";
import { THROTTLES } from "@/lib/http/throttle";

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

/**
 * One operation: what its route reads (RouteSpec: scope, throttle, body, path parameters, which
 * defineRoute applies) and what the document says about it. The route file passes this object
 * to defineRoute, and the OpenAPI document, /docs/api and /llms.txt are built from the same
 * object, so the two cannot disagree.
 */
export type Operation = RouteSpec & {
  method: HttpMethod;
  /** The OpenAPI path: /v1/orders/{id}. */
  path: string;
  operationId: string;
  summary: string;
  /** How to use it, and in what order with the other operations (Markdown). */
  description: string;
  tags: string[];
  /** The route wraps itself in defineRoute: key checks, caller attribution, the envelope. */
  wrapped?: boolean;
  request?: RouteSpec["request"] & {
    contentType?: string;
    examples: Record<string, Example>;
    description?: string;
  };
  /**
   * The path parameters' documented form, where the route takes any string on purpose and the
   * lib answers a malformed one with its own code (lib/openapi/documented-path-params.ts).
   */
  documentedParams?: z.ZodObject;
  /** Descriptions of path and query parameters, by name. */
  parameterDescriptions?: Record<string, string>;
  headers?: { name: RequestHeader; required?: boolean; description?: string }[];
  responses: Record<number, SuccessResponse>;
  /** Error codes particular to this operation; the ones every wrapped route can answer are added. */
  errors: ErrorCode[];
};

/** An operation, its schemas' types kept for the handler that defineRoute builds from it. */
export function defineOperation<O extends Operation>(operation: O): O {
  return operation;
}

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
