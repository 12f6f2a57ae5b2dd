import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { GET as getOrder, DELETE as deleteOrder } from "@/app/v1/orders/[id]/route";
import { GET as getCredit } from "@/app/v1/credits/[code]/route";
import { POST as postQuote } from "@/app/v1/quotes/route";
import { POST as postOrder } from "@/app/v1/orders/route";
import { db } from "@/lib/db";
import { driveUntil } from "@/tests/support/pipeline";
import { mintCredit } from "@/lib/payments/credits/credits";
import { failOrder, refuseOrder } from "@/lib/pipeline/refuse-or-fail-order";
import { call, letter, randomIp } from "@/tests/support/api";
import { quoteToken, sendLiveLetter, sendSandboxLetter } from "@/tests/support/orders";

// Spec 4.1 rules 2 and 6 and the charging rules of section 3, for orders paid with a credit
// code: the debit is part of the call, it happens once, and every ending that does not mail the
// letter (or fails it) gives the value back to the buckets it came from.

const ledger = (code: string) => db().creditLedger.findMany({ where: { code }, orderBy: { id: "asc" } });
const balance = async (code: string) => (await call(getCredit, { params: { code } })).json;
const mint = (faceCents: number, bonusCents = 0) => mintCredit({ faceCents, bonusCents, source: "operator", note: "test" });
const cancel = (id: string, token: string) => call(deleteOrder, { method: "DELETE", params: { id }, headers: { "X-Capability-Token": token } });

const advanceUntil = (id: string, status: string) => driveUntil(id, status);
/** A letter the screener neither clears nor refuses: it waits for an operator. */
import { HELD_LETTER } from "@/tests/support/screening-letters";

