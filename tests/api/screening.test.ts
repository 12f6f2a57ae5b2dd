import { HELD_LETTER, LAWFUL_DEMAND, THREAT_LETTER } from "@/tests/support/screening-letters";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { GET as getOrder } from "@/app/v1/orders/[id]/route";
import { call } from "@/tests/support/api";
import { submitToCarrier } from "@/lib/pipeline/submit-to-carrier";
import { releaseHeldOrder } from "@/lib/pipeline/refuse-or-fail-order";
import { mintCredit } from "@/lib/payments/credits/credits";
import { sendLiveLetter, sendSandboxLetter } from "@/tests/support/orders";
import { pdfWithTextAt } from "@/tests/support/pdfs";

// Every letter is screened before it prints, sandbox included (spec 1 and 8.3): a refusal
// carries a reason the sender can act on and releases the payment; an uncertain letter waits
// for an operator.


describe("screening", () => {
  it("refuses a threatening sandbox letter with a reason, and mails a firm lawful demand", async () => {
    const refused = await sendSandboxLetter({ text: THREAT_LETTER });
    expect(refused.status).toBe(201);
    expect(refused.json).toMatchObject({ status: "failed", code: "content_refused", retryable: false });
    expect(refused.json.order).toMatchObject({ status: "refused", tracking_number: null });
    expect(refused.json.order.refusal_reason).toMatch(/threat/);
    expect(refused.json.reason).toBe(refused.json.order.refusal_reason);
    // Reading the order later answers the same way.
    const read = await call(getOrder, { params: { id: refused.json.order.id } });
    expect(read.status).toBe(200);
    expect(read.json).toMatchObject({ status: "failed", code: "content_refused", retryable: false, reason: refused.json.reason, order: { status: "refused" } });
    expect(read.json.next.length).toBeGreaterThan(0);

    const mailed = await sendSandboxLetter({ text: LAWFUL_DEMAND });
    expect(mailed.json).toMatchObject({ status: "ok", order: { status: "submitted", refusal_reason: null } });
  });

  it("reads PDF letters too", async () => {
    const pdf = await pdfWithTextAt([[THREAT_LETTER.replace(/\n+/g, " "), 400]]);
    const res = await sendSandboxLetter({ text: undefined, pdf_base64: Buffer.from(pdf).toString("base64") });
    expect(res.json.order.status).toBe("refused");
  });

  it("holds an uncertain letter for an operator, who can release it to the carrier", async () => {
    const held = await sendSandboxLetter({ text: HELD_LETTER });
    expect(held.json).toMatchObject({ status: "ok", order: { status: "held_for_review" } });
    const events = await db().orderEvent.findMany({ where: { orderId: held.json.order.id, kind: "status" }, orderBy: { id: "asc" } });
    expect(events.at(-1)?.cause).toMatch(/^held for review: Possibly [a-z ]+: classifier 0\.\d+/);
    await releaseHeldOrder(held.json.order.id);
    expect((await db().order.findUniqueOrThrow({ where: { id: held.json.order.id } })).status).toBe("submitted");
    // The release queued the carrier hand-off; this is what the submit job runs.
    expect(await submitToCarrier(held.json.order.id)).toEqual({ kind: "accepted" });
    const order = await db().order.findUniqueOrThrow({ where: { id: held.json.order.id } });
    expect(order).toMatchObject({ status: "submitted", carrier: "sandbox" });
    expect(order.providerId).toMatch(/^sbx_/);
    expect(order.trackingNumber).toMatch(/^9400/);
  });

  it("screens a paid live letter before hand-off: a refusal releases the credit", async () => {
    const credit = await mintCredit({ faceCents: 1000, bonusCents: 0, source: "operator", note: "test" });
    const res = await sendLiveLetter({ text: THREAT_LETTER }, { creditCode: credit.code });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ status: "failed", order: { status: "refused" }, credit_returned_to: credit.code });
    expect(res.json.credit).toBeUndefined();
    const order = await db().order.findUniqueOrThrow({ where: { id: res.json.order.id } });
    expect(order.status).toBe("refused");
    expect(order.refusalReason).toMatch(/threat/);
    const kinds = (await db().creditLedger.findMany({ where: { code: credit.code }, orderBy: { id: "asc" } })).map((e) => e.kind);
    expect(kinds).toEqual(["grant", "debit", "release"]);
  });
});
