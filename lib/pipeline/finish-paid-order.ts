import { ERRORS, type ErrorCode } from "@/lib/errors/error-catalogue";
import { log } from "@/lib/log";
import { dropBackstopJobs } from "@/lib/jobs/queues";
import { submitToCarrier, type SubmitResult } from "@/lib/pipeline/submit-to-carrier";
import { getOrderRow } from "@/lib/orders/get-order";
import { serializeOrder } from "@/lib/orders/serialize-order";
import { screenOrder } from "@/lib/pipeline/screen-order";
import { isSandboxHold } from "@/lib/fulfillment/sandbox-carrier";
import type { Address } from "@/lib/letters/schemas";

/**
 * How long the jobs queued for an order paid in the request wait before they act: the request
 * screens and submits it itself, and the jobs only run if it dies. Longer than a carrier call.
 */
export const BACKSTOP_SECONDS = 60;

type Created = { http: number; body: Record<string, unknown>; headers?: Record<string, string>; orderId?: string };
/**
 * The answer for an order paid in the request, and what to keep as its stored (idempotent)
 * answer from now on: null to keep the creation's.
 */
export type PaidOrderAnswer = Created & { stored: { status: number; body: Record<string, unknown> } | null };

/** Failure codes an order can end with that the creating request answers as errors. */
const ANSWERED_FAILURES = new Set<ErrorCode>(["fulfillment_rejected", "submission_uncertain", "provider_outcome_unknown", "no_rail_for_format"]);

/**
 * An order paid in the request (credit code or sandbox) is screened and handed to its carrier
 * before the response. The response then says what happened, and is to replace the stored
 * idempotent response, except for a carrier outage: that 503 is not stored, so a retry with
 * the same key reads the order as it is by then (the submit job keeps trying meanwhile).
 * If anything here breaks, the order is already safe with its jobs: the creation response
 * stands.
 */
export async function finishPaidOrder(created: Created): Promise<PaidOrderAnswer> {
  const orderId = created.orderId!;
  let submitted: SubmitResult | null = null;
  try {
    await screenOrder(orderId, { jobDelaySeconds: BACKSTOP_SECONDS });
    submitted = await submitToCarrier(orderId); // skips unless submitted and not yet with the carrier
  } catch (err) {
    log.error({ err, orderId }, "screening or hand-off in the request failed; the order's jobs take over");
    return { ...created, stored: null };
  }
  const row = (await getOrderRow(orderId))!;
  // Settled in the request (anything but waiting on the carrier or a sandbox hold): the backstops can go.
  if (!(row.status === "screening" || (row.status === "submitted" && !row.providerId))) await dropBackstopJobs(orderId).catch(() => {});
  let body: Record<string, unknown> = { ...created.body, order: serializeOrder(row) };
  if ((row.status === "refused" || row.status === "failed") && body.credit) {
    // The debit went back to the code when the order ended: do not show it as spent.
    const { credit, ...rest } = body as { credit: { code: string } };
    body = { ...rest, credit_returned_to: credit.code };
  }
  const answer = (http: number, b: Record<string, unknown>, stored: PaidOrderAnswer["stored"], headers?: Record<string, string>) => ({ http, body: b, headers, orderId, stored });

  if (submitted?.kind === "unavailable") {
    const retryAfter = String(Math.max(1, Math.min(submitted.retryAfterSeconds, 300)));
    return answer(503, { ...body, ...envelope("fulfillment_unavailable", `${ERRORS.fulfillment_unavailable.summary} (${submitted.reason})`) }, null, { "Retry-After": retryAfter });
  }
  let final: { http: number; body: Record<string, unknown> };
  if (row.status === "refused") {
    // Created (201) and failed: the envelope's code says why, as on every failure.
    final = { http: created.http, body: { ...body, ...envelope("content_refused", row.refusalReason ?? ERRORS.content_refused.summary) } };
  } else if (row.status === "failed" && row.failureCode && ANSWERED_FAILURES.has(row.failureCode as ErrorCode)) {
    const code = row.failureCode as ErrorCode;
    final = { http: ERRORS[code].http, body: { ...body, ...envelope(code, row.failureReason ?? ERRORS[code].summary) } };
  } else if (row.status === "held_for_review") {
    final = { http: created.http, body: { ...body, next: ["Screening could not clear this letter by itself: an operator reviews it before it is handed over. Poll GET /v1/orders/{id}.", ...nextOf(body)] } };
  } else if (row.status === "screening") {
    // A sandbox hold (magic input), or another worker holding the row a moment: either way not handed over yet.
    const next = row.sandbox && isSandboxHold(row.recipient as unknown as Address)
      ? "Sandbox hold: this order waits before hand-off until you cancel it with DELETE /v1/orders/{id}."
      : "The letter is still being screened; poll GET /v1/orders/{id}.";
    final = { http: created.http, body: { ...body, next: [next] } };
  } else {
    final = { http: created.http, body };
  }
  // Stored as first answered (201), replays answer 200 with `replayed: true` (spec 4.1 rule 3).
  return answer(final.http, final.body, { status: final.http === 200 ? 201 : final.http, body: { ...final.body, replayed: false } });
}

function envelope(code: ErrorCode, reason: string) {
  const spec = ERRORS[code];
  return { status: spec.status, code, reason, next: spec.next, retryable: spec.retryable };
}

const nextOf = (body: Record<string, unknown>) => (Array.isArray(body.next) ? (body.next as string[]) : []);
