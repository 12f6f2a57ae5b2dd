import { z } from "zod";
import { ERRORS, type ErrorCode } from "@/lib/errors/error-catalogue";
import { FORMATS, MAIL_CLASSES } from "@/lib/letters/formats";
import { ORDER_STATUSES } from "@/lib/orders/state-machine";
import { CREDIT_PACK_IDS } from "@/lib/payments/credits/packs";
import { REVIEW_CATEGORY_VALUES } from "@/lib/reviews/review-categories";
import { FEEDBACK_KINDS } from "@/lib/feedback/record-feedback";
import { TARGET_FIELDS } from "@/lib/csv/read-header";
import { DELIMITERS } from "@/lib/csv/parse-csv-sample";

// The shapes of the /v1 responses, for the OpenAPI document only: the runtime builds its
// answers in lib/** and does not parse them through these. tests/unit/openapi.test.ts checks
// them against the serializers (serializeOrder, serializeReview) and against every example.

const time = (description?: string) => z.string().meta({ format: "date-time", ...(description ? { description } : {}) });
const url = (description?: string) => z.string().meta({ format: "uri", ...(description ? { description } : {}) });
const cents = (description?: string) => z.int().min(0).meta(description ? { description } : {});
const next = z.array(z.string()).describe("Recovery or follow-up steps, in order.");

const ERROR_CODES = Object.keys(ERRORS) as [ErrorCode, ...ErrorCode[]];

export const ErrorEnvelopeSchema = z
  .object({
    status: z.enum(["failed", "action_required"]).describe("`action_required` only for the confirmation-gate codes; `failed` otherwise."),
    code: z.enum(ERROR_CODES).describe("Stable machine-readable code; switch on it (and on status), never on reason. See x-error-catalogue."),
    reason: z.string().describe("Human prose; not to be parsed."),
    next: next,
    retryable: z.boolean().optional().describe("Present on the carrier outcomes of POST /v1/orders (and on every MCP tool failure): whether an automatic retry is safe."),
    order: z.unknown().optional().describe("On POST /v1/orders carrier outcomes (422 fulfillment_rejected, 503 fulfillment_unavailable, submission_uncertain, provider_outcome_unknown): the Order as it is now."),
  })
  .describe("Every failure (spec 2.7). `code` values are stable contracts.");

export const BreakdownLineSchema = z.object({ id: z.string(), label: z.string(), amount_cents: cents() }).describe("One line of a price; the lines sum to price_cents.");

export const CorrectedAddressSchema = z
  .object({
    name: z.string(),
    line1: z.string(),
    line2: z.string().optional(),
    city: z.string(),
    state: z.string(),
    zip: z.string(),
    country: z.literal("US"),
  })
  .describe("An address as it will print, after USPS Publication 28 standardization.");

export const OrderSchema = z
  .object({
    id: z.string().describe("ord_ + 24 characters; sandbox orders ord_test_ + 24."),
    status: z.enum(ORDER_STATUSES),
    sandbox: z.boolean(),
    format: z.enum(FORMATS),
    mail_class: z.enum(MAIL_CLASSES),
    page_count: z.int().min(1),
    color: z.boolean(),
    to: z.object({ name: z.string(), city: z.string(), state: z.string(), zip: z.string() }).describe("The recipient without street lines."),
    price_cents: cents("Total in cents."),
    breakdown: z.array(BreakdownLineSchema),
    tracking_number: z.string().nullable(),
    expected_delivery_date: z.string().meta({ format: "date" }).nullable(),
    refusal_reason: z.string().nullable().describe("Why screening refused the letter (status refused)."),
    failure_code: z.string().nullable().describe("Why a failed order failed, for machines (its payment is refunded)."),
    failure_reason: z.string().nullable(),
    created_at: time(),
    updated_at: time(),
  })
  .describe("The public Order (spec 2.2): every field present, nulls as null.");

export const ProofSchema = z
  .object({
    id: z.string().describe("pf_ + 24 characters; the id is the capability, share the links with care."),
    pdf_url: url("The exact PDF that prints."),
    thumbnail_url: url("PNG of page 1, 480 px wide."),
    page_count: z.int().min(1),
    notes: z.array(z.string()).describe("What the service changed to print the document (fitted pages, covered text)."),
  })
  .describe("The proof of a quote; the order made from the quote prints this very file.");

export const CapabilitySchema = z
  .object({
    cancel_token: z.string().describe("cap_…; send in X-Capability-Token to DELETE /v1/orders/{id}. Valid 7 days."),
    review_token: z.string().describe("cap_…; send in X-Capability-Token to POST /v1/reviews once delivered. Valid 7 days."),
  })
  .describe("Capability tokens (spec 2.4), returned once, on creation.");

