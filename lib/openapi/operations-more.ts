import { CsvMapRequestSchema } from "@/lib/csv/answer-csv-map";
import { FeedbackRequestSchema } from "@/lib/feedback/record-feedback";
import { SuggestClassRequestSchema } from "@/lib/letters/suggest-mail-class";
import { CreditCheckoutIdSchema, CreditCheckoutRequestSchema } from "@/lib/operations/credit-checkout";
import { ReviewRequestSchema } from "@/lib/reviews/submit-review";
import { X402CreditsRequestSchema } from "@/lib/payments/x402/purchase-credits";
import { defineOperation, type Operation } from "@/lib/openapi/operation";
import * as ex from "@/lib/openapi/examples";
import {
  AutocompleteResultSchema,
  CreditBalanceSchema,
  CreditCheckoutReadSchema,
  CreditCheckoutStartedSchema,
  CsvMapResultSchema,
  FeedbackReceivedSchema,
  HealthSchema,
  OpenApiDocumentSchema,
  ReverseResultSchema,
  ReviewCreatedSchema,
  ReviewListSchema,
  SuggestClassResultSchema,
  X402CreditResultSchema,
  X402PaymentRequiredSchema,
} from "@/lib/openapi/response-schemas";
import { AutocompleteQuerySchema, ReverseRequestSchema } from "@/lib/addresses/address-request-schemas";
import { AnyStringParams, CreditCodeParamsSchema } from "@/lib/openapi/documented-path-params";
import { DEFAULT_MAX_BODY } from "@/lib/http/define-route";

// Paying ahead (credits, x402), reviews and feedback, the conveniences, and the service itself.

const review = { id: ex.ids.review, stars: 5, comment: "Arrived in three days and looked exactly like the proof.", name: "Ada L.", city: "ALBANY", state: "NY", category: "personal_letter", created_at: ex.exampleTime(40) };
const checkout = { id: ex.ids.payment, pack: "standard", state: "open", price_cents: 2500, face_cents: 2500, bonus_cents: 250 };
const credit = { code: ex.ids.creditCode, balance_cents: 2750, face_cents: 2500, bonus_cents: 250, bonus_expires_at: "2027-05-04T15:20:00.000Z", face_expires_at: "2031-05-04T15:20:00.000Z" };

export const getCreditBalanceOperation = defineOperation({
  method: "get",
  path: "/v1/credits/{code}",
  operationId: "getCreditBalance",
  summary: "A credit code's balance",
  description: "Look up a prepaid credit code before paying an order with it. Lookup is case-insensitive. Bonus value is spent first and lasts 12 months; face value lasts 5 years.",
  tags: ["Credits"],
  scope: "credits:read",
  params: AnyStringParams("code"),
  documentedParams: CreditCodeParamsSchema,
  parameterDescriptions: { code: "cc-xxxx-xxxx-xxxx, any case." },
  throttle: "credits_lookup",
  responses: { 200: { description: "The balance.", schema: CreditBalanceSchema, examples: { balance: { summary: "A standard pack's code", value: { status: "ok", ...credit } } } } },
  errors: ["credit_not_found"],
});

export const buyCreditPackOperation = defineOperation({
  method: "post",
  path: "/v1/credits/checkout",
  operationId: "buyCreditPack",
  summary: "Buy a credit pack with a payment link",
  description: [
    "A person pays the returned `payment_url` (or mounts `payment_client_secret`); the pack is charged at checkout. Then poll GET /v1/credits/checkout/{id} (`status_url`) for the new credit code.",
    "Packs: starter ($10), standard ($25 + $2.50 bonus), plus ($50 + $7.50), pro ($100 + $20). Send an `Idempotency-Key` so that a retry never opens a second checkout. Packs are real money: an `ak_test_` key is refused (403 `sandbox_only_key`).",
  ].join("\n\n"),
  tags: ["Credits"],
  scope: "credits:buy",
  throttle: "credits_checkout",
  throttledByOperation: true,
  headers: [{ name: "Idempotency-Key", description: "1 to 255 visible ASCII characters; a replay answers the first checkout (200, replayed: true, without the URL or secret)." }],
  request: { schema: CreditCheckoutRequestSchema, maxBytes: DEFAULT_MAX_BODY, examples: { standard: { summary: "The standard pack, hosted checkout", value: { pack: "standard", email: "ada@example.com" } } } },
  responses: {
    201: {
      description: "A checkout to pay.",
      schema: CreditCheckoutStartedSchema,
      examples: {
        standard: {
          summary: "Pay at payment_url",
          value: {
            status: "action_required",
            reason: "Pay $25.00 for the standard pack; the credit code is shown once the payment succeeds.",
            next: ["Open payment_url in a browser and pay by card.", `Poll GET /v1/credits/checkout/${ex.ids.payment} (or open the return page after paying) to get the credit code.`],
            checkout_ui_mode: "hosted",
            checkout,
            status_url: `${ex.EXAMPLE_BASE_URL}/v1/credits/checkout/${ex.ids.payment}`,
            replayed: false,
            payment_url: "https://checkout.stripe.com/c/pay/cs_live_b2C3d4E5f6G7h8I9",
          },
        },
      },
    },
    200: { description: "An idempotent replay of the first checkout (without payment_url or payment_client_secret).", schema: CreditCheckoutStartedSchema },
  },
  errors: ["sandbox_only_key", "idempotency_in_flight", "idempotency_key_reused", "payment_provider_unavailable"],
});