describe("live orders paid with credit_code", () => {
  it("debits the code in the same call, bonus first, and answers 201 ok with what was spent", async () => {
    const credit = await mint(500, 50);
    const res = await sendLiveLetter({}, { creditCode: credit.code.toUpperCase() });
    expect(res.status).toBe(201);
    expect(res.json.status).toBe("ok");
    expect(res.json.order.id).toMatch(/^ord_[0-9a-z]{24}$/);
    // Paid in the call, so screened and handed to the carrier in the call too.
    expect(res.json.order).toMatchObject({ status: "submitted", sandbox: false, price_cents: 99 });
    expect(res.json.credit).toEqual({ code: credit.code, charged_cents: 99, bonus_spent_cents: 50, face_spent_cents: 49, balance_cents: 451 });
    const entries = await ledger(credit.code);
    expect(entries.map((e) => [e.kind, e.faceCents, e.bonusCents, e.orderId])).toEqual([
      ["grant", 500, 50, null],
      ["debit", -49, -50, res.json.order.id],
    ]);
    expect(await balance(credit.code)).toMatchObject({ balance_cents: 451, face_cents: 451, bonus_cents: 0 });
    const row = await db().order.findUniqueOrThrow({ where: { id: res.json.order.id } });
    expect(row).toMatchObject({ paymentMethod: "credit", creditCode: credit.code });
  });

  it("refuses an unknown code and a short balance with 402, creating and charging nothing", async () => {
    const body = letter({ sandbox: false });
    const ip = randomIp();
    const token = await quoteToken(body, { ip });
    const send = (code: string) => call(postOrder, { body: { ...body, credit_code: code, confirmation_token: token }, ip });

    const unknown = await send("cc-zzzz-zzzz-zzz9");
    expect(unknown.status).toBe(402);
    expect(unknown.json).toMatchObject({ status: "failed", code: "credit_code_unknown" });

    const poor = await mint(98);
    const short = await send(poor.code);
    expect(short.status).toBe(402);
    expect(short.json.code).toBe("insufficient_credit");
    expect(short.json.reason).toMatch(/holds 98¢ and this letter costs 99¢/);
    expect((await ledger(poor.code)).map((e) => e.kind)).toEqual(["grant"]);

    // Nothing was created, so the same confirmation token still sends the letter.
    const quoteId = JSON.parse(Buffer.from(token.slice(3, token.indexOf(".")), "base64url").toString()).q;
    expect(await db().order.count({ where: { quoteId } })).toBe(0);
    const rich = await mint(1000);
    expect((await send(rich.code)).status).toBe(201);
  });

  it("charges once when the request is replayed with its Idempotency-Key", async () => {
    const credit = await mint(1000);
    const key = randomUUID();
    const first = await sendLiveLetter({}, { creditCode: credit.code, idempotencyKey: key });
    const again = await first.resend();
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(again.json).toMatchObject({ status: "ok", replayed: true, order: { id: first.json.order.id } });
    expect((await ledger(credit.code)).filter((e) => e.kind === "debit")).toHaveLength(1);
  });

  it("never overdraws one code under parallel orders: exactly as many letters as it covers", async () => {
    const credit = await mint(5 * 99);
    const bodies = Array.from({ length: 12 }, (_, i) => letter({ sandbox: false, text: `Parallel letter ${i}` }));
    const tokens = await Promise.all(bodies.map((b) => quoteToken(b)));
    const results = await Promise.all(bodies.map((b, i) => call(postOrder, { body: { ...b, credit_code: credit.code, confirmation_token: tokens[i] } })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(5);
    expect(results.filter((r) => r.status === 402).every((r) => r.json.code === "insufficient_credit")).toBe(true);
    expect(results.filter((r) => r.status === 402)).toHaveLength(7);
    expect(await balance(credit.code)).toMatchObject({ balance_cents: 0 });
  });

  it("hands a paid letter to the carrier after screening without charging again, and tracks it to delivered", async () => {
    const credit = await mint(1000);
    const res = await sendLiveLetter({}, { creditCode: credit.code });
    const id = res.json.order.id;
    await advanceUntil(id, "delivered");
    const order = (await call(getOrder, { params: { id } })).json.order;
    expect(order.tracking_number).toMatch(/^9400\d{18}$/);
    expect(order.expected_delivery_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const statuses = (await db().orderEvent.findMany({ where: { orderId: id, kind: "status" }, orderBy: { id: "asc" } })).map((e) => e.toStatus);
    expect(statuses).toEqual(["draft", "screening", "submitted", "mailed", "delivered"]);
    expect((await ledger(credit.code)).map((e) => e.kind)).toEqual(["grant", "debit"]);
  });

  it("returns a canceled order's value to the buckets it came from, and charges nothing", async () => {
    const credit = await mint(100, 50);
    // A letter screening holds for an operator is still before hand-off, so it can be canceled.
    const res = await sendLiveLetter({ text: HELD_LETTER }, { creditCode: credit.code });
    expect(res.json.order.status).toBe("held_for_review");
    const canceled = await cancel(res.json.order.id, res.json.capability.cancel_token);
    expect(canceled.status).toBe(200);
    expect(canceled.json.order.status).toBe("canceled");
    const entries = await ledger(credit.code);
    expect(entries.map((e) => [e.kind, e.faceCents, e.bonusCents])).toEqual([
      ["grant", 100, 50],
      ["debit", -49, -50],
      ["release", 49, 50],
    ]);
    expect(await balance(credit.code)).toMatchObject({ balance_cents: 150, face_cents: 100, bonus_cents: 50 });
    // A second cancel answers the same and releases nothing more.
    expect((await cancel(res.json.order.id, res.json.capability.cancel_token)).status).toBe(200);
    expect(await ledger(credit.code)).toHaveLength(3);
  });

  it("releases a refused letter's payment and shows the reason", async () => {
    const credit = await mint(1000);
    const res = await sendLiveLetter({ text: HELD_LETTER }, { creditCode: credit.code });
    await refuseOrder(res.json.order.id, "The letter threatens the recipient.");
    const order = (await call(getOrder, { params: { id: res.json.order.id } })).json.order;
    expect(order).toMatchObject({ status: "refused", refusal_reason: "The letter threatens the recipient." });
    expect((await ledger(credit.code)).map((e) => e.kind)).toEqual(["grant", "debit", "release"]);
    expect(await balance(credit.code)).toMatchObject({ balance_cents: 1000 });
  });

  it("refunds a letter that failed after hand-off; cancel is then 409 and changes nothing", async () => {
    const credit = await mint(1000);
    const res = await sendLiveLetter({}, { creditCode: credit.code });
    const id = res.json.order.id;
    expect(res.json.order.status).toBe("submitted");
    const late = await cancel(id, res.json.capability.cancel_token);
    expect(late.status).toBe(409);
    expect(late.json.code).toBe("already_submitted");
    expect((await ledger(credit.code)).map((e) => e.kind)).toEqual(["grant", "debit"]);

    await failOrder(id, "the carrier lost the piece");
    expect((await db().order.findUniqueOrThrow({ where: { id } })).status).toBe("failed");
    expect((await ledger(credit.code)).map((e) => e.kind)).toEqual(["grant", "debit", "refund"]);
    expect(await balance(credit.code)).toMatchObject({ balance_cents: 1000 });
  });
});

describe("charging rule 4: quotes, sandbox orders and GETs are free", () => {
  it("never touches a credit code that rides along on a quote or a sandbox order", async () => {
    const credit = await mint(1000);
    const quoted = await call(postQuote, { body: letter({ sandbox: false, credit_code: credit.code }) });
    expect(quoted.status).toBe(200);
    const sandbox = await sendSandboxLetter({ credit_code: credit.code });
    expect(sandbox.status).toBe(201);
    expect(sandbox.json.order.status).toBe("submitted");
    await call(getOrder, { params: { id: sandbox.json.order.id } });
    await call(getCredit, { params: { code: credit.code } });
    expect((await ledger(credit.code)).map((e) => e.kind)).toEqual(["grant"]);
    expect(await db().payment.count({ where: { orderId: sandbox.json.order.id } })).toBe(0);
  });
});
