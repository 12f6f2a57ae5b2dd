import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { GET as getOrder, DELETE as deleteOrder } from "@/app/v1/orders/[id]/route";
import { POST as payLocal } from "@/app/pay/local/confirm/route";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { screenOrder } from "@/lib/pipeline/screen-order";
import { submitToCarrier } from "@/lib/pipeline/submit-to-carrier";
import { failOrder, refuseOrder } from "@/lib/pipeline/refuse-or-fail-order";
import { sweepLocalCheckouts } from "@/lib/payments/checkout/pay-local-checkout";
import { checkoutReturn } from "@/lib/payments/checkout/checkout-pages";
import { call } from "@/tests/support/api";
import { sendLiveLetter } from "@/tests/support/orders";

// The local rail: the embedded default with no Stripe keys. payment_url points at our own
// checkout page, the embedded mode hands out a client secret for the local card form, and a
// test card paid there travels the same path as a Stripe webhook.

const card = { card_number: "4242 4242 4242 4242", expiry: "12/39", cvc: "123" };
const sessionOf = (paymentUrl: string) => paymentUrl.split("/pay/")[1];
const checkout = (id: string) => db().localCheckout.findUniqueOrThrow({ where: { id } });
const paymentOf = (orderId: string) => db().payment.findUniqueOrThrow({ where: { orderId } });
const cancel = (id: string, token: string) => call(deleteOrder, { method: "DELETE", params: { id }, headers: { "X-Capability-Token": token } });