export const getCreditCheckoutOperation = defineOperation({
  method: "get",
  path: "/v1/credits/checkout/{id}",
  operationId: "getCreditCheckout",
  summary: "A credit-pack checkout: the payment step while open, the code once paid",
  description: "Poll after POST /v1/credits/checkout. `action_required` while unpaid (with the payment step again); `ok` with `credit` (the new code and its balance) once paid; `ok` with checkout.state `expired` if it closed unpaid.",
  tags: ["Credits"],
  scope: "credits:read",
  params: CreditCheckoutIdSchema,
  parameterDescriptions: { id: "checkout.id from POST /v1/credits/checkout (pay_…)." },
  responses: {
    200: {
      description: "The checkout.",
      schema: CreditCheckoutReadSchema,
      examples: { paid: { summary: "Paid: the new code", value: { status: "ok", checkout: { ...checkout, state: "paid" }, credit } } },
    },
  },
  errors: ["checkout_not_found"],
});

export const buyCreditPackX402Operation = defineOperation({
  method: "post",
  path: "/v1/x402/credits",
  operationId: "buyCreditPackX402",
  summary: "Buy a credit pack with an x402 agent payment (USDC)",
  description: [
    "The x402 v2 handshake: the first call (no payment header) is answered 402 `payment_required` with the payment requirements in the `PAYMENT-REQUIRED` header (base64 JSON) and the same object in the body. Sign it with an x402 client and send the same request again with the signed payload in `PAYMENT-SIGNATURE` (v2) or `X-PAYMENT` (v1 name).",
    "On settlement: 201 with the new `credit_code` and the on-chain `settlement`. The same signed payment sent again answers the same code with `replayed: true` (200) and no `settlement`; nothing is charged twice.",
    "Only one call settles a payment: the same payment sent while another call is settling it waits a few seconds for that outcome, then answers 409 `payment_in_progress` (retry the same header). When the facilitator's answer is lost (503 `facilitator_unavailable`) or the transfer is not confirmed yet (409 `payment_in_progress`), the same header sent again finishes the purchase: 201 with the code, and `settlement.tx_hash` null when the facilitator no longer reports the transaction of an authorization it already settled.",
    "`sandbox: true` mints a real, usable credit code with no facilitator call and no charge. Deployments without a facilitator answer 503 `x402_unavailable` (use POST /v1/credits/checkout instead). Pay for letters with the code as `credit_code` on POST /v1/orders.",
  ].join("\n\n"),
  tags: ["Credits"],
  scope: "credits:buy",
  throttle: "x402_credits",
  headers: [
    { name: "PAYMENT-SIGNATURE", description: "The signed x402 v2 payment payload (base64), on the retry after a 402." },
    { name: "X-PAYMENT", description: "The same payload under the x402 v1 header name." },
  ],
  request: {
    schema: X402CreditsRequestSchema,
    maxBytes: DEFAULT_MAX_BODY,
    examples: { standard: { summary: "The standard pack", value: { pack: "standard", email: "agent-owner@example.com" } }, sandbox: { summary: "A free sandbox code", value: { pack: "starter", email: "agent-owner@example.com", sandbox: true } } },
  },
  responses: {
    201: {
      description: "Settled (or sandbox): the credit code. A settled payment also carries the facilitator's PAYMENT-RESPONSE header.",
      schema: X402CreditResultSchema,
      headers: { "PAYMENT-RESPONSE": { description: "Base64 JSON of the x402 settlement (transaction, network, payer)." } },
      examples: {
        standard: {
          summary: "Settled on Base",
          value: {
            status: "ok",
            credit_code: ex.ids.creditCode,
            pack: "standard",
            face_cents: 2500,
            bonus_cents: 250,
            settlement: { network: "eip155:8453", tx_hash: "0x8c1f4b2e9d7a6c3b5e0f1a2d4c6b8e9f0a1b3c5d7e9f1a2b4c6d8e0f2a4b6c8d" },
            sandbox: false,
            replayed: false,
            next: [`Pay for letters with credit_code ${ex.ids.creditCode} on POST /v1/orders.`, `GET /v1/credits/${ex.ids.creditCode} shows the balance.`],
          },
        },
      },
    },
    200: { description: "A replay of a payment that already minted a code: the same code, `replayed: true`, no settlement.", schema: X402CreditResultSchema },
    402: {
      description: "The challenge (`payment_required`), or a payment that does not pay for the pack (`payment_invalid`, `payment_settlement_failed`). The body is the error envelope together with the x402 PaymentRequired object, also base64-encoded in the PAYMENT-REQUIRED header.",
      schema: X402PaymentRequiredSchema,
      headers: { "PAYMENT-REQUIRED": { description: "Base64 JSON of the x402 v2 PaymentRequired object (x402Version, accepts, …)." } },
      examples: {
        challenge: {
          summary: "The standard pack: 25 USDC on Base",
          value: {
            x402Version: 2,
            error: "Payment required",
            resource: { url: `${ex.EXAMPLE_BASE_URL}/v1/x402/credits`, description: "Mail credit, Standard: $25 of credit + $2.50 bonus", mimeType: "application/json" },
            accepts: [
              {
                scheme: "exact",
                network: "eip155:8453",
                amount: "25000000",
                asset: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
                payTo: "0x4b2e8f1a9c3d7e6b5a0f2c4d8e1b3a5c7d9f0e2a",
                maxTimeoutSeconds: 300,
                extra: { name: "USD Coin", version: "2" },
              },
            ],
          },
        },
      },
    },
  },
  errors: ["sandbox_only_key", "payment_required", "payment_invalid", "payment_settlement_failed", "payment_in_progress", "x402_unavailable", "facilitator_unavailable"],
});

