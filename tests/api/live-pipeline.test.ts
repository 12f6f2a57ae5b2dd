import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as getOrder, DELETE as deleteOrder } from "@/app/v1/orders/[id]/route";
import { POST as payLocal } from "@/app/pay/local/confirm/route";
import { db } from "@/lib/db";
import { mintCredit } from "@/lib/payments/credits/credits";
import { releaseHeldOrder } from "@/lib/pipeline/refuse-or-fail-order";
import { reconcileOrders } from "@/lib/pipeline/reconcile-orders";
import { submitToCarrier } from "@/lib/pipeline/submit-to-carrier";
import { trackOrder } from "@/lib/pipeline/track-order";
import { getPublicTracking } from "@/lib/tracking/get-public-tracking";
import { POST as postQuote } from "@/app/v1/quotes/route";
import { call, letter } from "@/tests/support/api";
import { HELD_LETTER, THREAT_LETTER } from "@/tests/support/screening-letters";
import { sendLiveLetter as sendLive } from "@/tests/support/orders";
import { runOrderJobs } from "@/tests/support/pipeline";
import { startFakeLob, type FakeLob } from "@/tests/support/fake-lob";

// The whole live path, paid on the local payment rail or with a credit code, printed by "Lob"
// (a local server speaking Lob's wire format): created -> paid -> screened -> submitted ->
// mailed -> delivered, and every way off that path, with the money checked at each end.

let lob: FakeLob;
beforeAll(async () => {
  lob = await startFakeLob();
  // Read by lib/env.ts on first use, which comes after this in this file's own process.
  Object.assign(process.env, { FULFILLMENT: "lob", LOB_API_KEY: lob.apiKey, LOB_API_BASE: lob.url.replace(/\/v1$/, ""), LOB_TIMEOUT_SECONDS: "1" });
});
afterAll(() => lob.close());

const card = { card_number: "4242 4242 4242 4242", expiry: "12/39", cvc: "123" };

/** Every order this file made: the refund check at the end looks at these only (other files share the database). */
const made: string[] = [];
async function sendLiveLetter(...args: Parameters<typeof sendLive>) {
  const res = await sendLive(...args);
  if (res.json.order?.id) made.push(res.json.order.id);
  return res;
}

const mint = (cents = 5000) => mintCredit({ faceCents: cents, bonusCents: 0, source: "operator", note: "test" });
const ledgerKinds = async (code: string) => (await db().creditLedger.findMany({ where: { code }, orderBy: { id: "asc" } })).map((e) => e.kind);
const row = (id: string) => db().order.findUniqueOrThrow({ where: { id } });
const piecesOf = (orderId: string) => lob.pieces().filter((p) => p.fields["metadata[order_id]"] === orderId);
const paymentOf = (orderId: string) => db().payment.findUniqueOrThrow({ where: { orderId } });
/** The order's jobs still waiting in pg-boss. */
const jobsOf = (orderId: string) =>
  db().$queryRawUnsafe<{ name: string; start_after: Date }[]>(`SELECT name, start_after FROM pgboss.job WHERE singleton_key = $1 AND state = 'created' ORDER BY name`, orderId);
const cancel = (id: string, token: string) => call(deleteOrder, { method: "DELETE", params: { id }, headers: { "X-Capability-Token": token } });

async function payByCard(paymentUrl: string) {
  const res = await call(payLocal, { body: { session_id: paymentUrl.split("/pay/")[1], ...card } });
  expect(res.status).toBe(200);
}

