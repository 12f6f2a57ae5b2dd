import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DELETE as deleteOrder } from "@/app/v1/orders/[id]/route";
import { POST as postCreditCheckout } from "@/app/v1/credits/checkout/route";
import { GET as getCreditCheckout } from "@/app/v1/credits/checkout/[id]/route";
import { POST as stripeWebhook } from "@/app/webhooks/stripe/route";
import { db } from "@/lib/db";
import { screenOrder } from "@/lib/pipeline/screen-order";
import { submitToCarrier } from "@/lib/pipeline/submit-to-carrier";
import { failOrder, refuseOrder } from "@/lib/pipeline/refuse-or-fail-order";
import { call, randomIp } from "@/tests/support/api";
import { sendLiveLetter } from "@/tests/support/orders";
import { FAKE_STRIPE_KEY, FAKE_WEBHOOK_SECRET, startFakeStripe, type FakeStripe } from "@/tests/support/fake-stripe";

// The Stripe rail against a local fake that speaks Stripe's wire format, driven through the
// real `stripe` SDK; webhook deliveries are signed by the SDK with the endpoint secret.

let stripe: FakeStripe;

beforeAll(async () => {
  stripe = await startFakeStripe();
  // Read by env() on first use, which comes after this.
  process.env.STRIPE_SECRET_KEY = FAKE_STRIPE_KEY;
  process.env.STRIPE_WEBHOOK_SECRET = FAKE_WEBHOOK_SECRET;
  process.env.STRIPE_API_BASE = stripe.origin;
});
afterAll(() => stripe.close());

const deliver = (event: { rawBody: string; signature: string }) =>
  call(stripeWebhook, { path: "/webhooks/stripe", rawBody: event.rawBody, headers: { "content-type": "application/json", "stripe-signature": event.signature } });
const sessionIdOf = (res: { json: any }) => db().payment.findUniqueOrThrow({ where: { orderId: res.json.order.id } }).then((p) => p.checkoutSessionId);
const requestsFor = (sessionOrIntent: string) => stripe.requests.filter((r) => r.path.includes(sessionOrIntent) || r.body.payment_intent === sessionOrIntent);
const orderStatus = async (id: string) => (await db().order.findUniqueOrThrow({ where: { id } })).status;
const cancel = (res: { json: any }) => call(deleteOrder, { method: "DELETE", params: { id: res.json.order.id }, headers: { "X-Capability-Token": res.json.capability.cancel_token } });

async function sendAndPay(opts: Parameters<typeof sendLiveLetter>[1] = {}) {
  const res = await sendLiveLetter({}, opts);
  const sessionId = await sessionIdOf(res);
  const session = stripe.pay(sessionId);
  expect((await deliver(stripe.signedEvent("checkout.session.completed", session))).status).toBe(200);
  return { res, sessionId, intentId: session.payment_intent as string };
}

