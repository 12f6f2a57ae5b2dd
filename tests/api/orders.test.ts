import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { POST as postOrder } from "@/app/v1/orders/route";
import { GET as getOrder } from "@/app/v1/orders/[id]/route";
import { db } from "@/lib/db";
import { claimIdempotencyKey, hashRequest } from "@/lib/http/idempotency";
import { OrderRequestSchema } from "@/lib/letters/schemas";
import { call, letter, randomIp } from "@/tests/support/api";
import { quoteToken, sendSandboxLetter } from "@/tests/support/orders";

const ORDER_FIELDS = [
  "breakdown", "color", "created_at", "expected_delivery_date", "failure_code", "failure_reason", "format", "id", "mail_class", "page_count",
  "price_cents", "refusal_reason", "sandbox", "status", "to", "tracking_number", "updated_at",
].sort();

describe("POST /v1/orders (sandbox)", () => {
  it("sends a quoted letter: 201, ord_test_ id, the full Order, capability tokens and a tracking link", async () => {
    const res = await sendSandboxLetter();
    expect(res.status).toBe(201);
    expect(res.json.status).toBe("ok");
    expect(res.json.replayed).toBe(false);
    const order = res.json.order;
    expect(Object.keys(order).sort()).toEqual(ORDER_FIELDS);
    expect(order.id).toMatch(/^ord_test_[0-9a-z]{24}$/);
    expect(order).toMatchObject({ status: "submitted", sandbox: true, mail_class: "first_class", page_count: 1, color: false, price_cents: 99, refusal_reason: null });
    // The recipient as it prints: standardized by address verification (USPS capitals).
    expect(order.to).toEqual({ name: "Ada Lovelace", city: "ALBANY", state: "NY", zip: "12207" });
    expect(order.tracking_number).toMatch(/^\d{22}$/);
    expect(order.expected_delivery_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(new Date(order.created_at).toISOString()).toBe(order.created_at);
    expect(res.json.capability.cancel_token).toMatch(/^cap_/);
    expect(res.json.capability.review_token).toMatch(/^cap_/);
    expect(res.json.capability.cancel_token).not.toBe(res.json.capability.review_token);
    expect(res.json.tracking_url).toMatch(/^http:\/\/mail\.test\/t\/[0-9a-z]{16}$/);

    const row = await db().order.findUniqueOrThrow({ where: { id: order.id }, include: { events: { orderBy: { id: "asc" } } } });
    expect(row.status).toBe("submitted");
    expect(row.events.filter((e) => e.kind === "status").map((e) => e.toStatus)).toEqual(["draft", "screening", "submitted"]);
    // Handed to the simulated carrier in the call, under the carrier's own id.
    expect(row).toMatchObject({ carrier: "sandbox", providerId: expect.stringMatching(/^sbx_/) });
    expect(row.events.at(-1)).toMatchObject({ kind: "carrier", cause: `accepted by the sandbox carrier as ${row.providerId}` });
    expect((await db().quote.findUniqueOrThrow({ where: { id: row.quoteId } })).orderId).toBe(order.id);
  });

  it("gives postcards and notecards no tracking number", async () => {
    const res = await sendSandboxLetter({ format: "postcard_4x6", text: "Greetings from the sandbox" });
    expect(res.status).toBe(201);
    expect(res.json.order.tracking_number).toBeNull();
    expect(res.json.order.price_cents).toBe(99);
  });

  it("requires a confirmation token on every order, sandbox included: 428 action_required", async () => {
    const res = await call(postOrder, { body: letter() });
    expect(res.status).toBe(428);
    expect(res.json).toMatchObject({ status: "action_required", code: "confirmation_required" });
  });

  it("refuses a token whose letter changed: 409 confirmation_mismatch, nothing sent", async () => {
    const body = letter();
    const token = await quoteToken(body);
    const changes = [
      { text: "A different letter" },
      { color: true },
      { to: { ...body.to, name: "Someone Else" } },
      // Names print as written, so even their case is part of the letter.
      { to: { ...body.to, name: "ADA LOVELACE" } },
      { from: { ...body.from, line1: "2 Engine Row" } },
      { mail_class: "certified" },
      { font: "courier" },
    ];
    for (const change of changes) {
      const res = await call(postOrder, { body: { ...body, ...change, confirmation_token: token } });
      expect(res.status, JSON.stringify(change)).toBe(409);
      expect(res.json).toMatchObject({ status: "action_required", code: "confirmation_mismatch" });
    }
    // The token is still good for the letter it was quoted for.
    expect((await call(postOrder, { body: { ...body, confirmation_token: token } })).status).toBe(201);
  });

  it("refuses a token whose format, handwriting, branding or tracking changed: 409 confirmation_mismatch", async () => {
    const card = letter({ format: "notecard", handwriting: "script", text: "Dear Ada,\n\nThank you.\n\nCharles" });
    const cardToken = await quoteToken(card);
    for (const change of [{ handwriting: "pen" }, { remove_branding: true }, { format: "postcard_4x6", handwriting: undefined }]) {
      const res = await call(postOrder, { body: { ...card, ...change, confirmation_token: cardToken } });
      expect(res.status, JSON.stringify(change)).toBe(409);
      expect(res.json.code, JSON.stringify(change)).toBe("confirmation_mismatch");
    }
    const plain = letter();
    const plainToken = await quoteToken(plain);
    const untracked = await call(postOrder, { body: { ...plain, tracking: false, confirmation_token: plainToken } });
    expect(untracked.status).toBe(409);
    expect(untracked.json.code).toBe("confirmation_mismatch");
    expect((await call(postOrder, { body: { ...card, confirmation_token: cardToken } })).status).toBe(201);
  });

  it("refuses an account_session or confirmation_token over 2,000 characters and a malformed e-mail: 400 validation_error naming the field", async () => {
    const body = letter();
    const token = await quoteToken(body);
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ account_session: "s".repeat(2001) }, /account_session/],
      [{ confirmation_token: "t".repeat(2001) }, /confirmation_token/],
      [{ email: "ada at example" }, /email/],
    ];
    for (const [change, field] of cases) {
      const res = await call(postOrder, { body: { ...body, confirmation_token: token, ...change } });
      expect(res.status, JSON.stringify(change).slice(0, 60)).toBe(400);
      expect(res.json.code).toBe("validation_error");
      expect(res.json.reason).toMatch(field);
    }
    expect((await call(postOrder, { body: { ...body, confirmation_token: token, account_session: "s".repeat(2000) } })).status).toBe(201);
  });

  it("refuses a sandbox quote's token for a live letter", async () => {
    const body = letter();
    const token = await quoteToken(body);
    const res = await call(postOrder, { body: { ...body, sandbox: false, confirmation_token: token } });
    expect(res.json.code).toBe("confirmation_mismatch");
  });

  it("spends a token once: a second send is 409 confirmation_used", async () => {
    const body = letter();
    const token = await quoteToken(body);
    expect((await call(postOrder, { body: { ...body, confirmation_token: token } })).status).toBe(201);
    const again = await call(postOrder, { body: { ...body, confirmation_token: token } });
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({ status: "action_required", code: "confirmation_used" });
  });

  it("refuses an expired token and a forged one", async () => {
    const body = letter();
    const token = await quoteToken(body);
    const quoteId = JSON.parse(Buffer.from(token.slice(3, token.indexOf(".")), "base64url").toString()).q;
    await db().quote.update({ where: { id: quoteId }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await call(postOrder, { body: { ...body, confirmation_token: token } })).json.code).toBe("confirmation_expired");
    const forged = token.slice(0, -2) + (token.endsWith("AA") ? "BB" : "AA");
    const res = await call(postOrder, { body: { ...body, confirmation_token: forged } });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe("confirmation_invalid");
  });

  it("replays an Idempotency-Key: 200, replayed true, the same order, nothing new", async () => {
    const key = randomUUID();
    const body = letter();
    const ip = randomIp();
    const token = await quoteToken(body, { ip });
    const first = await call(postOrder, { body: { ...body, confirmation_token: token }, ip, headers: { "Idempotency-Key": key } });
    expect(first.status).toBe(201);
    const second = await call(postOrder, { body: { ...body, confirmation_token: token }, ip, headers: { "Idempotency-Key": key } });
    expect(second.status).toBe(200);
    expect(second.json.replayed).toBe(true);
    expect(second.json.order.id).toBe(first.json.order.id);
    expect(second.json.capability).toEqual(first.json.capability);
    expect(await db().order.count({ where: { quoteId: (await db().order.findUniqueOrThrow({ where: { id: first.json.order.id } })).quoteId } })).toBe(1);
  });

  it("refuses an Idempotency-Key reused with a different body", async () => {
    const key = randomUUID();
    expect((await sendSandboxLetter({}, { idempotencyKey: key })).status).toBe(201);
    const res = await sendSandboxLetter({ text: "Another letter" }, { idempotencyKey: key });
    expect(res.status).toBe(422);
    expect(res.json.code).toBe("idempotency_key_reused");
  });

  it("answers 409 idempotency_in_flight with Retry-After while the first request is unfinished", async () => {
    const key = randomUUID();
    const body = letter();
    const token = await quoteToken(body);
    const sent = { ...body, confirmation_token: token };
    // The first request has claimed the key and is still working.
    await claimIdempotencyKey({ scope: "anonymous", key, requestHash: hashRequest(OrderRequestSchema.parse(sent)) });
    const res = await call(postOrder, { body: sent, headers: { "Idempotency-Key": key } });
    expect(res.status).toBe(409);
    expect(res.json.code).toBe("idempotency_in_flight");
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
  });

  it("makes exactly one order from ten parallel requests with one Idempotency-Key", async () => {
    const key = randomUUID();
    const body = letter({ text: `Parallel ${key}` });
    const ip = randomIp();
    const token = await quoteToken(body, { ip });
    const results = await Promise.all(
      Array.from({ length: 10 }, () => call(postOrder, { body: { ...body, confirmation_token: token }, ip, headers: { "Idempotency-Key": key } })),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.every((s) => s === 201 || s === 200 || s === 409)).toBe(true);
    for (const r of results.filter((r) => r.status === 409)) expect(r.json.code).toBe("idempotency_in_flight");
    const created = results.find((r) => r.status === 201)!.json.order.id;
    for (const r of results.filter((r) => r.status === 200)) expect(r.json.order.id).toBe(created);
    expect(await db().order.count({ where: { text: `Parallel ${key}` } })).toBe(1);
  });

  it("makes one order from parallel requests with one token and no Idempotency-Key", async () => {
    const body = letter({ text: `Racing ${randomUUID()}` });
    const token = await quoteToken(body);
    const results = await Promise.all(Array.from({ length: 6 }, () => call(postOrder, { body: { ...body, confirmation_token: token } })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    for (const r of results.filter((r) => r.status !== 201)) expect([r.status, r.json.code]).toEqual([409, "confirmation_used"]);
    expect(await db().order.count({ where: { text: body.text } })).toBe(1);
  });

  it("throttles sandbox orders at 20 a minute per caller with 429 rate_limited and Retry-After", async () => {
    const ip = randomIp();
    const body = { ...letter(), confirmation_token: "ct_bogus.bogus" };
    for (let i = 0; i < 20; i++) {
      expect((await call(postOrder, { body, ip })).json.code).toBe("confirmation_invalid");
    }
    const limited = await call(postOrder, { body, ip });
    expect(limited.status).toBe(429);
    expect(limited.json.code).toBe("rate_limited");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    // Another caller has its own bucket.
    expect((await call(postOrder, { body, ip: randomIp() })).json.code).toBe("confirmation_invalid");
  });

  it("answers a retry with the same Idempotency-Key from its first answer, even once the caller's sandbox bucket is spent", async () => {
    const ip = randomIp();
    const key = randomUUID();
    const body = { ...letter(), confirmation_token: await quoteToken(letter(), { ip }) };
    const sent = await call(postOrder, { body, ip, headers: { "idempotency-key": key } });
    expect(sent.status).toBe(201);
    const spend = { ...letter(), confirmation_token: "ct_bogus.bogus" };
    for (let i = 0; i < 20; i++) await call(postOrder, { body: spend, ip });
    expect((await call(postOrder, { body: spend, ip })).status).toBe(429);
    const again = await call(postOrder, { body, ip, headers: { "idempotency-key": key } });
    expect(again.status).toBe(200); // a replay: 200, replayed true, the same order
    expect(again.json.replayed).toBe(true);
    expect(again.json.order.id).toBe(sent.json.order.id);
  });

  it("moves a sandbox order on by itself to mailed and delivered, with scans and places", async () => {
    const { driveUntil } = await import("@/tests/support/pipeline");
    const res = await sendSandboxLetter();
    const id = res.json.order.id;
    await driveUntil(id, "delivered");
    expect((await call(getOrder, { params: { id } })).json.order.status).toBe("delivered");
    const events = await db().orderEvent.findMany({ where: { orderId: id }, orderBy: { id: "asc" } });
    expect(events.filter((e) => e.kind === "status").map((e) => e.toStatus)).toEqual(["draft", "screening", "submitted", "mailed", "delivered"]);
    const scans = events.filter((e) => e.kind === "scan");
    expect(scans.map((e) => e.description)).toEqual(["Mailed", "In Transit", "In Local Area", "Processed for Delivery", "Delivered"]);
    expect(scans[0]).toMatchObject({ city: "COLUMBUS", state: "OH" }); // the print facility, never the sender's town
    expect(scans.at(-1)).toMatchObject({ city: "ALBANY", state: "NY", zip: "12207" });
  });
});
