import { z } from "zod";
import { ApiError } from "@/lib/errors/api-error";
import { toApiError } from "@/lib/http/define-route";
import { ERRORS, type ErrorCode } from "@/lib/errors/error-catalogue";

/** What every failed tool call carries: the API's error envelope, plus `retryable` (DESIGN §3). */
export const ToolFailureSchema = z
  .looseObject({
    status: z.enum(["failed", "action_required"]),
    code: z.string().describe("Stable code from the API's error catalogue (x-error-catalogue in /v1/openapi.json); switch on it, never on reason."),
    reason: z.string(),
    next: z.array(z.string()).describe("What to do, in order."),
    retryable: z.boolean().describe("Whether calling again with the same arguments (and the same idempotency_key) is safe and may succeed."),
    retry_after_seconds: z.int().min(1).optional(),
  })
  .describe("A failed call (isError: true).");
export type ToolFailure = z.infer<typeof ToolFailureSchema>;

/**
 * A tool's output schema: its success, or the failure envelope. Clients of the 1.x SDK check
 * structuredContent against the output schema even when isError is set, and answer a mismatch
 * with -32602 in place of the result: the agent would never see code, reason or next.
 */
export function successOrFailure<T extends z.ZodObject>(success: T) {
  return z.union([success, ToolFailureSchema]);
}

export type ToolResult = {
  content: { type: "text"; text: string }[];
  structuredContent: Record<string, unknown>;
  isError?: boolean;
};

/** A successful call: the same JSON the HTTP route answers, as structured content and as text. */
export function toolSuccess(body: Record<string, unknown>): ToolResult {
  return { content: [{ type: "text", text: JSON.stringify(body) }], structuredContent: body };
}

export function toolFailure(failure: ToolFailure): ToolResult {
  return { content: [{ type: "text", text: JSON.stringify(failure) }], structuredContent: failure, isError: true };
}

/** The envelope of an error as the HTTP routes would answer it, with the catalogue's `retryable`. */
export function failureOf(err: unknown, requestId: string): ToolFailure {
  const e: ApiError = toApiError(err, requestId);
  const retryAfter = Number(e.headers["Retry-After"]);
  return { ...e.envelope(), retryable: ERRORS[e.code].retryable, ...(Number.isFinite(retryAfter) && retryAfter > 0 ? { retry_after_seconds: retryAfter } : {}) };
}

/**
 * An HTTP answer the lib gave as a value rather than a throw (POST /v1/orders answers 422 or
 * 503 envelopes after an order exists, and a letter screening refused as created but
 * `failed`): a failure when its HTTP status is 400 or more, or its `status` is `failed`.
 */
export function resultOfHttp(http: number, body: Record<string, unknown>, headers: Record<string, string> | undefined): ToolResult {
  if (http < 400 && body.status !== "failed") return toolSuccess(body);
  const code = String(body.code ?? "internal_error");
  const known = code in ERRORS ? ERRORS[code as ErrorCode] : null;
  const retryAfter = Number(headers?.["Retry-After"]);
  return toolFailure({
    ...body,
    status: body.status === "action_required" ? "action_required" : "failed",
    code,
    reason: String(body.reason ?? known?.summary ?? "The request failed."),
    next: Array.isArray(body.next) ? (body.next as string[]) : (known?.next ?? []),
    retryable: typeof body.retryable === "boolean" ? body.retryable : (known?.retryable ?? false),
    ...(Number.isFinite(retryAfter) && retryAfter > 0 ? { retry_after_seconds: retryAfter } : {}),
  });
}

/** The SDK's own refusals (arguments that fail the input schema) in the same envelope. */
export function sdkFailure(message: string): ToolResult {
  const invalidArguments = /input validation error|invalid arguments/i.test(message);
  return toolFailure({
    status: "failed",
    code: invalidArguments ? "validation_error" : "internal_error",
    reason: message,
    next: invalidArguments ? ERRORS.validation_error.next : ERRORS.internal_error.next,
    retryable: invalidArguments ? false : ERRORS.internal_error.retryable,
  });
}

/**
 * A `tools/call` whose `arguments` is not an object: the SDK refuses it at the JSON-RPC level
 * (-32602), where an agent sees no `code` or `next`. Answered here, before the SDK, as the tool's
 * own failed result, like every other bad argument. Null when the body is anything else.
 */
export function nonObjectArgumentsAnswer(body: Uint8Array): Record<string, unknown> | null {
  let message: unknown;
  try {
    message = JSON.parse(Buffer.from(body).toString("utf8"));
  } catch {
    return null;
  }
  const m = message as { jsonrpc?: unknown; id?: unknown; method?: unknown; params?: { name?: unknown; arguments?: unknown } };
  if (!m || typeof m !== "object" || Array.isArray(m) || m.method !== "tools/call" || m.id === undefined || !m.params || typeof m.params !== "object") return null;
  const args = m.params.arguments;
  if (args === undefined || (typeof args === "object" && args !== null && !Array.isArray(args))) return null;
  const kind = args === null ? "null" : Array.isArray(args) ? "an array" : `a ${typeof args}`;
  const result = toolFailure({
    status: "failed",
    code: "validation_error",
    reason: `The arguments of ${typeof m.params.name === "string" ? m.params.name : "a tool call"} must be an object of named fields; they are ${kind}.`,
    next: ERRORS.validation_error.next,
    retryable: false,
  });
  return { jsonrpc: "2.0", id: m.id, result };
}
