// The one catalogue of error codes: HTTP status, envelope status, whether an automatic retry
// is safe, and the recovery steps shown when a throw site gives none. The README and (later)
// the OpenAPI document are generated from / checked against this table.
export type ErrorSpec = {
  http: number;
  status: "failed" | "action_required";
  retryable: boolean;
  summary: string;
  next: string[];
};

const fixInput = ["Fix the request as the reason says and send it again."];
const requote = ["Call POST /v1/quotes with the letter exactly as you will send it.", "Send POST /v1/orders with the new confirmation_token."];

export const ERRORS = {
  // Not an HTTP error: POST /v1/orders answers the refused order as created (201), `failed`, and
  // the MCP tool send_letter as a failed call. The code is what both say.
  content_refused: { http: 201, status: "failed", retryable: false, summary: "Screening refused the letter (a threat, fraud or impersonation); the order is refused and nothing is charged.", next: ["Nothing was charged. Change the letter so that it no longer does what the reason says, quote it again and resend."] },
  validation_error: { http: 400, status: "failed", retryable: false, summary: "A field is missing, has the wrong type or breaks a limit.", next: fixInput },
  invalid_json: { http: 400, status: "failed", retryable: false, summary: "The body is not valid JSON.", next: ["Send a JSON object as the body."] },
  unsupported_media_type: { http: 400, status: "failed", retryable: false, summary: "The body is not sent as application/json.", next: ["Set Content-Type: application/json and send a JSON body."] },
  // MCP (/v1/mcp): the MCP-Protocol-Version header names a revision this server does not serve.
  unsupported_protocol_version: { http: 400, status: "failed", retryable: false, summary: "The MCP protocol version the request names (MCP-Protocol-Version) is not one this server speaks.", next: ["Initialize again and send the protocolVersion the server answers in MCP-Protocol-Version."] },
  body_too_large: { http: 400, status: "failed", retryable: false, summary: "The body is larger than this route accepts.", next: ["Send a smaller body; large PDFs go through POST /v1/uploads."] },
  confirmation_invalid: { http: 400, status: "failed", retryable: false, summary: "The confirmation_token is not one this service issued.", next: requote },
  invalid_pdf: { http: 400, status: "failed", retryable: false, summary: "The document is not a PDF we can read (not a PDF, damaged, or encrypted).", next: ["Export the document again as an unprotected PDF (File > Print > Save as PDF) and send that."] },
  pdf_fetch_failed: { http: 400, status: "failed", retryable: false, summary: "pdf_url could not be fetched as a PDF (refused address, error status, too large, too slow, or not a PDF).", next: ["Make the PDF downloadable at a public https URL without sign-in, or send it with POST /v1/uploads or pdf_base64."] },
  invalid_upload_key: { http: 400, status: "failed", retryable: false, summary: "The upload key is not of the form up_ + 32 lowercase hex digits + .pdf.", next: ["Use the upload_key and upload_url returned by POST /v1/uploads."] },
  upload_not_found: { http: 400, status: "failed", retryable: false, summary: "No PDF has been uploaded under this upload_key, or it has expired.", next: ["PUT the PDF to the upload_url from POST /v1/uploads, then send upload_key."] },
  empty_document: { http: 400, status: "failed", retryable: false, summary: "The document has nothing to print.", next: ["Send text or a PDF with printable content."] },
  page_limit_exceeded: { http: 400, status: "failed", retryable: false, summary: "The letter has more pages than the 60-page limit.", next: ["Shorten the letter to 60 pages or fewer."] },
  content_too_long: { http: 400, status: "failed", retryable: false, summary: "The text does not fit on the chosen postcard or notecard.", next: ["Shorten the text, or choose a larger format or a letter."] },
  unattributable_request: { http: 400, status: "failed", retryable: false, summary: "The request cannot be attributed to any caller (no key and no client address).", next: ["Send an API key, or call through a network path that preserves your address."] },
  credit_code_unknown: { http: 402, status: "failed", retryable: false, summary: "The credit_code is not one this service issued; nothing was created or charged.", next: ["Check the code, or leave credit_code out to pay by card."] },
  insufficient_credit: { http: 402, status: "failed", retryable: false, summary: "The credit code cannot cover the price; nothing was created or charged.", next: ["Check the balance with GET /v1/credits/{code}, or leave credit_code out to pay by card."] },
  card_declined: { http: 402, status: "failed", retryable: false, summary: "The card was declined; nothing was charged.", next: ["Try another card (on the local test rail: 4242 4242 4242 4242)."] },
  // x402 (POST /v1/x402/credits). The 402 answers also carry the x402 PaymentRequired object
  // (x402Version, accepts, ...) beside the envelope and in the PAYMENT-REQUIRED header.
  sandbox_credit_code: { http: 402, status: "failed", retryable: false, summary: "The credit code was minted by a sandbox x402 purchase (nothing was paid) and cannot pay for live letters.", next: ["Buy a real pack (POST /v1/x402/credits without sandbox, or POST /v1/credits/checkout), or send the letter with sandbox: true."] },
  payment_required: { http: 402, status: "action_required", retryable: false, summary: "This pack is paid with an x402 payment: nothing was charged yet.", next: ["Sign the payment in the PAYMENT-REQUIRED header (accepts[0]: USDC amount, payTo, network) with an x402 v2 client.", "Send the same request again with the signed payload in PAYMENT-SIGNATURE (or X-PAYMENT)."] },
  payment_invalid: { http: 402, status: "failed", retryable: false, summary: "The payment does not pay for this pack (wrong amount, payee, asset or network, expired, bad signature, or a nonce already used); nothing was charged or minted.", next: ["Sign a new payment for exactly the requirements in the PAYMENT-REQUIRED header of this answer and send the request again."] },
  payment_settlement_failed: { http: 402, status: "failed", retryable: false, summary: "The facilitator could not settle the payment on chain (for example a short USDC balance); nothing was minted.", next: ["Check the paying wallet's USDC balance on the network named in PAYMENT-REQUIRED, then sign a new payment and send the request again."] },
  invalid_key: { http: 401, status: "failed", retryable: false, summary: "An Authorization header was sent and the key did not verify.", next: ["Check the key, or omit Authorization to call anonymously."] },
  // GET /v1/orders and list_letters list what one key created: without a key there is nothing to list.
  key_required: { http: 401, status: "failed", retryable: false, summary: "This route acts for an API key and none was sent (no Authorization header).", next: ["Send `Authorization: Bearer ak_live_…` (or `ak_test_…`) with the key whose orders you want; an operator issues keys.", "Without a key, read an order by its id with GET /v1/orders/{id}."] },
  origin_not_allowed: { http: 403, status: "failed", retryable: false, summary: "The request came from a web page whose origin may not call this endpoint (MCP requires the Origin check).", next: ["Call from a server-side client (no Origin header), or from this service's own origin; operators list more origins in MCP_ALLOWED_ORIGINS."] },
  capability_required: { http: 401, status: "failed", retryable: false, summary: "This action needs the capability token returned when the order was created.", next: ["Send the token for the action in the X-Capability-Token header: the cancel_token to cancel, the review_token (or the token in the delivered e-mail's review link) to review."] },
  key_disabled: { http: 403, status: "failed", retryable: false, summary: "The API key has been disabled.", next: ["Use another key, or omit Authorization."] },
  insufficient_scope: { http: 403, status: "failed", retryable: false, summary: "The API key lacks the scope this route needs.", next: ["Use a key with the scope named in the reason."] },
  sandbox_only_key: { http: 403, status: "failed", retryable: false, summary: "An ak_test_ key may only create sandbox orders.", next: ["Set sandbox: true, or use an ak_live_ key."] },
  invalid_upload_url: { http: 403, status: "failed", retryable: false, summary: "The upload URL's signature is missing, wrong or expired (upload URLs last 900 seconds).", next: ["Get a new upload URL with POST /v1/uploads and PUT to it exactly as returned."] },
  upload_sink_disabled: { http: 403, status: "failed", retryable: false, summary: "This deployment stores uploads in S3; PUT /v1/uploads/{key} is only the keyless fallback sink.", next: ["PUT the PDF to the upload_url returned by POST /v1/uploads."] },
  invalid_capability: { http: 403, status: "failed", retryable: false, summary: "The capability token is invalid, expired, or was issued for another order or action.", next: ["Send the token issued for this order and this action: the cancel_token to cancel, the review_token to review.", "Capability tokens last 7 days; the delivered e-mail carries a fresh review link."] },
  credit_not_found: { http: 404, status: "failed", retryable: false, summary: "No credit account has this code.", next: ["Check the code (cc-xxxx-xxxx-xxxx) as it was given to you."] },
  checkout_not_found: { http: 404, status: "failed", retryable: false, summary: "No checkout has this id or client secret.", next: ["Use the payment_url, payment_client_secret or checkout id returned when the payment was opened."] },
  not_found: { http: 404, status: "failed", retryable: false, summary: "No such route.", next: ["Check the path; every route starts with /v1."] },
  order_not_found: { http: 404, status: "failed", retryable: false, summary: "No order has this id.", next: ["Check the order id returned when the order was created."] },
  tracking_not_found: { http: 404, status: "failed", retryable: false, summary: "No letter has this tracking code.", next: ["Use the code at the end of the tracking_url returned with the order (16 lowercase letters and digits)."] },
  proof_not_found: { http: 404, status: "failed", retryable: false, summary: "No proof has this id (quote proofs of letters never sent are deleted after 30 days).", next: ["Use the proof URLs returned by POST /v1/quotes or GET /v1/orders/{id}."] },
  method_not_allowed: { http: 405, status: "failed", retryable: false, summary: "This route does not accept this method.", next: ["Use a method listed in the Allow header."] },
  not_acceptable: { http: 406, status: "failed", retryable: false, summary: "The Accept header rules out every answer this route gives (MCP Streamable HTTP answers JSON or an event stream).", next: ["Send Accept: application/json, text/event-stream."] },
  confirmation_mismatch: { http: 409, status: "action_required", retryable: false, summary: "The letter does not match the quote the token was issued for.", next: requote },
  confirmation_used: { http: 409, status: "action_required", retryable: false, summary: "The token already mailed a letter. Re-quote, do not resend.", next: ["Check GET /v1/orders/{id} for the letter already sent.", "Quote again only if you mean to send a second letter."] },
  confirmation_expired: { http: 409, status: "action_required", retryable: false, summary: "The confirmation_token is older than 30 minutes.", next: requote },
  idempotency_in_flight: { http: 409, status: "failed", retryable: true, summary: "An earlier request with this Idempotency-Key has not finished.", next: ["Retry with the SAME Idempotency-Key after Retry-After seconds."] },
  // x402: the same signed payment is being settled by another call, or its transfer is not confirmed yet.
  payment_in_progress: { http: 409, status: "failed", retryable: true, summary: "This x402 payment is still being settled (by a call already in flight, or a transfer not confirmed yet); nothing is charged twice and no second code is minted.", next: ["Retry after Retry-After seconds with the SAME payment header: once the settlement is known it answers the credit code."] },
  already_submitted: { http: 409, status: "failed", retryable: false, summary: "The letter was already handed to the carrier and can no longer be canceled.", next: ["Follow the letter at its tracking_url."] },
  order_not_cancelable: { http: 409, status: "failed", retryable: false, summary: "The order has ended (refused or failed) and cannot be canceled.", next: ["Read the order with GET /v1/orders/{id}."] },
  review_not_open: { http: 409, status: "failed", retryable: false, summary: "The letter has not been delivered yet (or never will be); reviews open once it is delivered.", next: ["Review after delivery, with the link in the delivered e-mail; follow the letter at its tracking_url until then."] },
  review_exists: { http: 409, status: "failed", retryable: false, summary: "This order already has its review; each order takes one.", next: ["Nothing to do: the first review is kept. Published reviews are at GET /v1/reviews."] },
  checkout_closed: { http: 409, status: "failed", retryable: false, summary: "The checkout is already paid or has expired.", next: ["Read the order with GET /v1/orders/{id} (or the pack with GET /v1/credits/checkout/{id}) to see where it stands."] },
  order_state_conflict: { http: 409, status: "failed", retryable: false, summary: "The order is not in a state that allows this action.", next: ["Read the order with GET /v1/orders/{id}."] },
  upload_already_received: { http: 409, status: "failed", retryable: false, summary: "Upload URLs are one-shot: a PDF was already stored under this key.", next: ["Use the upload_key as it is, or get a new one with POST /v1/uploads."] },
  idempotency_key_reused: { http: 422, status: "failed", retryable: false, summary: "This Idempotency-Key was already used with a different request body.", next: ["Use a new Idempotency-Key for a different request."] },
  address_undeliverable: { http: 422, status: "failed", retryable: false, summary: "The carrier cannot deliver to an address as entered (unknown ZIP, state or city that does not match it).", next: ["Correct the address as the reason says; GET /v1/address/autocomplete lists the cities a ZIP serves."] },
  fulfillment_rejected: { http: 422, status: "failed", retryable: false, summary: "The print-and-mail carrier refused the letter for good (for example an address it cannot deliver to, or a file it cannot print); the order failed and its payment is refunded.", next: ["Read the reason, fix the letter or address, quote it again and send it as a new order."] },
  confirmation_required: { http: 428, status: "action_required", retryable: false, summary: "No confirmation_token: quote the letter first.", next: requote },
  rate_limited: { http: 429, status: "failed", retryable: true, summary: "A per-route throttle was reached.", next: ["Wait Retry-After seconds, then retry."] },
  // Retrying after Retry-After is safe (nothing was created or charged) and can succeed, as with
  // rate_limited; the window is a UTC day or month, so the wait can be long.
  velocity_limit: { http: 429, status: "failed", retryable: true, summary: "A sending cap on live letters per sender or per caller (a UTC day or month) was reached; nothing was created or charged.", next: ["Send again after Retry-After seconds, quoting the letter again if its confirmation_token has expired."] },
  spend_cap: { http: 429, status: "failed", retryable: true, summary: "The caller's spend cap on live letters ($100 a UTC day, $200 a UTC month) was reached; nothing was created or charged.", next: ["Send again after Retry-After seconds, quoting the letter again if its confirmation_token has expired."] },
  internal_error: { http: 500, status: "failed", retryable: true, summary: "The service failed unexpectedly.", next: ["Retry with the same Idempotency-Key; if it persists, report it with the request id via POST /v1/feedback."] },
  service_unavailable: { http: 503, status: "failed", retryable: true, summary: "A store the service needs cannot be reached right now.", next: ["Retry after Retry-After seconds with the same Idempotency-Key."] },
  key_store_unavailable: { http: 503, status: "failed", retryable: true, summary: "The API key store cannot be reached.", next: ["Retry after Retry-After seconds."] },
  payment_provider_unavailable: { http: 503, status: "failed", retryable: true, summary: "The payment provider cannot be reached right now; nothing was created or charged.", next: ["Retry after Retry-After seconds with the same Idempotency-Key."] },
  x402_unavailable: { http: 503, status: "failed", retryable: false, summary: "This deployment takes no x402 payments (no facilitator is configured); nothing was charged.", next: ["Send sandbox: true to mint a test credit code free, or buy the pack with a payment link: POST /v1/credits/checkout."] },
  // Retrying the SAME payment header is safe: one signed authorization can never be charged twice.
  facilitator_unavailable: { http: 503, status: "failed", retryable: true, summary: "The x402 payment facilitator cannot be reached right now; no credit code was minted.", next: ["Retry after Retry-After seconds with the SAME payment header: one authorization can never be charged twice."] },
  no_rail_for_format: { http: 503, status: "failed", retryable: false, summary: "No live print-and-mail rail is configured for this format; nothing was created or charged.", next: ["Send with sandbox: true to run the full pipeline free, or choose a format this deployment mails."] },
  fulfillment_unavailable: { http: 503, status: "failed", retryable: true, summary: "The print-and-mail carrier cannot be reached right now. The order is kept and the service keeps trying to hand it over; it is never mailed twice.", next: ["Retry with the SAME Idempotency-Key after Retry-After seconds to read the outcome, or poll GET /v1/orders/{id}."] },
  // The two deliberate stops: the carrier may hold a piece that we could not confirm, so a new
  // order might mail a second one. The order fails uncharged; nobody should resend blindly.
  submission_uncertain: { http: 503, status: "failed", retryable: false, summary: "The carrier did not confirm the hand-off, even after asking again. We stopped rather than risk mailing a second piece. The order failed and nothing is charged.", next: ["Do not resend automatically.", "Resend only after a person confirms that nothing arrived at the address (allow the usual delivery time)."] },
  provider_outcome_unknown: { http: 503, status: "failed", retryable: false, summary: "The carrier's answer did not say whether it took the letter, and it could not be asked afterwards. We stopped rather than risk mailing a second piece. The order failed and nothing is charged.", next: ["Do not resend automatically.", "Resend only after a person confirms that nothing arrived at the address (allow the usual delivery time)."] },
} satisfies Record<string, ErrorSpec>;

export type ErrorCode = keyof typeof ERRORS;