describe("payment links on the local rail", () => {
  it("answers action_required with a payment_url on our own checkout page; the order waits in pending_payment", async () => {
    const res = await sendLiveLetter();
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ status: "action_required", checkout_ui_mode: "hosted", order: { status: "pending_payment", sandbox: false } });
    expect(res.json.reason).toMatch(/Payment of \$0\.99 is needed/);
    expect(res.json.next.length).toBeGreaterThan(1);
    expect(res.json.payment_url).toMatch(new RegExp(`^${env().PUBLIC_BASE_URL}/pay/cs_local_[a-z0-9]{24}$`));
    expect(res.json).not.toHaveProperty("payment_client_secret");
    const session = await checkout(sessionOf(res.json.payment_url));
    expect(session).toMatchObject({ amountCents: 99, captureMethod: "manual", status: "open", uiMode: "hosted" });
    expect(await paymentOf(res.json.order.id)).toMatchObject({ state: "open", rail: "local", amountCents: 99 });
  });

  it("replays without payment fields while pending, and GET /v1/orders/{id} resumes the payment step", async () => {
    const key = randomUUID();
    const first = await sendLiveLetter({}, { idempotencyKey: key });
    const replay = await first.resend();
    expect(replay.status).toBe(200);
    expect(replay.json).toMatchObject({ status: "action_required", replayed: true, checkout_ui_mode: "hosted", order: { id: first.json.order.id, status: "pending_payment" } });
    expect(replay.json).not.toHaveProperty("payment_url");
    expect(replay.json).not.toHaveProperty("payment_client_secret");
    expect(await db().payment.count({ where: { orderId: first.json.order.id } })).toBe(1);

    const read = await call(getOrder, { params: { id: first.json.order.id } });
    expect(read.json).toMatchObject({ status: "action_required", checkout_ui_mode: "hosted", payment_url: first.json.payment_url });

    // Once paid, the replay and the read say ok and carry no payment step.
    expect((await call(payLocal, { body: { session_id: sessionOf(first.json.payment_url), ...card } })).status).toBe(200);
    const after = await first.resend();
    expect(after.json).toMatchObject({ status: "ok", replayed: true, order: { status: "screening" } });
    expect(after.json).not.toHaveProperty("reason");
    const readAfter = await call(getOrder, { params: { id: first.json.order.id } });
    expect(readAfter.json.status).toBe("ok");
    expect(readAfter.json).not.toHaveProperty("payment_url");
  });

  it("authorizes at checkout, and charges only once the carrier has accepted the letter after screening", async () => {
    const res = await sendLiveLetter();
    const sessionId = sessionOf(res.json.payment_url);
    const paid = await call(payLocal, { body: { session_id: sessionId, ...card } });
    expect(paid.status).toBe(200);
    expect(paid.json.return_url).toBe(`${env().PUBLIC_BASE_URL}/pay/return?session_id=${sessionId}`);
    expect((await checkout(sessionId)).intentStatus).toBe("requires_capture");
    expect(await paymentOf(res.json.order.id)).toMatchObject({ state: "authorized" });
    expect((await db().order.findUniqueOrThrow({ where: { id: res.json.order.id } })).status).toBe("screening");
    expect(await checkoutReturn(sessionId)).toMatchObject({ kind: "order", paymentState: "authorized", orderStatus: "screening" });

    await screenOrder(res.json.order.id);
    expect((await db().order.findUniqueOrThrow({ where: { id: res.json.order.id } })).status).toBe("submitted");
    expect((await checkout(sessionId)).intentStatus).toBe("requires_capture"); // handed over, not yet taken
    expect(await paymentOf(res.json.order.id)).toMatchObject({ state: "authorized" });
    expect((await submitToCarrier(res.json.order.id)).kind).toBe("accepted");
    expect((await checkout(sessionId)).intentStatus).toBe("succeeded");
    expect(await paymentOf(res.json.order.id)).toMatchObject({ state: "captured" });

    // Paying twice is refused; the money moved once.
    const twice = await call(payLocal, { body: { session_id: sessionId, ...card } });
    expect(twice.status).toBe(409);
    expect(twice.json.code).toBe("checkout_closed");
  });

  it("hands an embedded checkout a client secret that the local card form pays with", async () => {
    const res = await sendLiveLetter({}, { uiMode: "embedded" });
    expect(res.json).toMatchObject({ status: "action_required", checkout_ui_mode: "embedded" });
    expect(res.json.payment_client_secret).toMatch(/^cs_local_[a-z0-9]{24}_secret_[a-z0-9]{24}$/);
    expect(res.json).not.toHaveProperty("payment_url");
    expect(res.json.next[0]).toContain(`/pay/embedded#${res.json.payment_client_secret}`);
    const paid = await call(payLocal, { body: { client_secret: res.json.payment_client_secret, ...card } });
    expect(paid.status).toBe(200);
    expect((await db().order.findUniqueOrThrow({ where: { id: res.json.order.id } })).status).toBe("screening");
  });

  it("declines a declined test card and any real-looking card, charging nothing", async () => {
    const res = await sendLiveLetter();
    const sessionId = sessionOf(res.json.payment_url);
    const declined = await call(payLocal, { body: { session_id: sessionId, ...card, card_number: "4000 0000 0000 0002" } });
    expect(declined.status).toBe(402);
    expect(declined.json).toMatchObject({ code: "card_declined", reason: expect.stringMatching(/declined/) });
    const other = await call(payLocal, { body: { session_id: sessionId, ...card, card_number: "4111 1111 1111 1111" } });
    expect(other.json.code).toBe("card_declined");
    expect(other.json.reason).toMatch(/test cards only/);
    const expired = await call(payLocal, { body: { session_id: sessionId, ...card, expiry: "01/20" } });
    expect(expired.json).toMatchObject({ code: "validation_error", reason: expect.stringMatching(/expired/) });
    const malformed = await call(payLocal, { body: { session_id: sessionId, card_number: "42", expiry: "13/30", cvc: "x" } });
    expect(malformed.status).toBe(400);
    // Like every other body, an unknown field is refused rather than ignored.
    const extra = await call(payLocal, { body: { session_id: sessionId, ...card, amount_cents: 1 } });
    expect(extra.status).toBe(400);
    expect(extra.json.reason).toMatch(/amount_cents/);
    expect((await checkout(sessionId)).status).toBe("open");
    expect(await paymentOf(res.json.order.id)).toMatchObject({ state: "open" });
  });

  it("cancel before payment closes the link: nothing can be paid or charged afterwards", async () => {
    const res = await sendLiveLetter();
    const canceled = await cancel(res.json.order.id, res.json.capability.cancel_token);
    expect(canceled.json.order.status).toBe("canceled");
    const sessionId = sessionOf(res.json.payment_url);
    expect((await checkout(sessionId)).status).toBe("expired");
    expect(await paymentOf(res.json.order.id)).toMatchObject({ state: "released" });
    const late = await call(payLocal, { body: { session_id: sessionId, ...card } });
    expect(late.status).toBe(409);
    expect(late.json.code).toBe("checkout_closed");
  });

  it("cancel after authorization releases the hold and charges nothing", async () => {
    const res = await sendLiveLetter();
    const sessionId = sessionOf(res.json.payment_url);
    await call(payLocal, { body: { session_id: sessionId, ...card } });
    expect((await cancel(res.json.order.id, res.json.capability.cancel_token)).json.order.status).toBe("canceled");
    expect((await checkout(sessionId)).intentStatus).toBe("canceled");
    expect(await paymentOf(res.json.order.id)).toMatchObject({ state: "released" });
    // The worker has nothing left to capture.
    await screenOrder(res.json.order.id);
    expect((await checkout(sessionId)).intentStatus).toBe("canceled");
  });

  it("a refused letter's authorization is released, and so is a failed one's before its carrier took it; one failed after is refunded", async () => {
    const refused = await sendLiveLetter();
    await call(payLocal, { body: { session_id: sessionOf(refused.json.payment_url), ...card } });
    await refuseOrder(refused.json.order.id, "Impersonates a court.");
    expect((await checkout(sessionOf(refused.json.payment_url))).intentStatus).toBe("canceled");
    expect(await paymentOf(refused.json.order.id)).toMatchObject({ state: "released" });

    const failed = await sendLiveLetter();
    await call(payLocal, { body: { session_id: sessionOf(failed.json.payment_url), ...card } });
    await screenOrder(failed.json.order.id);
    await failOrder(failed.json.order.id, "the printer rejected the file");
    expect(await checkout(sessionOf(failed.json.payment_url))).toMatchObject({ intentStatus: "canceled", amountRefundedCents: 0 });
    expect(await paymentOf(failed.json.order.id)).toMatchObject({ state: "released" });

    const taken = await sendLiveLetter();
    await call(payLocal, { body: { session_id: sessionOf(taken.json.payment_url), ...card } });
    await screenOrder(taken.json.order.id);
    await submitToCarrier(taken.json.order.id);
    await failOrder(taken.json.order.id, "lost in the mail");
    expect(await checkout(sessionOf(taken.json.payment_url))).toMatchObject({ intentStatus: "succeeded", amountRefundedCents: 99 });
    expect(await paymentOf(taken.json.order.id)).toMatchObject({ state: "refunded" });
  });

  it("an authorization that lapses after the hand-off withdraws the letter the carrier took and fails it, charging nothing", async () => {
    const res = await sendLiveLetter();
    const sessionId = sessionOf(res.json.payment_url);
    await call(payLocal, { body: { session_id: sessionId, ...card } });
    await screenOrder(res.json.order.id);
    expect((await db().order.findUniqueOrThrow({ where: { id: res.json.order.id } })).status).toBe("submitted");
    // The hold expires at the rail while the letter waits for its carrier.
    await db().localCheckout.update({ where: { id: sessionId }, data: { intentStatus: "canceled" } });
    expect((await submitToCarrier(res.json.order.id)).kind).toBe("accepted");
    const read = await call(getOrder, { params: { id: res.json.order.id } });
    expect(read.json.order).toMatchObject({ status: "failed", failure_code: "payment_lapsed" });
    expect(read.json.order.failure_reason).toMatch(/withdrawn before printing\. Nothing was charged/);
    expect(await checkout(sessionId)).toMatchObject({ intentStatus: "canceled", amountRefundedCents: 0 });
    expect(await paymentOf(res.json.order.id)).toMatchObject({ state: "released" });
    const events = await db().orderEvent.findMany({ where: { orderId: res.json.order.id, kind: "status" }, orderBy: { id: "asc" } });
    expect(events.map((e) => e.toStatus)).toEqual(["draft", "pending_payment", "screening", "submitted", "failed"]);
  });

  it("an unpaid link that runs out of time cancels its order, charging nothing", async () => {
    const res = await sendLiveLetter();
    const sessionId = sessionOf(res.json.payment_url);
    await db().localCheckout.update({ where: { id: sessionId }, data: { expiresAt: new Date(Date.now() - 1000) } });
    await sweepLocalCheckouts();
    expect((await db().order.findUniqueOrThrow({ where: { id: res.json.order.id } })).status).toBe("canceled");
    expect(await paymentOf(res.json.order.id)).toMatchObject({ state: "released" });
    const events = await db().orderEvent.findMany({ where: { orderId: res.json.order.id, kind: "status" }, orderBy: { id: "asc" } });
    expect(events.at(-1)?.cause).toBe("the payment link expired unpaid");
  });
});
