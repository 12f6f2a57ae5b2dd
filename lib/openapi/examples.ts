import { priceLetter } from "@/lib/quotes/pricing";

// Examples for the OpenAPI document, one consistent story that can be replayed against a
// sandbox: quote a letter -> send it with the quote's confirmation_token -> read it -> cancel
// it with its cancel_token. The recipient's name carries the sandbox phrase "Sandbox Hold", so
// the order waits before hand-off and the cancel succeeds (a plain sandbox order is handed
// over at once, and canceling it is 409 already_submitted).
// URLs start with EXAMPLE_BASE_URL; the document swaps in the deployment's PUBLIC_BASE_URL.

export const EXAMPLE_BASE_URL = "https://mail.example.com";

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

export const ids = {
  quote: "qt_k3v9x2m7p4q8r1s6t0w5y2z8",
  proof: "pf_a8d3f6h1j4k7m0n2p5r8s1u4",
  order: "ord_test_7f2k9c4m1x8q5v3b6n0p2r7t",
  trackingCode: "h4k8m2q6t9w3y7b1",
  payment: "pay_5g8j1l4n7q0s3u6w9y2a5c8e",
  feedback: "fb_8d2h6k0n4q8t2w6z0c4f",
  review: "rev_3f7j1m5p9s3v7y1b5e9h",
  creditCode: "cc-7hq2-m4xk-9tpd",
  idempotencyKey: "6f1c2b9e-7d3a-4c55-9a0e-2b6f8d1e3c70",
  uploadKey: "up_3f9a1c7e5b2d8f4a6c0e9b1d7f3a5c2e.pdf",
};

const at = (minute: number) => new Date(Date.UTC(2026, 4, 4, 15, minute, 0)).toISOString();

export const tokens = {
  confirmation: `ct_${b64({ q: ids.quote })}.Wq4xv2Jm0c9Hn6Ls3Tb8Ye1Kd5Rf7Ug2Pa0Zi4Ow6Nq`,
  cancel: `cap_${b64({ o: ids.order, e: 1778511720 })}.Xm3Lq8Tn1Vb6Kc0Rz5Hw2Jd7Fs9Ga4Py1Eu3Oi6Mk`,
  review: `cap_${b64({ o: ids.order, e: 1778511720 })}.Bd5Ns2Qw8Ek1Tz7Ry4Um0Ci6Lh3Fa9Gv2Jo5Xp8Wt`,
};

const from = { name: "Ada Lovelace", line1: "12 Main Street", line2: "Apartment 4", city: "Albany", state: "NY", zip: "12207" };
const to = { name: "Grace Hopper (Sandbox Hold)", line1: "350 Fifth Avenue", line2: "Floor 34", city: "New York", state: "NY", zip: "10118" };
const text = "Dear Grace,\n\nThank you for the talk on compilers last week. The nanosecond wire now hangs above my desk.\n\nWarmly,\nAda";

/** The one letter of the story: quoted as is, then sent with the payment fields added. */
export const letterRequest = { mail_class: "first_class", format: "letter", to, from, text, sandbox: true };
export const orderRequest = { ...letterRequest, email: "ada@example.com", confirmation_token: tokens.confirmation };

const price = priceLetter({ format: "letter", mailClass: "first_class", pageCount: 1, color: false, removeBranding: false });

const correctedTo = { name: to.name, line1: "350 FIFTH AVE", line2: "FL 34", city: "NEW YORK", state: "NY", zip: "10118", country: "US" };
const correctedFrom = { name: from.name, line1: "12 MAIN ST", line2: "APT 4", city: "ALBANY", state: "NY", zip: "12207", country: "US" };

export const proof = {
  id: ids.proof,
  pdf_url: `${EXAMPLE_BASE_URL}/v1/proofs/${ids.proof}.pdf`,
  thumbnail_url: `${EXAMPLE_BASE_URL}/v1/proofs/${ids.proof}.png`,
  page_count: 1,
  notes: [],
};

export const quoteResponse = {
  status: "ok",
  quote: {
    id: ids.quote,
    price_cents: price.priceCents,
    breakdown: price.breakdown,
    page_count: 1,
    format: "letter",
    mail_class: "first_class",
    sandbox: true,
    expires_at: at(30),
  },
  proof,
  confirmation_token: tokens.confirmation,
  corrected_to: correctedTo,
  corrected_from: correctedFrom,
  next: [
    "Check the proof (proof.pdf_url): it is the exact PDF that will print.",
    "Send POST /v1/orders with this letter unchanged and confirmation_token, within 30 minutes.",
    "The addresses print as corrected (corrected_to / corrected_from); sending the letter as you quoted it is fine.",
  ],
};