describe("the live path through Lob", () => {
  it("credit code: paid, screened and handed to Lob in the call; then mailed and delivered from Lob's tracking events", async () => {
    const credit = await mint();
    const res = await sendLiveLetter({ mail_class: "certified" }, { creditCode: credit.code });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ status: "ok", order: { status: "submitted", sandbox: false } });
    const order = await row(res.json.order.id);
    expect(order).toMatchObject({ carrier: "lob" });
    expect(order.providerId).toMatch(/^ltr_/);

    // Exactly one piece at Lob, keyed and labelled with our order id, certified.
    const [piece] = piecesOf(order.id);
    expect(piecesOf(order.id)).toHaveLength(1);
    expect(piece.fields).toMatchObject({ extra_service: "certified", "to[address_city]": "ALBANY", "metadata[order_id]": order.id });
    expect(lob.requests().find((r) => r.method === "POST" && r.idempotencyKey === order.id)).toBeDefined();
    expect(order.trackingNumber).toBe(lob.object(order.providerId!)!.tracking_number);

    // Done in the request: its backstop jobs are gone, and the first tracking check waits an hour.
    const jobs = await jobsOf(order.id);
    expect(jobs.map((j) => j.name)).toEqual(["order-track"]);
    expect(jobs[0].start_after.getTime() - Date.now()).toBeGreaterThan(55 * 60_000);

    lob.addTrackingEvent(order.providerId!, "Mailed", { location: null });
    lob.addTrackingEvent(order.providerId!, "In Transit", { location: "60601" });
    await trackOrder(order.id);
    expect((await row(order.id)).status).toBe("mailed");
    lob.addTrackingEvent(order.providerId!, "In Local Area", { location: "12207" });
    lob.addTrackingEvent(order.providerId!, "Delivered", { location: "12207" });
    await trackOrder(order.id);
    await trackOrder(order.id); // a second read records nothing twice
    expect((await row(order.id)).status).toBe("delivered");

    const tracking = (await getPublicTracking(order.trackingCode))!;
    const scans = tracking.events.filter((e) => e.kind === "scan");
    expect(scans.map((e) => e.description)).toEqual(["Mailed", "In Transit", "In Local Area", "Delivered"]);
    expect(scans[1].place).toMatch(/CHICAGO IL 60601/i);
    expect(await ledgerKinds(credit.code)).toEqual(["grant", "debit"]);
  });

  it("payment link: authorized at checkout, screened and handed to Lob by the worker, captured once Lob takes it, printed once", async () => {
    const res = await sendLiveLetter();
    expect(res.json.status).toBe("action_required");
    await payByCard(res.json.payment_url);
    const id = res.json.order.id;
    expect((await row(id)).status).toBe("screening");
    expect(await paymentOf(id)).toMatchObject({ state: "authorized" });
    // The screen job: cleared, handed over, Lob takes it, then the card is charged.
    expect(await runOrderJobs(id)).toBe("submitted");
    expect((await row(id)).providerId).toMatch(/^ltr_/);
    expect(await paymentOf(id)).toMatchObject({ state: "captured" });
    expect(await submitToCarrier(id)).toEqual({ kind: "skipped" }); // the hand-off's backstop submit job, had it run, does nothing
    expect(piecesOf(id)).toHaveLength(1);
  });

  it("refused by screening: the card authorization is released and Lob never sees the letter", async () => {
    const res = await sendLiveLetter({ text: THREAT_LETTER });
    await payByCard(res.json.payment_url);
    expect(await runOrderJobs(res.json.order.id)).toBe("refused");
    expect(await paymentOf(res.json.order.id)).toMatchObject({ state: "released" });
    expect((await row(res.json.order.id)).refusalReason).toMatch(/threat/i);
    expect(piecesOf(res.json.order.id)).toHaveLength(0);
  });

  it("held for review, then released by an operator: handed to Lob and charged then", async () => {
    const credit = await mint();
    const res = await sendLiveLetter({ text: HELD_LETTER }, { creditCode: credit.code });
    expect(res.json.order.status).toBe("held_for_review");
    expect(piecesOf(res.json.order.id)).toHaveLength(0);
    await releaseHeldOrder(res.json.order.id);
    expect(await submitToCarrier(res.json.order.id)).toEqual({ kind: "accepted" });
    expect(piecesOf(res.json.order.id)).toHaveLength(1);
    expect(await ledgerKinds(credit.code)).toEqual(["grant", "debit"]);
  });

  it("canceled before hand-off: nothing is charged and Lob never sees it; after hand-off cancel is 409", async () => {
    const pending = await sendLiveLetter();
    const canceled = await cancel(pending.json.order.id, pending.json.capability.cancel_token);
    expect(canceled.json.order.status).toBe("canceled");
    expect(piecesOf(pending.json.order.id)).toHaveLength(0);

    const sent = await sendLiveLetter({}, { creditCode: (await mint()).code });
    const late = await cancel(sent.json.order.id, sent.json.capability.cancel_token);
    expect(late.status).toBe(409);
    expect(late.json.code).toBe("already_submitted");
  });

  it("a format Lob has no rail for is 503 no_rail_for_format before anything is created or charged", async () => {
    const credit = await mint();
    const quoted = await call(postQuote, { body: letter({ sandbox: false, format: "notecard" }) });
    expect(quoted.status).toBe(200);
    expect(quoted.json.next[0]).toMatch(/cannot be sent live on this deployment: Lob has no rail for notecards/);
    for (const over of [{ format: "notecard", mail_class: "first_class" }, { mail_class: "priority" }]) {
      const res = await sendLiveLetter(over, { creditCode: credit.code });
      expect(res.status).toBe(503);
      expect(res.json).toMatchObject({ status: "failed", code: "no_rail_for_format" });
      expect(res.json.reason).toMatch(/^Lob has no .+ Nothing was created or charged\.$/);
      expect(res.json.order).toBeUndefined();
    }
    expect(await ledgerKinds(credit.code)).toEqual(["grant"]);
  });

  it("Lob refuses the letter for good: 422 fulfillment_rejected, the order fails and the credit comes back; a replay says the same", async () => {
    const credit = await mint();
    lob.failNext(422, 1, { error: { message: "address_line1 is too long", status_code: 422, code: "invalid" } });
    const res = await sendLiveLetter({}, { creditCode: credit.code, idempotencyKey: randomUUID() });
    expect(res.status).toBe(422);
    expect(res.json).toMatchObject({ status: "failed", code: "fulfillment_rejected", retryable: false, order: { status: "failed", failure_code: "fulfillment_rejected" } });
    expect(res.json.reason).toMatch(/address_line1 is too long/);
    expect(await ledgerKinds(credit.code)).toEqual(["grant", "debit", "refund"]);
    const again = await res.resend();
    expect(again.status).toBe(422);
    expect(again.json).toMatchObject({ code: "fulfillment_rejected", replayed: true });
    expect(await ledgerKinds(credit.code)).toEqual(["grant", "debit", "refund"]);
  });

  it("Lob down: 503 fulfillment_unavailable (retryable, Retry-After); the retry with the same key hands it over once", async () => {
    const credit = await mint();
    lob.failNext(503, 1, { error: { message: "Service Unavailable", status_code: 503, code: "service_unavailable" } }, { "Retry-After": "7" });
    const res = await sendLiveLetter({}, { creditCode: credit.code, idempotencyKey: randomUUID() });
    expect(res.status).toBe(503);
    expect(res.json).toMatchObject({ status: "failed", code: "fulfillment_unavailable", retryable: true, order: { status: "submitted" } });
    expect(res.headers.get("retry-after")).toBe("7");
    expect(piecesOf(res.json.order.id)).toHaveLength(0);
    // The submit job stays queued: the worker keeps trying even if the caller never retries.
    expect((await jobsOf(res.json.order.id)).map((j) => j.name)).toContain("order-submit");

    const retried = await res.resend();
    expect(retried.status).toBe(200);
    expect(retried.json).toMatchObject({ status: "ok", replayed: true, order: { id: res.json.order.id, status: "submitted" } });
    expect(piecesOf(res.json.order.id)).toHaveLength(1);
    expect(await ledgerKinds(credit.code)).toEqual(["grant", "debit"]);
  });

  it("no answer from Lob, but it did take the letter: asking Lob finds it, and nothing is sent twice", async () => {
    const credit = await mint();
    lob.hangNext(1, { create: true });
    const res = await sendLiveLetter({}, { creditCode: credit.code });
    expect(res.status).toBe(201);
    expect(res.json.order.status).toBe("submitted");
    expect(piecesOf(res.json.order.id)).toHaveLength(1);
    expect((await row(res.json.order.id)).providerId).toBe(piecesOf(res.json.order.id)[0].id);
  });

  it("two runs of one submission at once (a job run again alongside): the piece Lob took is recorded, never withdrawn", async () => {
    const credit = await mint();
    lob.failNext(503, 1, { error: { message: "Service Unavailable", status_code: 503, code: "service_unavailable" } });
    const res = await sendLiveLetter({}, { creditCode: credit.code });
    expect(res.json.code).toBe("fulfillment_unavailable");
    const id = res.json.order.id;
    // The first run's send is taken by Lob but not answered in time; the second run, started
    // meanwhile, gets the same piece back under the same key and records it first.
    lob.hangNext(1, { create: true, method: "POST" });
    const sends = () => lob.requests().filter((r) => r.method === "POST" && r.idempotencyKey === id).length;
    const before = sends();
    const first = submitToCarrier(id);
    while (sends() === before) await new Promise((r) => setTimeout(r, 10));
    expect(await submitToCarrier(id)).toEqual({ kind: "accepted" });
    await first; // times out, asks Lob, finds the piece the second run recorded
    const [piece] = piecesOf(id);
    expect(piecesOf(id)).toHaveLength(1);
    expect(await row(id)).toMatchObject({ status: "submitted", providerId: piece.id, providerCheckNeeded: false });
    expect(lob.object(piece.id)!.deleted).toBeFalsy();
    expect(await ledgerKinds(credit.code)).toEqual(["grant", "debit"]);
  });

  it("deliberate stop 1: Lob never answers and holds no piece: 503 submission_uncertain, not retryable, nothing charged", async () => {
    const credit = await mint();
    lob.hangNext(2, { create: false, method: "POST" }); // both sends go unanswered; the lookups between say "none"
    const res = await sendLiveLetter({}, { creditCode: credit.code });
    expect(res.status).toBe(503);
    expect(res.json).toMatchObject({ status: "failed", code: "submission_uncertain", retryable: false, order: { status: "failed" } });
    expect(res.json.next.join(" ")).toMatch(/Do not resend automatically/);
    expect(await ledgerKinds(credit.code)).toEqual(["grant", "debit", "refund"]);
    expect((await row(res.json.order.id)).providerCheckNeeded).toBe(true);
  });

  it("deliberate stop 2: an unreadable answer and Lob cannot be asked: 503 provider_outcome_unknown; the reconcile loop cancels the stray piece", async () => {
    const credit = await mint();
    lob.garbageNext(); // Lob creates the piece but its answer cannot be read
    lob.failNext(503, 1, undefined, undefined, { method: "GET" }); // and the lookup that would settle it fails
    const res = await sendLiveLetter({}, { creditCode: credit.code });
    expect(res.status).toBe(503);
    expect(res.json).toMatchObject({ code: "provider_outcome_unknown", retryable: false, order: { status: "failed" } });
    expect(await ledgerKinds(credit.code)).toEqual(["grant", "debit", "refund"]);

    const [stray] = piecesOf(res.json.order.id);
    expect(lob.object(stray.id)!.deleted).toBeFalsy();
    const report = await reconcileOrders({ orderIds: [res.json.order.id] });
    expect(report.canceledStrays).toBe(1);
    expect(lob.object(stray.id)!.deleted).toBe(true);
    expect((await row(res.json.order.id)).providerCheckNeeded).toBe(false);
  });
});