export const submitReviewOperation = defineOperation({
  method: "post",
  path: "/v1/reviews",
  operationId: "submitReview",
  summary: "Review a delivered letter (needs the review_token)",
  description: "Send the order's `capability.review_token` (or the token in the delivered e-mail's review link) in `X-Capability-Token`. Accepted once the letter is delivered, one review per order. `city` and `state` default to the sender's return address.",
  tags: ["Reviews"],
  scope: "feedback:write",
  throttle: "reviews",
  headers: [{ name: "X-Capability-Token", required: true, description: "The order's review_token (cap_…), valid 7 days; a cancel_token is refused." }],
  request: { schema: ReviewRequestSchema, maxBytes: 16_000, examples: { five_stars: { summary: "Five stars", value: { stars: 5, comment: review.comment, name: review.name, category: "personal_letter" } } } },
  responses: { 201: { description: "Stored.", schema: ReviewCreatedSchema, examples: { five_stars: { summary: "Stored", value: { status: "ok", review } } } } },
  errors: ["capability_required", "invalid_capability", "order_not_found", "review_not_open", "review_exists"],
});

export const listReviewsOperation = defineOperation({
  method: "get",
  path: "/v1/reviews",
  operationId: "listReviews",
  summary: "Published reviews",
  description: "The 4- and 5-star reviews of delivered live letters, newest first, at most 24.",
  tags: ["Reviews"],
  scope: "mail:read",
  responses: { 200: { description: "The reviews.", schema: ReviewListSchema, examples: { wall: { summary: "One review", value: { status: "ok", reviews: [review] } } } } },
  errors: [],
});

export const submitFeedbackOperation = defineOperation({
  method: "post",
  path: "/v1/feedback",
  operationId: "submitFeedback",
  summary: "Report a wrong response, a docs mismatch or a bug",
  description: "Open to every caller: with no key, or with any key that verifies whatever its scopes. Say which route, which response (its `x-request-id`) or order, what you expected and what came back; an operator reads every report. Add `email` for an answer.",
  tags: ["Feedback"],
  scope: null,
  throttle: "feedback",
  request: {
    schema: FeedbackRequestSchema,
    maxBytes: 64_000,
    examples: {
      docs_mismatch: {
        summary: "A docs mismatch",
        value: { kind: "docs_mismatch", message: "The reference says expires_in is 900 but the response said 600.", route: "POST /v1/uploads", request_id: "req_4k8m2q6t9w3y7b1d5f0h", expected: "900", actual: "600" },
      },
    },
  },
  responses: {
    201: {
      description: "Received.",
      schema: FeedbackReceivedSchema,
      examples: { docs_mismatch: { summary: "Received", value: { status: "ok", feedback: { id: ex.ids.feedback, kind: "docs_mismatch", received_at: ex.exampleTime(45) }, next: ["Thank you: an operator reads every report.", "Add an email next time if you would like an answer."] } } },
    },
  },
  errors: [],
});