const paymentStep = {
  checkout_ui_mode: z.enum(["hosted", "embedded"]).optional(),
  payment_url: url("Hosted checkout: open it in a browser and pay.").optional(),
  payment_client_secret: z.string().optional().describe("Embedded checkout: mount it with Stripe's embedded checkout (or the local card form)."),
};

export const QuoteResponseSchema = z.object({
  status: z.literal("ok"),
  quote: z.object({
    id: z.string(),
    price_cents: cents(),
    breakdown: z.array(BreakdownLineSchema),
    page_count: z.int().min(1),
    format: z.enum(FORMATS),
    mail_class: z.enum(MAIL_CLASSES),
    sandbox: z.boolean(),
    expires_at: time("When confirmation_token stops working (30 minutes)."),
  }),
  proof: ProofSchema,
  confirmation_token: z.string().describe("ct_…; single use, 30 minutes, bound to recipient, sender, content, format, class, options, sandbox and price."),
  corrected_to: CorrectedAddressSchema.optional(),
  corrected_from: CorrectedAddressSchema.optional(),
  next,
});

export const OrderCreatedSchema = z.object({
  status: z.enum(["ok", "action_required", "failed"]).describe("`failed` with code `content_refused` and a reason when screening refused the letter (201, nothing charged)."),
  code: z.literal("content_refused").optional().describe("Present when status is `failed`: screening refused the letter."),
  reason: z.string().optional(),
  retryable: z.literal(false).optional().describe("Present when status is `failed`: resending the same letter is refused again."),
  next: next.optional(),
  order: OrderSchema,
  tracking_url: url("Public tracking page (/t/{code}); GET /v1/tracking/{code} is its JSON."),
  proof: ProofSchema.nullable(),
  corrected_to: CorrectedAddressSchema.optional(),
  corrected_from: CorrectedAddressSchema.optional(),
  capability: CapabilitySchema,
  webhook_secret: z.string().optional().describe("whsec_…; signs this order's webhooks (Standard Webhooks). Only with webhook_url, only here and in replays."),
  credit: z
    .object({ code: z.string(), charged_cents: cents(), bonus_spent_cents: cents(), face_spent_cents: cents(), balance_cents: cents() })
    .optional()
    .describe("Paid with credit_code: what was debited and what is left."),
  credit_returned_to: z.string().optional().describe("The credit code a refused or failed order's debit went back to."),
  replayed: z.boolean().describe("true on an idempotent replay (HTTP 200)."),
  ...paymentStep,
});

const WebhookDeliverySchema = z.object({
  id: z.string(),
  type: z.string().describe("order.<status> or order.tracking_updated"),
  state: z.enum(["pending", "delivered", "failed"]),
  created_at: time(),
  delivered_at: time().nullable(),
  next_attempt_at: time().nullable(),
  last_error: z.string().nullable(),
  attempts: z.array(
    z.object({ attempt: z.int().min(1), at: time(), duration_ms: z.int().nullable(), http_status: z.int().nullable(), error: z.string().nullable(), retry_at: time().nullable() }),
  ),
});

export const OrderReadSchema = z.object({
  status: z.enum(["ok", "action_required", "failed"]).describe("`action_required` while the order waits for its payment link, with the payment step again; `failed` with code `content_refused` when screening refused the letter."),
  code: z.literal("content_refused").optional().describe("Present when status is `failed`: screening refused the letter."),
  retryable: z.literal(false).optional().describe("Present when status is `failed`: resending the same letter is refused again."),
  reason: z.string().optional(),
  next: next.optional(),
  order: OrderSchema,
  tracking_url: url(),
  proof: ProofSchema.nullable(),
  webhook_deliveries: z.array(WebhookDeliverySchema),
  emails: z.array(
    z.object({
      kind: z.enum(["receipt", "submitted", "mailed", "delivered", "refused", "failed", "canceled"]),
      state: z.enum(["pending", "sent", "failed"]),
      sent_at: time().nullable(),
      attempts: z.int().min(0),
      last_error: z.string().nullable(),
    }),
  ),
  ...paymentStep,
});

export const OrderCanceledSchema = z.object({ status: z.literal("ok"), order: OrderSchema, tracking_url: url() });

export const OrderListSchema = z.object({
  status: z.literal("ok"),
  orders: z.array(OrderSchema).max(100).describe("The calling key's orders, newest first (created_at, then id, descending); GET /v1/orders/{id} reads one in full."),
  has_more: z.boolean().describe("true when more orders follow this page."),
  next_starting_after: z.string().nullable().describe("With has_more: the id to send as starting_after for the next page (the last order here); null on the last page."),
  next,
});