describe("the Stripe rail", () => {
  it("opens a hosted Checkout Session with manual capture, keyed so a retry cannot open two", async () => {
    const res = await sendLiveLetter();
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ status: "action_required", checkout_ui_mode: "hosted", order: { status: "pending_payment" } });
    const sessionId = await sessionIdOf(res);
    expect(res.json.payment_url).toBe(`https://checkout.stripe.com/c/pay/${sessionId}`);
    const create = stripe.requests.find((r) => r.method === "POST" && r.path === "/v1/checkout/sessions" && stripe.sessions.get(sessionId)?.client_reference_id === r.body.client_reference_id)!;
    expect(create.body).toMatchObject({
      mode: "payment",
      ui_mode: "hosted_page",
      payment_intent_data: { capture_method: "manual" },
      line_items: [{ quantity: "1", price_data: { currency: "usd", unit_amount: "99" } }],
    });
    expect(create.body.success_url).toMatch(/\/pay\/return\?session_id=\{CHECKOUT_SESSION_ID\}$/);
    expect(create.idempotencyKey).toMatch(/^order-qt_[a-z0-9]{24}-hosted$/);
  });

  it("maps embedded onto embedded_page and returns the session's client secret", async () => {
    const res = await sendLiveLetter({}, { uiMode: "embedded" });
    const session = stripe.sessions.get(await sessionIdOf(res))!;
    expect(session.ui_mode).toBe("embedded_page");
    expect(session.return_url).toMatch(/\/pay\/return\?session_id=\{CHECKOUT_SESSION_ID\}$/);
    expect(res.json.payment_client_secret).toBe(session.client_secret);
    expect(res.json).not.toHaveProperty("payment_url");
    expect(res.json.next[0]).toMatch(/EmbeddedCheckoutProvider, or stripe.createEmbeddedCheckoutPage/);
  });

  it("moves the order on from a signed webhook, handles each event id once, and captures only when the carrier takes the letter", async () => {
    const res = await sendLiveLetter();
    const sessionId = await sessionIdOf(res);
    const session = stripe.pay(sessionId);
    const event = stripe.signedEvent("checkout.session.completed", session);
    const first = await deliver(event);
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ received: true, outcome: "handled" });
    expect(await orderStatus(res.json.order.id)).toBe("screening");
    expect(await db().payment.findUniqueOrThrow({ where: { orderId: res.json.order.id } })).toMatchObject({ state: "authorized", paymentIntentId: session.payment_intent });

    const reads = stripe.requests.length;
    const again = await deliver(event);
    expect(again.json.outcome).toBe("duplicate");
    expect(stripe.requests.length).toBe(reads); // a duplicate does not even re-read the session
    expect(requestsFor(session.payment_intent).filter((r) => r.path.endsWith("/capture"))).toHaveLength(0);

    await screenOrder(res.json.order.id);
    expect(await orderStatus(res.json.order.id)).toBe("submitted");
    // Handed over, not yet charged: the card is captured when the carrier takes the letter.
    expect(requestsFor(session.payment_intent).filter((r) => r.path.endsWith("/capture"))).toHaveLength(0);
    expect((await submitToCarrier(res.json.order.id)).kind).toBe("accepted");
    const captures = requestsFor(session.payment_intent).filter((r) => r.path.endsWith("/capture"));
    expect(captures).toHaveLength(1);
    expect(captures[0].idempotencyKey).toMatch(/^capture-pay_/);
    expect(stripe.intents.get(session.payment_intent)!.status).toBe("succeeded");
  });

  it("refuses unsigned, badly signed and wrongly keyed deliveries without touching anything", async () => {
    const res = await sendLiveLetter();
    const session = stripe.pay(await sessionIdOf(res));
    const good = stripe.signedEvent("checkout.session.completed", session);
    const forged = stripe.signedEvent("checkout.session.completed", session, { secret: "whsec_somebodyelse0000000000000000" });
    const tampered = { rawBody: good.rawBody.replace('"livemode":false', '"livemode":true'), signature: good.signature };
    for (const bad of [forged, tampered]) {
      const answer = await deliver(bad);
      expect(answer.status).toBe(400);
      expect(answer.json.error).toMatch(/does not verify/);
    }
    const unsigned = await call(stripeWebhook, { path: "/webhooks/stripe", rawBody: good.rawBody, headers: { "content-type": "application/json" } });
    expect(unsigned.status).toBe(400);
    expect(await orderStatus(res.json.order.id)).toBe("pending_payment");
    expect(await db().paymentEvent.count({ where: { id: good.id } })).toBe(0);
  });

  it("believes the session, not the event: a completed event for an unpaid session moves nothing", async () => {
    const res = await sendLiveLetter();
    const sessionId = await sessionIdOf(res);
    const claim = { ...stripe.sessions.get(sessionId)!, status: "complete", payment_status: "paid" };
    expect((await deliver(stripe.signedEvent("checkout.session.completed", claim))).status).toBe(200);
    expect(await orderStatus(res.json.order.id)).toBe("pending_payment");
  });

  it("answers 500 when Stripe cannot be read, so the event is redelivered and then applied", async () => {
    const res = await sendLiveLetter();
    const session = stripe.pay(await sessionIdOf(res));
    const event = stripe.signedEvent("checkout.session.completed", session);
    stripe.failNext(1);
    const failed = await deliver(event);
    expect(failed.status).toBe(500);
    expect(await orderStatus(res.json.order.id)).toBe("pending_payment");
    const redelivered = await deliver(event);
    expect(redelivered.status).toBe(200);
    expect(redelivered.json.outcome).toBe("handled");
    expect(await orderStatus(res.json.order.id)).toBe("screening");
  });

  it("is a retryable 503 with nothing created when Stripe is down; the same Idempotency-Key then succeeds", async () => {
    const key = randomUUID();
    stripe.failNext(1);
    const down = await sendLiveLetter({}, { idempotencyKey: key, ip: randomIp() });
    expect(down.status).toBe(503);
    expect(down.json).toMatchObject({ code: "payment_provider_unavailable" });
    expect(down.headers.get("retry-after")).toBe("5");
    const quoteId = JSON.parse(Buffer.from(down.token.slice(3, down.token.indexOf(".")), "base64url").toString()).q;
    expect(await db().order.count({ where: { quoteId } })).toBe(0);
    const retry = await down.resend();
    expect(retry.status).toBe(201);
    expect(retry.json.status).toBe("action_required");
  });

  it("expires the session when a pending order is canceled, and cancels the authorization after payment", async () => {
    const pending = await sendLiveLetter();
    const pendingSession = await sessionIdOf(pending);
    expect((await cancel(pending)).json.order.status).toBe("canceled");
    expect(requestsFor(pendingSession).some((r) => r.path.endsWith("/expire"))).toBe(true);
    expect(stripe.sessions.get(pendingSession)!.status).toBe("expired");
    expect(await db().payment.findUniqueOrThrow({ where: { orderId: pending.json.order.id } })).toMatchObject({ state: "released" });

    const { res, intentId } = await sendAndPay();
    expect((await cancel(res)).json.order.status).toBe("canceled");
    expect(stripe.intents.get(intentId)!.status).toBe("canceled");
    expect(requestsFor(intentId).filter((r) => r.path.endsWith("/capture"))).toHaveLength(0);
    expect(await db().payment.findUniqueOrThrow({ where: { orderId: res.json.order.id } })).toMatchObject({ state: "released" });
  });

  it("releases the authorization of a refused letter and of one failed before its carrier took it; refunds one failed after", async () => {
    const refused = await sendAndPay();
    await refuseOrder(refused.res.json.order.id, "Fake invoice.");
    expect(stripe.intents.get(refused.intentId)!.status).toBe("canceled");

    const rejected = await sendAndPay();
    await screenOrder(rejected.res.json.order.id);
    await failOrder(rejected.res.json.order.id, "the carrier rejected the piece");
    expect(stripe.intents.get(rejected.intentId)!.status).toBe("canceled");
    expect(stripe.requests.filter((r) => r.path === "/v1/refunds" && r.body.payment_intent === rejected.intentId)).toHaveLength(0);

    const failed = await sendAndPay();
    await screenOrder(failed.res.json.order.id);
    await submitToCarrier(failed.res.json.order.id);
    await failOrder(failed.res.json.order.id, "lost in the mail");
    const refunds = stripe.requests.filter((r) => r.path === "/v1/refunds" && r.body.payment_intent === failed.intentId);
    expect(refunds).toHaveLength(1);
    expect(await db().payment.findUniqueOrThrow({ where: { orderId: failed.res.json.order.id } })).toMatchObject({ state: "refunded" });
  });

  it("fails (uncharged) a paid order whose authorization Stripe canceled before capture", async () => {
    const { res, intentId } = await sendAndPay();
    const intent = stripe.intents.get(intentId)!;
    intent.status = "canceled"; // the hold lapsed at Stripe
    expect((await deliver(stripe.signedEvent("payment_intent.canceled", intent))).json.outcome).toBe("handled");
    await screenOrder(res.json.order.id);
    expect(await orderStatus(res.json.order.id)).toBe("failed");
    expect(await db().payment.findUniqueOrThrow({ where: { orderId: res.json.order.id } })).toMatchObject({ state: "released" });
  });

  it("sells a credit pack with automatic capture and mints its code exactly once", async () => {
    const started = await call(postCreditCheckout, { body: { pack: "standard", email: "buyer@example.com" } });
    expect(started.status).toBe(201);
    expect(started.json).toMatchObject({ status: "action_required", checkout: { pack: "standard", state: "open", price_cents: 2500, face_cents: 2500, bonus_cents: 250 } });
    const payment = await db().payment.findUniqueOrThrow({ where: { id: started.json.checkout.id } });
    const create = stripe.requests.find((r) => r.path === "/v1/checkout/sessions" && r.body.client_reference_id === payment.id)!;
    expect(create.body.payment_intent_data?.capture_method).toBeUndefined();
    const session = stripe.pay(payment.checkoutSessionId);
    await Promise.all([
      deliver(stripe.signedEvent("checkout.session.completed", session)),
      deliver(stripe.signedEvent("checkout.session.async_payment_succeeded", session)),
    ]);
    const read = await call(getCreditCheckout, { params: { id: payment.id } });
    expect(read.json).toMatchObject({ status: "ok", checkout: { state: "paid" }, credit: { balance_cents: 2750, face_cents: 2500, bonus_cents: 250 } });
    expect(await db().creditAccount.count({ where: { email: "buyer@example.com", code: read.json.credit.code } })).toBe(1);
    expect((await db().payment.findUniqueOrThrow({ where: { id: payment.id } })).creditCode).toBe(read.json.credit.code);
  });
});