export const suggestMailClassOperation = defineOperation({
  method: "post",
  path: "/v1/suggest-class",
  operationId: "suggestMailClass",
  summary: "Suggest a mail class for a letter's text (advisory)",
  description: "Before quoting: which class the text calls for (certified with electronic return receipt for a notice to vacate or a demand before suit, certified for a complaint or a dispute, otherwise first_class). A word-bounded heuristic; advisory only, the sender always chooses. With a postcard or notecard `format` the answer is first_class.",
  tags: ["Letters"],
  scope: "mail:quote",
  throttle: "suggest_class",
  request: {
    schema: SuggestClassRequestSchema,
    // The text may be 50,000 characters, and JSON escaping can make one character six bytes
    // (\u0001): the body limit lets the text limit be the one that answers.
    maxBytes: 310_000,
    examples: { notice_to_vacate: { summary: "A notice to vacate", value: { text: "NOTICE TO VACATE. You are hereby notified that your lease is terminated. You must vacate the premises within 30 days of this notice, as required by section 232-b of the Real Property Law, or we will begin eviction proceedings." } } },
  },
  responses: {
    200: {
      description: "The suggestion.",
      schema: SuggestClassResultSchema,
      examples: {
        notice_to_vacate: {
          summary: "Certified with return receipt",
          value: {
            status: "ok",
            suggested_class: "certified_err",
            reason: 'The letter reads as a notice to vacate ("notice to vacate", "vacate the premises", "eviction proceedings"); certified mail with electronic return receipt gives you proof of delivery, signed for by the recipient.',
            source: "heuristic",
            matched: ["notice to vacate", "vacate the premises", "eviction proceedings"],
            confidence: "high",
            advisory: true,
            next: [
              'Advisory only: you choose the class. To follow this suggestion, quote with mail_class "certified_err" (POST /v1/quotes).',
              "Keep the electronic return receipt with your copy of the letter: it shows when it was delivered and who signed for it.",
            ],
          },
        },
      },
    },
  },
  errors: [],
});

export const mapCsvColumnsOperation = defineOperation({
  method: "post",
  path: "/v1/csv-map",
  operationId: "mapCsvColumns",
  summary: "Which CSV columns fill which address field (bulk sending)",
  description: "Send the header line and up to 20 sample rows as `csv` text, or as `header` with `rows`. The answer maps columns to the recipient's `to` fields (and `text`) with a confidence, lists the columns left over and what they look like, and builds the first row as an address (`sample`) with what POST /v1/quotes would refuse in it (`sample_issues`). Then quote each row.",
  tags: ["Bulk"],
  scope: "mail:quote",
  throttle: "csv_map",
  request: {
    schema: CsvMapRequestSchema,
    // The CSV text may be 64 KiB, and JSON escaping (quotes, \r\n, \t) can double it.
    maxBytes: 160_000,
    examples: { export: { summary: "A contacts export", value: { csv: "First Name,Last Name,Email,Street Address,City,State,ZIP Code\nAda,Lovelace,ada@example.com,12 Main St,Albany,New York,12207\n" } } },
  },
  responses: {
    200: {
      description: "The mapping.",
      schema: CsvMapResultSchema,
      examples: {
        export: {
          summary: "Mapped",
          value: {
            status: "ok",
            has_header: true,
            delimiter: ",",
            mapping: [
              { field: "name", column: null, column_index: null, columns: ["First Name", "Last Name"], column_indexes: [0, 1], combine: "join_space", confidence: 0.93, reason: '"First Name" and "Last Name" joined with a space' },
              { field: "line1", column: "Street Address", column_index: 3, columns: ["Street Address"], column_indexes: [3], combine: null, confidence: 0.97, reason: 'header "Street Address" means line1; 1 of 1 sample values are street lines' },
              { field: "city", column: "City", column_index: 4, columns: ["City"], column_indexes: [4], combine: null, confidence: 0.96, reason: 'header "City" means city; 1 of 1 sample values are place names' },
              { field: "state", column: "State", column_index: 5, columns: ["State"], column_indexes: [5], combine: null, confidence: 0.94, reason: 'header "State" means state; 1 of 1 sample values are US states' },
              { field: "zip", column: "ZIP Code", column_index: 6, columns: ["ZIP Code"], column_indexes: [6], combine: null, confidence: 0.99, reason: 'header "ZIP Code" means zip; 1 of 1 sample values are ZIP codes' },
            ],
            unmapped_columns: [{ column: "Email", column_index: 2, looks_like: "email", reason: "e-mail addresses are not part of the address; an order's email receives its receipts, so set it to your own address, not the recipient's" }],
            missing_required: [],
            sample: { to: { name: "Ada Lovelace", line1: "12 Main St", city: "Albany", state: "NY", zip: "12207" } },
            sample_issues: [],
            next: ["Build each row's `to` (and `text`) the way sample shows, then price it with POST /v1/quotes."],
          },
        },
      },
    },
  },
  errors: [],
});