const creditBalance = {
  code: z.string().describe("cc-xxxx-xxxx-xxxx, lower case."),
  balance_cents: cents("face_cents + bonus_cents"),
  face_cents: cents("Paid-for value; lasts 5 years."),
  bonus_cents: cents("Promotional value; lasts 12 months and is spent first."),
  bonus_expires_at: time(),
  face_expires_at: time(),
};

export const CreditBalanceSchema = z.object({ status: z.literal("ok"), ...creditBalance });

const CheckoutSummarySchema = z.object({
  id: z.string().describe("pay_ + 24 characters"),
  pack: z.enum(CREDIT_PACK_IDS),
  state: z.enum(["open", "paid", "expired"]),
  price_cents: cents(),
  face_cents: cents(),
  bonus_cents: cents(),
});

export const CreditCheckoutStartedSchema = z.object({
  status: z.literal("action_required"),
  reason: z.string(),
  next,
  checkout: CheckoutSummarySchema,
  status_url: url("Poll it (GET /v1/credits/checkout/{id}) for the code once paid."),
  replayed: z.boolean(),
  ...paymentStep,
});

export const CreditCheckoutReadSchema = z.object({
  status: z.enum(["ok", "action_required"]),
  reason: z.string().optional(),
  next: next.optional(),
  checkout: CheckoutSummarySchema,
  credit: z.object(creditBalance).optional().describe("Once paid: the new code and its balance."),
  ...paymentStep,
});

export const UploadCreatedSchema = z.object({
  status: z.literal("ok"),
  upload_key: z.string().describe("up_ + 32 lowercase hex digits + .pdf; pass it as upload_key."),
  upload_url: url("One-shot signed URL: PUT the PDF bytes here."),
  method: z.literal("PUT"),
  headers: z.record(z.string(), z.string()).describe("Send these headers with the PUT (Content-Type: application/pdf)."),
  expires_in: z.int().describe("Seconds the URL stays valid (900)."),
  max_bytes: z.int().describe("Largest PDF accepted (10485760)."),
  next,
});

export const UploadReceivedSchema = z.object({ status: z.literal("ok"), upload_key: z.string(), size_bytes: z.int().min(1), next });

export const TrackingSchema = z.object({
  status: z.literal("ok"),
  tracking: z.object({
    code: z.string(),
    status: z.enum(ORDER_STATUSES),
    sandbox: z.boolean(),
    format: z.enum(FORMATS),
    mail_class: z.enum(MAIL_CLASSES),
    tracking_number: z.string().nullable(),
    expected_delivery_date: z.string().meta({ format: "date" }).nullable(),
    to: z.object({ city: z.string(), state: z.string() }).describe("City and state only: never street lines, the sender or the e-mail."),
    refusal_reason: z.string().nullable(),
    events: z.array(
      z.object({
        at: time(),
        kind: z.enum(["status", "scan"]),
        status: z.string().nullable(),
        description: z.string(),
        place: z.object({ city: z.string().nullable(), state: z.string().nullable(), zip: z.string().nullable() }).nullable(),
      }),
    ),
  }),
  tracking_url: url(),
});

export const ReviewSchema = z
  .object({
    id: z.string(),
    stars: z.int().min(1).max(5),
    comment: z.string(),
    name: z.string(),
    city: z.string(),
    state: z.string(),
    category: z.enum(REVIEW_CATEGORY_VALUES),
    created_at: time(),
    sample: z.boolean().optional().describe("true marks an illustrative entry; absent here, every review is real."),
  })
  .describe("A review of a delivered letter (spec 2.6).");

export const ReviewCreatedSchema = z.object({ status: z.literal("ok"), review: ReviewSchema });
export const ReviewListSchema = z.object({ status: z.literal("ok"), reviews: z.array(ReviewSchema).max(24) });

export const FeedbackReceivedSchema = z.object({
  status: z.literal("ok"),
  feedback: z.object({ id: z.string(), kind: z.enum(FEEDBACK_KINDS), received_at: time() }),
  next,
});

export const CsvMapResultSchema = z.object({
  status: z.literal("ok"),
  has_header: z.boolean(),
  delimiter: z.enum(DELIMITERS).nullable().describe("null when the sample came as header/rows."),
  mapping: z.array(
    z.object({
      field: z.enum(TARGET_FIELDS),
      column: z.string().nullable(),
      column_index: z.int().nullable(),
      columns: z.array(z.string().nullable()),
      column_indexes: z.array(z.int()),
      combine: z.enum(["join_space"]).nullable(),
      confidence: z.number().min(0).max(1),
      reason: z.string(),
    }),
  ),
  unmapped_columns: z.array(z.object({ column: z.string().nullable(), column_index: z.int(), looks_like: z.string().nullable(), reason: z.string() })),
  missing_required: z.array(z.enum(TARGET_FIELDS)),
  sample: z
    .object({ to: z.record(z.string(), z.string()), text: z.string().optional() })
    .nullable()
    .describe("The first sample row as the mapping builds it; null without rows."),
  sample_issues: z.array(z.string()),
  next,
});

