import { OrderIdParamsSchema, OrderRequestSchema, ProofQuerySchema, QuoteRequestSchema } from "@/lib/letters/schemas";
import { defineOperation, type Operation } from "@/lib/openapi/operation";
import * as ex from "@/lib/openapi/examples";
import {
  OrderCanceledSchema,
  OrderCreatedSchema,
  OrderListSchema,
  OrderReadSchema,
  QuoteResponseSchema,
  TrackingSchema,
  UploadCreatedSchema,
  UploadReceivedSchema,
} from "@/lib/openapi/response-schemas";
import { AnyStringParams, ProofFileParamsSchema, UploadKeyParamsSchema } from "@/lib/openapi/documented-path-params";
import { UploadRequestSchema } from "@/lib/documents/uploads";
import { MAX_PDF_BYTES } from "@/lib/documents/inspect-pdf";
import { TrackingCodeParamsSchema } from "@/lib/tracking/get-public-tracking";
import { LIST_ORDERS_DEFAULT_LIMIT, LIST_ORDERS_MAX_LIMIT, ListOrdersQuerySchema } from "@/lib/orders/list-orders";
import { ORDER_STATUSES } from "@/lib/orders/state-machine";

// The letter's life: quote, send, list, read, cancel; the documents it prints; its tracking.

const ORDER_ID = { id: "The order id from POST /v1/orders (`ord_…`, sandbox `ord_test_…`)." };

export const quoteLetterOperation = defineOperation({
  method: "post",
  path: "/v1/quotes",
  operationId: "quoteLetter",
  summary: "Price a letter and get its proof and confirmation_token",
  description: [
    "Step 1 of sending anything. Free, and nothing is mailed. Verifies both addresses, makes the exact PDF that will print (the proof), counts its pages and prices it.",
    "The body is the body of POST /v1/orders; its payment fields (`credit_code`, `checkout_ui_mode`, `confirmation_token`) are accepted and ignored.",
    "Give the content as exactly one of `text`, `upload_key`, `pdf_base64` or `pdf_url`. Postcards and notecards are `first_class`, text only, without tracking; `handwriting` is for notecards only.",
    "Check `price_cents` and the proof, then send the letter unchanged with `confirmation_token` to POST /v1/orders within 30 minutes. The token is single-use and bound to recipient, sender, content, format, class, options, sandbox and price.",
    "`corrected_to` / `corrected_from` show the addresses as they will print; sending the letter as you quoted it stays valid.",
  ].join("\n\n"),
  tags: ["Letters"],
  scope: "mail:quote",
  throttle: "quotes",
  request: {
    schema: QuoteRequestSchema,
    maxBytes: 15_000_000,
    examples: { sandbox_letter: { summary: "A one-page text letter, in the sandbox", value: ex.letterRequest } },
  },
  responses: {
    200: { description: "The quote, its proof and the confirmation_token.", schema: QuoteResponseSchema, examples: { sandbox_letter: { summary: "Quoted", value: ex.quoteResponse } } },
  },
  errors: ["invalid_pdf", "pdf_fetch_failed", "upload_not_found", "empty_document", "page_limit_exceeded", "content_too_long", "address_undeliverable"],
});