export const autocompleteAddressOperation = defineOperation({
  method: "get",
  path: "/v1/address/autocomplete",
  operationId: "autocompleteAddress",
  summary: "Address typeahead: ZIPs by prefix, or cities by name (convenience)",
  description: "Advisory only: the address is verified again when the letter is quoted. `q` of 1-5 digits lists ZIPs starting with it; otherwise a city-name prefix, optionally followed by `, ST`.",
  tags: ["Addresses"],
  scope: "mail:quote",
  throttle: "address_autocomplete",
  query: AutocompleteQuerySchema,
  parameterDescriptions: { q: "A ZIP prefix (1-5 digits) or the start of a city name (optionally `, ST`).", limit: "How many suggestions (1-25, default 10)." },
  responses: {
    200: {
      description: "Suggestions.",
      schema: AutocompleteResultSchema,
      examples: { zip_prefix: { summary: "q=1220&limit=2", value: { status: "ok", query: "1220", suggestions: [{ zip: "12201", city: "ALBANY", state: "NY" }, { zip: "12202", city: "ALBANY", state: "NY" }], next: ["Advisory only: the address is verified again when you quote (POST /v1/quotes)."] } } },
    },
  },
  errors: [],
});

export const reverseGeocodeOperation = defineOperation({
  method: "post",
  path: "/v1/address/reverse",
  operationId: "reverseGeocode",
  summary: "The nearest ZIP to a point (convenience)",
  description: "For prefilling a form from a device's location. Advisory only: the address is verified again when the letter is quoted.",
  tags: ["Addresses"],
  scope: "mail:quote",
  throttle: "address_reverse",
  request: { schema: ReverseRequestSchema, maxBytes: 1024, examples: { albany: { summary: "Albany, NY", value: { latitude: 42.65, longitude: -73.75 } } } },
  responses: { 200: { description: "The nearest ZIP.", schema: ReverseResultSchema, examples: { albany: { summary: "Albany", value: { status: "ok", zip: "12246", city: "ALBANY", state: "NY", distance_km: 0.3, next: [] } } } } },
  errors: [],
});

export const healthOperation = defineOperation({
  method: "get",
  path: "/v1/health",
  operationId: "health",
  summary: "Liveness",
  description: "Answers `{status: \"ok\"}` while the web tier is up.",
  tags: ["Service"],
  scope: "mail:read",
  responses: { 200: { description: "Up.", schema: HealthSchema, examples: { up: { summary: "Up", value: { status: "ok" } } } } },
  errors: [],
});

export const getOpenApiDocumentOperation = defineOperation({
  method: "get",
  path: "/v1/openapi.json",
  operationId: "getOpenApiDocument",
  summary: "This OpenAPI 3.1 document",
  description: "Generated from the zod schemas the routes validate with. The human reference is /docs/api; a plain-text guide for agents is /llms.txt.",
  tags: ["Service"],
  scope: "mail:read",
  responses: { 200: { description: "The document (Cache-Control: public, max-age=300).", schema: OpenApiDocumentSchema } },
  errors: [],
});

export const MORE_OPERATIONS: Operation[] = [getCreditBalanceOperation, buyCreditPackOperation, getCreditCheckoutOperation, buyCreditPackX402Operation, submitReviewOperation, listReviewsOperation, submitFeedbackOperation, suggestMailClassOperation, mapCsvColumnsOperation, autocompleteAddressOperation, reverseGeocodeOperation, healthOperation, getOpenApiDocumentOperation];
