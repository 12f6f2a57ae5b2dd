import type { z } from "zod";
import { AddressSchema, QuoteRequestSchema } from "@/lib/letters/schemas";
import { CsvMapRequestSchema } from "@/lib/csv/answer-csv-map";
import { FeedbackRequestSchema } from "@/lib/feedback/record-feedback";
import { SuggestClassRequestSchema } from "@/lib/letters/suggest-mail-class";
import { CreditCheckoutRequestSchema } from "@/lib/operations/credit-checkout";
import { ReviewRequestSchema } from "@/lib/reviews/submit-review";
import { X402CreditsRequestSchema } from "@/lib/payments/x402/purchase-credits";
import type { Operation } from "@/lib/openapi/operation";
import { LETTER_OPERATIONS } from "@/lib/openapi/operations-letters";
import { MORE_OPERATIONS } from "@/lib/openapi/operations-more";
import { AGENT_OPERATIONS } from "@/lib/openapi/operations-agents";
import * as R from "@/lib/openapi/response-schemas";
import { ReverseRequestSchema } from "@/lib/addresses/address-request-schemas";
import { UploadRequestSchema } from "@/lib/documents/uploads";

/**
 * The registry: one operation per (method, path) a /v1 route serves. Each is an object of
 * operations-letters.ts, operations-more.ts or operations-agents.ts that its route passes to
 * defineRoute (scope, throttle, body schema and limit, path parameters: what the wrapper
 * applies) and its MCP tool to `run` (lib/mcp/register-tools.ts), and from which the OpenAPI
 * document, /docs/api and /llms.txt are built. tests/unit/openapi.test.ts fails when a route
 * serves a method without its operation, or builds its handler from another object. To add one:
 * an operation (defineOperation) with the route's own zod schemas (imported from lib/, never
 * copied), its scope, throttle bucket, body limit, headers, route-specific error codes, a
 * response schema in response-schemas.ts and an example request and response; every new named
 * schema goes in COMPONENTS below.
 */
export const OPERATIONS: Operation[] = [...LETTER_OPERATIONS, ...MORE_OPERATIONS, ...AGENT_OPERATIONS];

/**
 * The named schemas of components.schemas. Request schemas are converted as zod parses them
 * (io "input"), responses as the service writes them (io "output"). A schema an operation
 * uses must be listed here; nested ones listed here become $refs (Address, Order, Proof, …).
 */
export const COMPONENTS: { name: string; schema: z.ZodType; io: "input" | "output" }[] = [
  // QuoteRequestSchema is OrderRequestSchema: one letter body for both.
  { name: "LetterRequest", schema: QuoteRequestSchema, io: "input" },
  { name: "Address", schema: AddressSchema, io: "input" },
  { name: "UploadRequest", schema: UploadRequestSchema, io: "input" },
  { name: "CreditCheckoutRequest", schema: CreditCheckoutRequestSchema, io: "input" },
  { name: "X402CreditsRequest", schema: X402CreditsRequestSchema, io: "input" },
  { name: "ReviewRequest", schema: ReviewRequestSchema, io: "input" },
  { name: "FeedbackRequest", schema: FeedbackRequestSchema, io: "input" },
  { name: "SuggestClassRequest", schema: SuggestClassRequestSchema, io: "input" },
  { name: "CsvMapRequest", schema: CsvMapRequestSchema, io: "input" },
  { name: "ReverseRequest", schema: ReverseRequestSchema, io: "input" },

  { name: "ErrorEnvelope", schema: R.ErrorEnvelopeSchema, io: "output" },
  { name: "Order", schema: R.OrderSchema, io: "output" },
  { name: "WebhookOrderEvent", schema: R.WebhookOrderEventSchema, io: "output" },
  { name: "WebhookTrackingUpdated", schema: R.WebhookTrackingUpdatedSchema, io: "output" },
  { name: "BreakdownLine", schema: R.BreakdownLineSchema, io: "output" },
  { name: "CorrectedAddress", schema: R.CorrectedAddressSchema, io: "output" },
  { name: "Proof", schema: R.ProofSchema, io: "output" },
  { name: "Capability", schema: R.CapabilitySchema, io: "output" },
  { name: "Review", schema: R.ReviewSchema, io: "output" },
  { name: "QuoteResponse", schema: R.QuoteResponseSchema, io: "output" },
  { name: "OrderCreated", schema: R.OrderCreatedSchema, io: "output" },
  { name: "OrderRead", schema: R.OrderReadSchema, io: "output" },
  { name: "OrderCanceled", schema: R.OrderCanceledSchema, io: "output" },
  { name: "OrderList", schema: R.OrderListSchema, io: "output" },
  { name: "UploadCreated", schema: R.UploadCreatedSchema, io: "output" },
  { name: "UploadReceived", schema: R.UploadReceivedSchema, io: "output" },
  { name: "Tracking", schema: R.TrackingSchema, io: "output" },
  { name: "CreditBalance", schema: R.CreditBalanceSchema, io: "output" },
  { name: "CreditCheckoutStarted", schema: R.CreditCheckoutStartedSchema, io: "output" },
  { name: "CreditCheckoutRead", schema: R.CreditCheckoutReadSchema, io: "output" },
  { name: "X402CreditResult", schema: R.X402CreditResultSchema, io: "output" },
  { name: "X402PaymentRequired", schema: R.X402PaymentRequiredSchema, io: "output" },
  { name: "ReviewCreated", schema: R.ReviewCreatedSchema, io: "output" },
  { name: "ReviewList", schema: R.ReviewListSchema, io: "output" },
  { name: "FeedbackReceived", schema: R.FeedbackReceivedSchema, io: "output" },
  { name: "SuggestClassResult", schema: R.SuggestClassResultSchema, io: "output" },
  { name: "CsvMapResult", schema: R.CsvMapResultSchema, io: "output" },
  { name: "AutocompleteResult", schema: R.AutocompleteResultSchema, io: "output" },
  { name: "ReverseResult", schema: R.ReverseResultSchema, io: "output" },
  { name: "Health", schema: R.HealthSchema, io: "output" },
  // Both the request and the response of /v1/mcp.
  { name: "JsonRpcMessage", schema: R.JsonRpcMessageSchema, io: "output" },
  { name: "OpenApiDocument", schema: R.OpenApiDocumentSchema, io: "output" },
];