export const sendLetterOperation = defineOperation({
  method: "post",
  path: "/v1/orders",
  operationId: "sendLetter",
  summary: "Send a letter (needs the confirmation_token from POST /v1/quotes)",
  description: [
    "Step 2. Send the letter exactly as quoted, with the quote's `confirmation_token` and an `Idempotency-Key` (a fresh UUID per letter; reuse it on every retry of that letter).",
    "Without a token: 428 `confirmation_required`, nothing sent. A token already used: 409 `confirmation_used` (re-quote only if you mean to send a second letter). A changed letter: 409 `confirmation_mismatch`.",
    "`sandbox: true` runs the whole pipeline free and at once (status `submitted` with a tracking number; the simulated carrier then walks it to `delivered`). Try everything there first.",
    "Live letters pay for themselves: with a `credit_code` that covers the price the code is debited in the same call (201 `ok`); without one the answer is 201 `action_required` with `payment_url` (`checkout_ui_mode` hosted, the default) or `payment_client_secret` (embedded) for a human to pay; the card is charged only once the letter clears screening.",
    "A repeat with the same `Idempotency-Key` and body returns the original order with `replayed: true` (200) and creates or charges nothing; while the first request is still running, 409 `idempotency_in_flight` with `Retry-After`.",
    "Keep `capability.cancel_token`: DELETE /v1/orders/{id} with it cancels for free until the letter is handed to the carrier. Then poll GET /v1/orders/{id} (or the public `tracking_url`).",
    "A letter refused by screening is 201 `failed` with code `content_refused` and a `reason` (nothing charged). The 503 codes `submission_uncertain` and `provider_outcome_unknown` are deliberate stops: do not resend automatically.",
  ].join("\n\n"),
  tags: ["Letters"],
  scope: "mail:send",
  throttle: "orders_sandbox",
  throttledByOperation: true,
  headers: [{ name: "Idempotency-Key", description: "Send on every call: 1 to 255 visible ASCII characters (a UUID). Makes retries safe." }],
  request: {
    schema: OrderRequestSchema,
    maxBytes: 15_000_000,
    description: "The quoted letter, unchanged, plus `confirmation_token` and the payment fields. The per-minute throttle applies to sandbox orders; live letters are limited by the sending caps (429 velocity_limit, spend_cap).",
    examples: {
      sandbox_letter: { summary: "The quoted sandbox letter, with its confirmation_token", value: ex.orderRequest },
      live_payment_link: { summary: "A live letter paid through a payment link", value: ex.liveLinkOrderRequest },
      live_credit_code: { summary: "A live letter paid with a credit code", value: ex.creditOrderRequest },
    },
  },
  responses: {
    201: {
      description: "Created. `status` is `ok` (paid or sandbox), `action_required` (pay at payment_url or with payment_client_secret) or `failed` (refused by screening, code `content_refused`; nothing charged).",
      schema: OrderCreatedSchema,
      examples: {
        sandbox_letter: { summary: "Sandbox order, held before hand-off (recipient name has Sandbox Hold)", value: ex.orderCreatedResponse },
        live_payment_link: { summary: "Waiting for payment", value: ex.liveLinkOrderResponse },
        live_credit_code: { summary: "Paid with the credit code and handed to the carrier", value: ex.creditOrderResponse },
      },
    },
    200: {
      description: "An idempotent replay (same Idempotency-Key, same body): the original order as it is now, `replayed: true`. Nothing new is created or charged. A pending-payment replay carries neither payment_url nor payment_client_secret: poll GET /v1/orders/{id}.",
      schema: OrderCreatedSchema,
      examples: { sandbox_letter: { summary: "Replay", value: ex.orderReplayResponse } },
    },
  },
  errors: [
    "confirmation_invalid",
    "confirmation_required",
    "confirmation_mismatch",
    "confirmation_used",
    "confirmation_expired",
    "sandbox_only_key",
    "idempotency_in_flight",
    "idempotency_key_reused",
    "credit_code_unknown",
    "insufficient_credit",
    "velocity_limit",
    "spend_cap",
    "payment_provider_unavailable",
    "no_rail_for_format",
    "fulfillment_rejected",
    "fulfillment_unavailable",
    "submission_uncertain",
    "provider_outcome_unknown",
  ],
});

export const getOrderOperation = defineOperation({
  method: "get",
  path: "/v1/orders/{id}",
  operationId: "getOrder",
  summary: "Read an order: status, tracking, proof, webhook deliveries and e-mails",
  description: [
    "Step 3. Poll this after POST /v1/orders (every few seconds in the sandbox, every few minutes live) or follow the public `tracking_url`.",
    "While the order is `pending_payment` the answer is `action_required` with the payment step again (`payment_url` or `payment_client_secret`): this is how a caller whose first response was lost resumes paying.",
    "`webhook_deliveries` lists every webhook message with each attempt; `emails` the state of each e-mail to the order's `email`.",
  ].join("\n\n"),
  tags: ["Letters"],
  scope: "mail:read",
  params: OrderIdParamsSchema,
  parameterDescriptions: ORDER_ID,
  responses: {
    200: { description: "The order.", schema: OrderReadSchema, examples: { sandbox_letter: { summary: "The held sandbox order", value: ex.orderReadResponse } } },
  },
  errors: ["order_not_found"],
});

