import { ERRORS } from "@/lib/errors/error-catalogue";
import { CREDIT_PACKS } from "@/lib/payments/credits/packs";
import { SCOPES } from "@/lib/auth/scopes";
import { CATALOGUE_CODES } from "@/lib/openapi/build-openapi-document";
import { OPERATIONS } from "@/lib/openapi/operations";
import { throttlePerMinute } from "@/lib/openapi/operation";
import { dollars } from "@/lib/text/dollars";

// /llms.txt (https://llmstxt.org): what an agent needs to use the service safely, in plain
// Markdown, from the same registry and error catalogue as the OpenAPI document.

export function renderLlmsTxt(baseUrl: string): string {
  const packs = Object.entries(CREDIT_PACKS)
    .map(([id, p]) => `\`${id}\` ${dollars(p.priceCents)}${p.bonusCents ? ` (+${dollars(p.bonusCents)} bonus)` : ""}`)
    .join(", ");
  const operations = OPERATIONS.map((op) => {
    const perMinute = throttlePerMinute(op);
    const needs = [op.scope ? `scope \`${op.scope}\`` : "scope per MCP tool", perMinute ? `${perMinute}/min` : null].filter(Boolean).join(", ");
    return `- [${op.method.toUpperCase()} ${op.path}](${baseUrl}/docs/api/${op.operationId}): ${op.summary} (${needs}).`;
  });
  const errors = CATALOGUE_CODES.map((code) => {
    const e = ERRORS[code];
    return `- \`${code}\`: HTTP ${e.http}, status ${e.status}, retryable ${e.retryable ? "yes" : "no"}. ${e.summary} What to do: ${e.next.join(" ")}`;
  });

  return [
    "# Physical Mail API",
    "",
    "> Print and mail real letters, postcards and notecards to US addresses over HTTP or MCP. No account: each order carries its own payment. Every piece is screened before printing and tracked at a public link. Real mail costs real money and cannot be unsent once handed to the carrier: quote first, try the sandbox first, and never resend a letter after an uncertain failure without a person's say-so.",
    "",
    `Base URL: ${baseUrl}. Every request and response body is JSON. Every response has \`status\` (ok, action_required or failed); every failure is \`{status, code, reason, next}\`: switch on \`code\`, follow \`next\`, never parse \`reason\`.`,
    "",
    "## Safe order of calls",
    "",
    "1. `POST /v1/quotes` with the letter: `{mail_class, to, from, text | upload_key | pdf_base64 | pdf_url, format?, sandbox: true}`. Free. Check `quote.price_cents`, the proof PDF at `proof.pdf_url` and any `corrected_to` / `corrected_from`. Keep `confirmation_token` (single use, 30 minutes).",
    "2. `POST /v1/orders` with the same letter unchanged, plus `confirmation_token`, and the header `Idempotency-Key: <a fresh UUID>`. Start with `sandbox: true` (free, simulated, instant); go live (`sandbox: false`) only once the sandbox run looks right and the human agrees to the price. If the call fails or times out, retry with the SAME Idempotency-Key: it never sends or charges twice.",
    "3. Follow it: poll `GET /v1/orders/{id}` (or `GET /v1/tracking/{code}`, the end of `tracking_url`). Statuses: pending_payment, screening, held_for_review, submitted, mailed, delivered; or refused / canceled / failed with the reason. With an API key, `GET /v1/orders` lists the orders that key created, newest first (`limit`, `starting_after`, `status`, `created_gte`, `created_lt`), to find one again.",
    "4. To cancel before hand-off (free, any payment hold released): `DELETE /v1/orders/{id}` with header `X-Capability-Token: <capability.cancel_token>` from step 2. Once `submitted` it is 409 `already_submitted`.",
    "5. Never resend after 503 `submission_uncertain` or `provider_outcome_unknown`: a piece may exist. Ask a person to confirm nothing arrived first.",
    "",
    "Optional before step 1: `POST /v1/suggest-class {text}` suggests a mail class (advisory); `POST /v1/csv-map` maps CSV columns for bulk letters; `POST /v1/uploads` gives a one-shot URL for PDFs over a few MB.",
    "",
    "## Authentication",
    "",
    `No key is needed: omitting \`Authorization\` is supported on every route but one: listing orders (\`GET /v1/orders\`, \`list_letters\`) lists what one key created, and is 401 \`key_required\` without a key. A key (\`Authorization: Bearer ak_live_…\`, or \`ak_test_…\` for sandbox only) narrows what the caller may do by scope (${SCOPES.map((s) => `\`${s}\``).join(", ")}). A key that is sent and does not verify is 401 \`invalid_key\`, never anonymous. Order actions use capability tokens from the order's creation (\`capability.cancel_token\`, \`capability.review_token\`) in \`X-Capability-Token\`.`,
    "",
    "## Paying",
    "",
    "Quotes, sandbox orders and every GET are free. A live `POST /v1/orders` is paid one of these ways:",
    "",
    "- Credit code: `credit_code: \"cc-xxxx-xxxx-xxxx\"` is debited in the same call (201 `ok`). Check a balance with `GET /v1/credits/{code}`.",
    "- Payment link: without `credit_code` the answer is 201 `action_required` with `payment_url` (or `payment_client_secret` with `checkout_ui_mode: \"embedded\"`): a person must open it and pay. The card is charged only once the letter clears screening. Poll `GET /v1/orders/{id}` to resume.",
    `- Buy credit with x402 (USDC): \`POST /v1/x402/credits {pack, email}\` answers 402 with a \`PAYMENT-REQUIRED\` header; sign it with an x402 v2 client and retry the same request with \`PAYMENT-SIGNATURE\` (or \`X-PAYMENT\`). \`sandbox: true\` mints a free test code that pays for no live letter. Packs: ${packs}.`,
    "- Buy credit with a payment link: `POST /v1/credits/checkout {pack}`, then `GET /v1/credits/checkout/{id}` for the code once paid.",
    "- Sandbox: `sandbox: true` runs everything free; nothing is printed, mailed or charged.",
    "",
    "## MCP",
    "",
    `The MCP endpoint is ${baseUrl}/v1/mcp (Streamable HTTP). Tools: \`quote_letter\`, \`send_letter\` (needs \`confirmation_token\` and \`idempotency_key\`), \`get_letter_status\`, \`list_letters\` (the calling key's orders, as GET /v1/orders), \`submit_feedback\`. Same rules, scopes, prices and errors as the HTTP API; every tool failure is a result with \`isError\`, the envelope and \`retryable\` (a letter screening refuses: \`content_refused\`). A key that does not verify is refused over HTTP before any JSON-RPC (401 \`invalid_key\`).`,
    "",
    "## Docs",
    "",
    `- [OpenAPI 3.1 document](${baseUrl}/v1/openapi.json): every route, field constraint, error code and example, generated from the schemas that validate requests.`,
    `- [API reference](${baseUrl}/docs/api): the same document as a page.`,
    `- Report a wrong response or a docs mismatch: \`POST /v1/feedback {kind, message, route?, request_id?}\` or the MCP tool \`submit_feedback\`.`,
    "",
    "## Operations",
    "",
    ...operations,
    "",
    "## Errors",
    "",
    "Every code, its HTTP status, whether an automatic retry is safe, and what to do. Every 429 and 503 carries `Retry-After` (seconds); retry only retryable codes, and with the same Idempotency-Key.",
    "",
    ...errors,
    "",
  ].join("\n");
}