/**
 * Prose for request fields whose schema (shared with the runtime) carries none, by component
 * and property. The test checks that every property named here exists.
 */
export const FIELD_DESCRIPTIONS: Record<string, Record<string, string>> = {
  LetterRequest: {
    mail_class: "first_class, certified, certified_err (certified with electronic return receipt) or priority. Postcards and notecards: first_class only.",
    to: "The recipient.",
    from: "The return address.",
    color: "Print in color (+30¢ first page, +10¢ each further page).",
    tracking: "Letters carry tracking by default; postcards and notecards carry none (true is refused for them). false keeps the carrier's scans private: the public tracking link and GET /v1/tracking show status changes only, with no scans, places or tracking number, and no order.tracking_updated webhooks are sent; status webhooks, e-mails, the order itself (tracking_number included) and the price are unchanged.",
    text: "The letter's text (one of text, upload_key, pdf_base64, pdf_url). Prints Latin (Vietnamese included), Greek and Cyrillic; a character the print fonts lack (Chinese, Japanese, Korean, emoji) is refused with a 400 that names it.",
    font: "helvetica (default), times or courier, or a common alias (arial, serif, monospace, …): printed in Noto Sans, Noto Serif or Noto Sans Mono.",
    upload_key: "A PDF uploaded through POST /v1/uploads (one of the four content fields).",
    pdf_base64: "The PDF's bytes in base64, at most 10 MB decoded (one of the four content fields).",
    pdf_url: "A public http(s) URL the service fetches once, at quote time (one of the four content fields).",
    email: "Receives the receipt and status updates.",
    credit_code: "Pay a live order with this prepaid code (cc-xxxx-xxxx-xxxx, any case); ignored on quotes and sandbox orders.",
    account_session: "Accepted and not used yet.",
    webhook_url: "Public http(s) URL that receives every status change, signed with Standard Webhooks headers and the order's webhook_secret.",
    sandbox: "true runs the whole pipeline free and instantly; nothing is printed, mailed or charged.",
    format: "letter (default), letter_windowed, notecard, postcard_4x6, postcard_6x9 or postcard_6x11.",
    handwriting: "Notecards only: script (default; Dancing Script in near-black ink) or pen (+$1; Caveat in blue ink, every letter drawn a little differently). Must match what was quoted.",
    remove_branding: "Omit the envelope mark (+49¢ where a mark would print; never charged on certified, priority or postcards).",
    confirmation_token: "From POST /v1/quotes; required on POST /v1/orders. Single use, 30 minutes.",
    checkout_ui_mode: "Without a credit_code: hosted (default, payment_url) or embedded (payment_client_secret).",
  },
  Address: {
    name: "1 to 80 characters, printed as written.",
    line1: "1 to 120 characters.",
    line2: "Up to 120 characters (apartment, suite, floor).",
    city: "1 to 80 characters.",
    state: "A USPS state, territory or military code (NY, PR, AE); any case.",
    zip: "12345 or 12345-6789.",
    country: "Only US.",
  },
};

/** Prose for whole components: the rules across fields that JSON Schema does not state. */
export const COMPONENT_DESCRIPTIONS: Record<string, string> = {
  LetterRequest: [
    "The letter: the body of POST /v1/quotes and POST /v1/orders. Optional fields also accept null for absent; unknown fields are refused.",
    "Rules across fields: exactly one of text, upload_key, pdf_base64, pdf_url; postcards and notecards are first_class, text only and carry no tracking; handwriting is for notecards only; text is at most 60 printed pages and must fit a postcard or notecard (400 content_too_long).",
  ].join(" "),
  Address: "A US address (spec 2.1). Values are trimmed; the address is verified and standardized when the letter is quoted.",
  CsvMapRequest: "Either csv (the CSV text), or header with optional rows; not both. rows only with header.",
};