export const listOrdersOperation = defineOperation({
  method: "get",
  path: "/v1/orders",
  operationId: "listOrders",
  summary: "List the orders your API key created, newest first (cursor pages)",
  description: [
    "Needs an API key (`mail:read`): it lists the orders created with that key, and no other key's. Without a key: 401 `key_required`.",
    "Newest first (by `created_at`, then `id`, descending), `limit` orders a page (default 20, at most 100). When `has_more` is true, send `next_starting_after` as `starting_after` with the same filters for the next page. Pages follow the cursor's row, not an offset: orders created while you page appear on a fresh first page, never as repeats or gaps in the pages after it.",
    "Filters: `status` (one or more statuses, comma-separated) and `created_gte` / `created_lt` (ISO 8601 timestamps with a zone: created at or after, and before). A bad value is 400 `validation_error` naming the parameter; so is a `starting_after` that is not one of this key's orders.",
    "Each item is the Order as GET /v1/orders/{id} shows it (never capability tokens or webhook secrets); read that for its tracking link, proof, webhook deliveries and e-mails. MCP: `list_letters` with the same arguments.",
  ].join("\n\n"),
  tags: ["Letters"],
  scope: "mail:read",
  throttle: "orders_list",
  query: ListOrdersQuerySchema,
  parameterDescriptions: {
    limit: `Orders per page: 1 to ${LIST_ORDERS_MAX_LIMIT} (default ${LIST_ORDERS_DEFAULT_LIMIT}).`,
    starting_after: "The `next_starting_after` of the previous page: this page starts after that order. Leave it out for the first (newest) page.",
    status: `Only orders in these statuses, comma-separated: ${ORDER_STATUSES.join(", ")} (e.g. \`submitted,mailed\`).`,
    created_gte: "Only orders created at or after this instant: ISO 8601 with a zone (`2026-11-01T00:00:00Z`; encode a `+` offset as %2B).",
    created_lt: "Only orders created before this instant: ISO 8601 with a zone. Later than created_gte when both are given.",
  },
  responses: {
    200: { description: "A page of the key's orders.", schema: OrderListSchema, examples: { first_page: { summary: "limit=2: the key's two newest orders, more to come", value: ex.orderListResponse } } },
  },
  errors: ["key_required"],
});

export const cancelOrderOperation = defineOperation({
  method: "delete",
  path: "/v1/orders/{id}",
  operationId: "cancelOrder",
  summary: "Cancel an order before it is handed to the carrier (needs X-Capability-Token)",
  description: [
    "Free: releases any payment hold (or returns a credit debit to its code) and charges nothing.",
    "Send the order's `capability.cancel_token` in `X-Capability-Token` (`X-Cancel-Token` is the legacy name). Possible while the order is draft, pending_payment, screening or held_for_review; once submitted: 409 `already_submitted`.",
    "Canceling an order that is already canceled answers as the first cancel did, so retries are safe.",
  ].join("\n\n"),
  tags: ["Letters"],
  scope: "mail:cancel",
  params: OrderIdParamsSchema,
  parameterDescriptions: ORDER_ID,
  headers: [
    { name: "X-Capability-Token", required: true, description: "The order's cancel_token (cap_…), valid 7 days." },
    { name: "X-Cancel-Token", description: "Legacy name of X-Capability-Token." },
  ],
  responses: {
    200: { description: "Canceled.", schema: OrderCanceledSchema, examples: { sandbox_letter: { summary: "The held sandbox order, canceled", value: ex.orderCanceledResponse } } },
  },
  errors: ["capability_required", "invalid_capability", "order_not_found", "already_submitted", "order_not_cancelable"],
});

export const createUploadOperation = defineOperation({
  method: "post",
  path: "/v1/uploads",
  operationId: "createUpload",
  summary: "Get a one-shot signed URL to upload a large PDF",
  description: [
    "For PDFs too large to send as `pdf_base64`: PUT the file (Content-Type application/pdf, at most 10 MB) to `upload_url` with `headers` within `expires_in` seconds, then quote and send the letter with `upload_key`.",
    "The body is optional: `{content_length}` signs the exact size into the URL. Uploads no order used are deleted after 30 days.",
  ].join("\n\n"),
  tags: ["Documents"],
  scope: "mail:quote",
  throttle: "uploads",
  request: { schema: UploadRequestSchema, optional: true, maxBytes: 4096, examples: { with_size: { summary: "Sign the file's size in", value: { content_length: 482133 } } } },
  responses: {
    200: {
      description: "The upload key and URL.",
      schema: UploadCreatedSchema,
      examples: {
        fallback_store: {
          summary: "Without S3: the service's own upload sink",
          value: {
            status: "ok",
            upload_key: ex.ids.uploadKey,
            upload_url: `${ex.EXAMPLE_BASE_URL}/v1/uploads/${ex.ids.uploadKey}?expires=1777907700&signature=Jd8Qm2Xv5Tn0Lc3Rb7Hw1Kz4Fs9Ga6Py2Eu5Oi8Mk`,
            method: "PUT",
            headers: { "Content-Type": "application/pdf" },
            expires_in: 900,
            max_bytes: MAX_PDF_BYTES,
            next: [
              "PUT the PDF bytes to upload_url with the headers shown, within 900 seconds; the URL takes one file.",
              "Then quote and send the letter with upload_key instead of text (POST /v1/quotes, then POST /v1/orders).",
            ],
          },
        },
      },
    },
  },
  errors: [],
});

