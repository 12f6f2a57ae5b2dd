import { encodePaymentResponseHeader } from "@x402/core/http";
import { ERRORS, type ErrorCode } from "@/lib/errors/error-catalogue";
import { isSandboxHold } from "@/lib/fulfillment/sandbox-carrier";
import type { Address } from "@/lib/letters/schemas";
import { serializeOrder } from "@/lib/orders/serialize-order";
import type { AdvanceOutcome } from "@/lib/pipeline/advance-order";
import type { CreditCheckoutOutcome } from "@/lib/operations/credit-checkout";
import type { StripeWebhookOutcome } from "@/lib/payments/checkout/stripe-webhook";
import type { X402PurchaseOutcome } from "@/lib/payments/x402/purchase-credits";

// Operations return what happened; this module writes the HTTP answer for it (status, body,
// headers), so that no domain code decides a status. Errors still travel as ApiError, whose
// code names its status in the catalogue. The MCP tools answer the same bodies
// (lib/mcp/tool-results.ts, resultOfHttp).

type Body = Record<string, unknown>;
/** A JSON answer: its HTTP status, body and headers. */
export type JsonAnswer = { http: number; body: Body; headers?: Record<string, string> };
/** An answer as an Idempotency-Key keeps it, to replay. */
export type StoredAnswer = { status: number; body: Body };

/** What creating an order did (lib/operations/create-order.ts). */
export type CreateOrderOutcome =
  /** Created, waiting for its payment link to be paid. */
  | { kind: "awaiting_payment"; body: Body }
  | AdvancedOrder
  /** An Idempotency-Key's stored answer, with the order as it is now. */
  | { kind: "replayed"; status: number; body: Body };

/**
 * An order paid in the request (or a replay of one its carrier had not taken yet), then advanced
 * by the pipeline (null: the pipeline broke, and the order's jobs take over). `body` is the
 * answer as the order was created, or as first answered on a replay.
 */
export type AdvancedOrder = { kind: "advanced"; body: Body; advance: AdvanceOutcome | null; replayed: boolean };

/** POST /v1/orders and send_letter. */
export function presentCreatedOrder(outcome: CreateOrderOutcome): JsonAnswer {
  switch (outcome.kind) {
    case "awaiting_payment":
      return { http: 201, body: outcome.body };
    case "advanced":
      return presentAdvancedOrder(outcome).answer;
    case "replayed":
      // A stored failure (the carrier's 422, a deliberate stop) replays as it was answered.
      return { http: outcome.status >= 400 ? outcome.status : 200, body: outcome.body };
  }
}

/** Failure codes an order can end with that the creating request answers as errors. */
const ANSWERED_FAILURES = new Set<ErrorCode>(["fulfillment_rejected", "submission_uncertain", "provider_outcome_unknown", "no_rail_for_format"]);

/**
 * The answer for an order advanced in the request, and what to keep as its Idempotency-Key's
 * answer from now on (null: keep the creation's). Created (201) whatever screening decided; a
 * refusal says why in the envelope's code, as every failure does; the carrier's refusal or a
 * deliberate stop answers its error status; a carrier outage answers 503 with Retry-After, not
 * kept, so that a retry reads the order as it is by then. Kept as first answered (201); replays
 * answer 200 with `replayed: true` (spec 4.1 rule 3).
 */