export const AutocompleteResultSchema = z.object({
  status: z.literal("ok"),
  query: z.string(),
  suggestions: z.array(z.object({ zip: z.string(), city: z.string(), state: z.string(), zips: z.array(z.string()).optional() })),
  next,
});

export const ReverseResultSchema = z.object({ status: z.literal("ok"), zip: z.string(), city: z.string(), state: z.string(), distance_km: z.number().min(0), next });

export const HealthSchema = z.object({ status: z.literal("ok") });

export const SuggestClassResultSchema = z.object({
  status: z.literal("ok"),
  suggested_class: z.enum(MAIL_CLASSES),
  reason: z.string().describe("One sentence naming what was found."),
  source: z.literal("heuristic").describe("The word-bounded heuristic."),
  matched: z.array(z.string()).describe("The phrases that counted, lower-cased, as they appear in the text."),
  confidence: z.enum(["high", "medium", "low"]),
  advisory: z.literal(true).describe("Advisory only: the sender always chooses the class."),
  next,
});

export const X402CreditResultSchema = z.object({
  status: z.literal("ok"),
  credit_code: z.string().describe("cc-xxxx-xxxx-xxxx: pay for letters with it as credit_code."),
  pack: z.enum(CREDIT_PACK_IDS),
  face_cents: cents("Paid-for value; lasts 5 years."),
  bonus_cents: cents("Promotional value; lasts 12 months and is spent first."),
  settlement: z
    .object({
      network: z.string(),
      tx_hash: z.string().nullable().describe("Null only for a settlement found after its answer was lost: the facilitator no longer reports the transaction of an authorization it already settled."),
    })
    .optional()
    .describe("Absent in the sandbox and on a replay of a payment that already minted a code."),
  sandbox: z.boolean(),
  replayed: z.boolean(),
  next,
});

export const X402PaymentRequiredSchema = z
  .looseObject({
    x402Version: z.literal(2),
    error: z.string().optional(),
    accepts: z.array(z.looseObject({ scheme: z.string(), network: z.string() })).describe("Payment requirements; pick one, sign it, retry with X-PAYMENT (or PAYMENT-SIGNATURE)."),
  })
  .describe("The x402 v2 challenge: the same JSON is base64-encoded in the PAYMENT-REQUIRED header.");

export const JsonRpcMessageSchema = z
  .looseObject({
    jsonrpc: z.literal("2.0"),
    id: z.union([z.string(), z.int()]).nullable().optional().describe("null on an error answered before the request's id was read."),
    method: z.string().optional(),
    params: z.unknown().optional(),
    result: z.unknown().optional(),
    error: z.object({ code: z.int(), message: z.string(), data: z.unknown().optional() }).optional(),
  })
  .describe("A JSON-RPC 2.0 message (MCP Streamable HTTP).");

export const OpenApiDocumentSchema = z.looseObject({ openapi: z.string(), info: z.looseObject({}), paths: z.looseObject({}) }).describe("This document.");

// ------------------------------------------------------------------------------------------
// Webhook messages (the document's `webhooks`): what a webhook_url receives, signed with the
// Standard Webhooks headers. lib/orders/queue-order-notifications.ts builds them.
// ------------------------------------------------------------------------------------------

/** The webhook event types: one per order status, and new carrier scans. */
export const WEBHOOK_EVENT_TYPES = [...ORDER_STATUSES.map((s) => `order.${s}` as const), "order.tracking_updated" as const];

export const WebhookOrderEventSchema = z.object({
  type: z.enum(ORDER_STATUSES.map((s) => `order.${s}`) as [string, ...string[]]).describe("`order.<status>`: the order moved to that status."),
  created_at: time("When the event happened (the same on every attempt)."),
  data: z.object({ order: OrderSchema }),
});

export const WebhookTrackingUpdatedSchema = z.object({
  type: z.literal("order.tracking_updated"),
  created_at: time("When the scans were recorded (the same on every attempt)."),
  data: z.object({
    order: OrderSchema,
    tracking_events: z.array(
      z.object({
        description: z.string().describe("The carrier's scan, e.g. In Transit."),
        occurred_at: time(),
        city: z.string().nullable(),
        state: z.string().nullable(),
        zip: z.string().nullable(),
      }),
    ).describe("The new scans only, oldest first."),
  }),
});