const order = (status: string, updated: number) => ({
  id: ids.order,
  status,
  sandbox: true,
  format: "letter",
  mail_class: "first_class",
  page_count: 1,
  color: false,
  to: { name: to.name, city: "NEW YORK", state: "NY", zip: "10118" },
  price_cents: price.priceCents,
  breakdown: price.breakdown,
  tracking_number: null,
  expected_delivery_date: null,
  refusal_reason: null,
  failure_code: null,
  failure_reason: null,
  created_at: at(1),
  updated_at: at(updated),
});

const trackingUrl = `${EXAMPLE_BASE_URL}/t/${ids.trackingCode}`;

export const orderCreatedResponse = {
  status: "ok",
  order: order("screening", 1),
  tracking_url: trackingUrl,
  proof,
  corrected_to: correctedTo,
  corrected_from: correctedFrom,
  capability: { cancel_token: tokens.cancel, review_token: tokens.review },
  replayed: false,
  next: ["Sandbox hold: this order waits before hand-off until you cancel it with DELETE /v1/orders/{id}."],
};

export const orderReplayResponse = { ...orderCreatedResponse, replayed: true };

export const orderReadResponse = {
  status: "ok",
  order: order("screening", 1),
  tracking_url: trackingUrl,
  proof,
  webhook_deliveries: [],
  emails: [{ kind: "receipt", state: "sent", sent_at: at(1), attempts: 1, last_error: null }],
};

export const orderCanceledResponse = { status: "ok", order: order("canceled", 5), tracking_url: trackingUrl };

// The live alternatives: the same letter to a recipient without the sandbox phrase, each sent
// with the confirmation_token of its own quote.
const liveTo = { ...to, name: "Grace Hopper" };
const liveOrder = (status: string, id: string) => ({ ...order(status, 1), id, sandbox: false, to: { ...order(status, 1).to, name: liveTo.name } });

/** A live letter paid through a payment link. */
export const liveLinkOrderRequest = { ...orderRequest, to: liveTo, sandbox: false, checkout_ui_mode: "hosted" };
export const liveLinkOrderResponse = {
  status: "action_required",
  reason: "Payment of $0.99 is needed before the letter is screened and mailed. The card is only authorized at checkout and charged once the letter clears screening.",
  next: [
    "Open payment_url in a browser and pay by card.",
    "Poll GET /v1/orders/{id}: it resumes the payment step while the order is pending_payment.",
    "Cancel for free with DELETE /v1/orders/{id} before the letter is handed to the carrier.",
  ],
  checkout_ui_mode: "hosted",
  payment_url: "https://checkout.stripe.com/c/pay/cs_live_a1B2c3D4e5F6g7H8",
  order: liveOrder("pending_payment", "ord_2m5p8s1v4y7b0e3h6k9n2q5t"),
  tracking_url: `${EXAMPLE_BASE_URL}/t/p3s6v9y2b5e8h1k4`,
  proof,
  corrected_to: { ...correctedTo, name: liveTo.name },
  corrected_from: correctedFrom,
  capability: { cancel_token: tokens.cancel, review_token: tokens.review },
  replayed: false,
};

/** A live letter paid with a prepaid credit code in the same call. */
export const creditOrderRequest = { ...orderRequest, to: liveTo, sandbox: false, credit_code: ids.creditCode };
export const creditOrderResponse = {
  status: "ok",
  credit: { code: ids.creditCode, charged_cents: 99, bonus_spent_cents: 99, face_spent_cents: 0, balance_cents: 2651 },
  next: ["The letter is screened, then handed to the carrier; follow it at tracking_url."],
  order: { ...liveOrder("submitted", "ord_9c2f5i8l1o4r7u0x3a6d9g2j"), tracking_number: "9400111202555842761234", expected_delivery_date: "2026-05-11" },
  tracking_url: `${EXAMPLE_BASE_URL}/t/w2z5c8f1i4l7o0r3`,
  proof,
  corrected_to: { ...correctedTo, name: liveTo.name },
  corrected_from: correctedFrom,
  capability: { cancel_token: tokens.cancel, review_token: tokens.review },
  replayed: false,
};

export const exampleTime = at;

/** GET /v1/orders?limit=2 for the key that sent both live letters: newest first, a page of two. */
export const orderListResponse = {
  status: "ok",
  orders: [creditOrderResponse.order, liveLinkOrderResponse.order],
  has_more: true,
  next_starting_after: liveLinkOrderResponse.order.id,
  next: [`Next page: GET /v1/orders?limit=2&starting_after=${liveLinkOrderResponse.order.id} (list_letters: the same arguments with starting_after "${liveLinkOrderResponse.order.id}").`],
};