describe("the hourly reconcile loop", () => {
  it("fails and refunds a submission Lob never confirmed, hours after hand-off", async () => {
    const credit = await mint();
    lob.failNext(503, 1);
    const res = await sendLiveLetter({}, { creditCode: credit.code });
    expect(res.json.code).toBe("fulfillment_unavailable");
    const id = res.json.order.id;
    expect((await reconcileOrders({ orderIds: [id] })).unconfirmed).toBe(0); // not yet past its deadline
    await db().order.update({ where: { id }, data: { submittedAt: new Date(Date.now() - 4 * 3600_000) } });
    lob.failNext(503, 1, undefined, undefined, { method: "GET" }); // still down when asked
    expect((await reconcileOrders({ orderIds: [id] })).unconfirmed).toBe(1);
    expect(await row(id)).toMatchObject({ status: "failed", failureCode: "submission_unconfirmed" });
    expect(await ledgerKinds(credit.code)).toEqual(["grant", "debit", "refund"]);
    expect(await submitToCarrier(id)).toEqual({ kind: "skipped" }); // a late retry of the job mails nothing
    expect(piecesOf(id)).toHaveLength(0);
  });

  it("fails and refunds a card-paid letter Lob canceled, and one that stopped moving long past its delivery date", async () => {
    const dropped = await sendLiveLetter();
    await payByCard(dropped.json.payment_url);
    await runOrderJobs(dropped.json.order.id);
    await runOrderJobs(dropped.json.order.id);
    const droppedRow = await row(dropped.json.order.id);
    await fetch(`${lob.url}/letters/${droppedRow.providerId}`, { method: "DELETE", headers: { authorization: `Basic ${Buffer.from(`${lob.apiKey}:`).toString("base64")}` } });
    await db().order.update({ where: { id: droppedRow.id }, data: { lastProgressAt: new Date(Date.now() - 2 * 86400_000) } });

    const credit = await mint();
    const lost = await sendLiveLetter({}, { creditCode: credit.code });
    const lostRow = await row(lost.json.order.id);
    lob.addTrackingEvent(lostRow.providerId!, "Mailed", { location: null, time: new Date(Date.now() - 30 * 86400_000) });
    await trackOrder(lostRow.id);
    await db().order.update({ where: { id: lostRow.id }, data: { expectedDeliveryDate: new Date(Date.now() - 20 * 86400_000).toISOString().slice(0, 10) } });

    const report = await reconcileOrders({ orderIds: [droppedRow.id, lostRow.id] });
    expect(report).toMatchObject({ carrierFailed: 1, stalled: 1 });
    expect(await row(droppedRow.id)).toMatchObject({ status: "failed", failureCode: "carrier_failed" });
    expect(await paymentOf(droppedRow.id)).toMatchObject({ state: "refunded" });
    expect(await row(lostRow.id)).toMatchObject({ status: "failed", failureCode: "delivery_stalled" });
    expect(await ledgerKinds(credit.code)).toEqual(["grant", "debit", "refund"]);
  });

  it("leaves alone a letter returned to its sender, and one still moving", async () => {
    const credit = await mint();
    const returned = await sendLiveLetter({}, { creditCode: credit.code });
    const r = await row(returned.json.order.id);
    lob.addTrackingEvent(r.providerId!, "Mailed", { location: null, time: new Date(Date.now() - 30 * 86400_000) });
    lob.addTrackingEvent(r.providerId!, "Returned to Sender", { location: "10001", time: new Date(Date.now() - 25 * 86400_000) });
    await trackOrder(r.id);
    await db().order.update({ where: { id: r.id }, data: { expectedDeliveryDate: "2026-01-02" } });
    const asked = () => lob.requests().filter((q) => q.method === "GET" && q.path.endsWith(r.providerId!)).length;
    const before = asked();
    const report = await reconcileOrders({ orderIds: [r.id] });
    expect(asked()).toBe(before); // an outcome: Lob is not asked about it hour after hour
    expect(report.stalled).toBe(0);
    expect((await row(r.id)).status).toBe("mailed");
  });
});

describe("every failed order has a refund", () => {
  it("holds across every failed live order this file made", async () => {
    const failed = await db().order.findMany({ where: { status: "failed", id: { in: made } } });
    expect(failed.length).toBeGreaterThanOrEqual(5);
    for (const o of failed) {
      if (o.paymentMethod === "credit") expect(await ledgerKinds(o.creditCode!), o.id).toContain("refund");
      else if (o.paymentMethod === "link") expect(["refunded", "released"], o.id).toContain((await paymentOf(o.id)).state);
    }
  });
});

describe("GET /v1/orders/{id} on a failed live order", () => {
  it("says why it failed", async () => {
    const credit = await mint();
    lob.failNext(422, 1, { error: { message: "file is not a valid PDF", status_code: 422, code: "invalid" } });
    const res = await sendLiveLetter({}, { creditCode: credit.code });
    const read = await call(getOrder, { params: { id: res.json.order.id } });
    expect(read.json.order).toMatchObject({ status: "failed", failure_code: "fulfillment_rejected" });
    expect(read.json.order.failure_reason).toMatch(/file is not a valid PDF.*refunded/);
  });
});