export const receiveUploadOperation = defineOperation({
  method: "put",
  path: "/v1/uploads/{key}",
  operationId: "receiveUpload",
  summary: "Upload sink for the PDF (only when no S3 storage is configured)",
  description:
    "PUT the PDF bytes to the `upload_url` POST /v1/uploads returned, exactly as returned (its `expires` and `signature` query parameters included), with Content-Type application/pdf. The URL takes one file. With S3 configured, `upload_url` points at the bucket instead and this route answers 403 `upload_sink_disabled`.",
  tags: ["Documents"],
  scope: "mail:quote",
  params: AnyStringParams("key"),
  documentedParams: UploadKeyParamsSchema,
  parameterDescriptions: { key: "The upload_key: up_ + 32 lowercase hex digits + .pdf. Anything else is 400 invalid_upload_key before storage is touched." },
  request: { contentType: "application/pdf", maxBytes: MAX_PDF_BYTES, description: "The PDF bytes.", examples: {} },
  responses: {
    201: {
      description: "Stored; pass upload_key to POST /v1/quotes and POST /v1/orders.",
      schema: UploadReceivedSchema,
      examples: { stored: { summary: "Stored", value: { status: "ok", upload_key: ex.ids.uploadKey, size_bytes: 482133, next: ["Quote and send the letter with this upload_key (POST /v1/quotes, then POST /v1/orders)."] } } },
    },
  },
  errors: ["invalid_upload_key", "upload_sink_disabled", "invalid_upload_url", "unsupported_media_type", "body_too_large", "invalid_pdf", "upload_already_received", "upload_not_found"],
});

export const getProofOperation = defineOperation({
  method: "get",
  path: "/v1/proofs/{file}",
  operationId: "getProof",
  summary: "The proof: the exact PDF that prints, or a PNG of any of its pages",
  description: "The links come from `proof.pdf_url` and `proof.thumbnail_url` of quotes and orders. The PNG shows page 1; add `?page=N` for page N (up to `proof.page_count`). The long random id is the capability: share the links only with whoever may see both addresses. Quote proofs of letters never sent are deleted after 30 days.",
  tags: ["Documents"],
  scope: "mail:read",
  params: AnyStringParams("file"),
  documentedParams: ProofFileParamsSchema,
  query: ProofQuerySchema,
  parameterDescriptions: { file: "pf_<24 characters>.pdf or .png, as in the proof links.", page: "For the .png: which page (1 to the proof's page_count; default 1). A page past the last is 404 proof_not_found. The .pdf is every page (a page given there is still checked, and otherwise ignored)." },
  responses: {
    200: { description: "The PDF (application/pdf) or one page as a 480-pixel-wide PNG (image/png). Cache-Control: private, max-age=86400, immutable.", contentType: ["application/pdf", "image/png"] },
  },
  errors: ["proof_not_found"],
});

export const getTrackingOperation = defineOperation({
  method: "get",
  path: "/v1/tracking/{code}",
  operationId: "getTracking",
  summary: "Public tracking view of a letter (JSON of the /t/{code} page)",
  description: "The code is the end of the order's `tracking_url`. Shows status, timeline with the place of each scan, expected delivery, format and class, and the recipient's city and state; never street lines, the sender or the e-mail.",
  tags: ["Letters"],
  scope: "mail:read",
  params: TrackingCodeParamsSchema,
  parameterDescriptions: { code: "16 lowercase letters and digits: the end of tracking_url." },
  responses: {
    200: {
      description: "The tracking view.",
      schema: TrackingSchema,
      examples: {
        sandbox_letter: {
          summary: "The held sandbox order",
          value: {
            status: "ok",
            tracking: {
              code: ex.ids.trackingCode,
              status: "screening",
              sandbox: true,
              format: "letter",
              mail_class: "first_class",
              tracking_number: null,
              expected_delivery_date: null,
              to: { city: "NEW YORK", state: "NY" },
              refusal_reason: null,
              events: [
                { at: ex.exampleTime(1), kind: "status", status: "draft", description: "Order placed", place: null },
                { at: ex.exampleTime(1), kind: "status", status: "screening", description: "Checking the letter before printing", place: null },
              ],
            },
            tracking_url: `${ex.EXAMPLE_BASE_URL}/t/${ex.ids.trackingCode}`,
          },
        },
      },
    },
  },
  errors: ["tracking_not_found"],
});

export const LETTER_OPERATIONS: Operation[] = [quoteLetterOperation, sendLetterOperation, listOrdersOperation, getOrderOperation, cancelOrderOperation, createUploadOperation, receiveUploadOperation, getProofOperation, getTrackingOperation];