export function presentAdvancedOrder({ body: created, advance, replayed }: AdvancedOrder): { answer: JsonAnswer; stored: StoredAnswer | null } {
  const http = replayed ? 200 : 201;
  const row = advance && advance.kind !== "tracking_unavailable" ? advance.order : null;
  if (!advance || !row) return { answer: { http, body: created }, stored: null };
  let body: Body = { ...created, order: serializeOrder(row) };
  if ((row.status === "refused" || row.status === "failed") && body.credit) {
    // The debit went back to the code when the order ended: do not show it as spent.
    const { credit, ...rest } = body as { credit: { code: string } };
    body = { ...rest, credit_returned_to: credit.code };
  }
  if (advance.kind === "carrier_unavailable") {
    const retryAfter = String(Math.max(1, Math.min(advance.retryAfterSeconds, 300)));
    const answer = { http: 503, body: { ...body, ...envelope("fulfillment_unavailable", `${ERRORS.fulfillment_unavailable.summary} (${advance.reason})`) }, headers: { "Retry-After": retryAfter } };
    return { answer, stored: null };
  }
  let final: JsonAnswer;
  if (row.status === "refused") {
    final = { http, body: { ...body, ...envelope("content_refused", row.refusalReason ?? ERRORS.content_refused.summary) } };
  } else if (row.status === "failed" && row.failureCode && ANSWERED_FAILURES.has(row.failureCode as ErrorCode)) {
    const code = row.failureCode as ErrorCode;
    final = { http: ERRORS[code].http, body: { ...body, ...envelope(code, row.failureReason ?? ERRORS[code].summary) } };
  } else if (row.status === "held_for_review") {
    final = { http, body: { ...body, next: ["Screening could not clear this letter by itself: an operator reviews it before it is handed over. Poll GET /v1/orders/{id}.", ...nextOf(body)] } };
  } else if (row.status === "screening") {
    // A sandbox hold (magic input), or another worker holding the row a moment: either way not handed over yet.
    const next = row.sandbox && isSandboxHold(row.recipient as unknown as Address)
      ? "Sandbox hold: this order waits before hand-off until you cancel it with DELETE /v1/orders/{id}."
      : "The letter is still being screened; poll GET /v1/orders/{id}.";
    final = { http, body: { ...body, next: [next] } };
  } else {
    final = { http, body };
  }
  return { answer: final, stored: { status: final.http === 200 ? 201 : final.http, body: { ...final.body, replayed: false } } };
}

function envelope(code: ErrorCode, reason: string) {
  const spec = ERRORS[code];
  return { status: spec.status, code, reason, next: spec.next, retryable: spec.retryable };
}

const nextOf = (body: Body) => (Array.isArray(body.next) ? (body.next as string[]) : []);

/** POST /v1/x402/credits: 201 with the code minted now, 200 with the code this payment bought before. */
export function presentX402Purchase(outcome: X402PurchaseOutcome): JsonAnswer {
  const { code, settlement } = outcome;
  return {
    http: outcome.kind === "minted" ? 201 : 200,
    body: {
      status: "ok",
      credit_code: code,
      pack: outcome.pack,
      face_cents: outcome.faceCents,
      bonus_cents: outcome.bonusCents,
      ...(settlement ? { settlement: { network: settlement.network, tx_hash: settlement.txHash } } : {}),
      sandbox: outcome.sandbox,
      replayed: outcome.kind === "replayed",
      next: [`Pay for letters with credit_code ${code} on POST /v1/orders.`, `GET /v1/credits/${code} shows the balance.`],
    },
    ...(settlement?.receipt ? { headers: { "PAYMENT-RESPONSE": encodePaymentResponseHeader(settlement.receipt) } } : {}),
  };
}

/** POST /webhooks/stripe: Stripe reads only the status (a 500 is retried); the body is for a person reading Stripe's log. */
export function presentStripeWebhook(outcome: StripeWebhookOutcome): JsonAnswer {
  switch (outcome.kind) {
    case "not_configured":
      return { http: 404, body: { error: "Stripe is not configured on this deployment." } };
    case "unsigned":
      return { http: 400, body: { error: "Missing Stripe-Signature header." } };
    case "bad_signature":
      return { http: 400, body: { error: "The Stripe-Signature does not verify for this body." } };
    case "applied":
      return { http: 200, body: { received: true, outcome: outcome.outcome } };
    case "not_applied":
      return { http: 500, body: { error: "The event could not be applied now; retry." } };
  }
}

/** POST /v1/credits/checkout: 201 with the payment step; a replay 200, as first answered, without it. */
export function presentCreditCheckout(outcome: CreditCheckoutOutcome): JsonAnswer {
  return outcome.kind === "opened" ? { http: 201, body: outcome.body } : { http: 200, body: { ...outcome.body, replayed: true } };
}
