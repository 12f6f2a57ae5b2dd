import { describe, expect, it } from "vitest";
import { POST as postFeedback } from "@/app/v1/feedback/route";
import { db } from "@/lib/db";
import { ApiError } from "@/lib/errors/api-error";
import { randomToken } from "@/lib/ids";
import { markFeedbackHandled, reopenFeedback } from "@/lib/ops/feedback-inbox";
import { disableKeyByOperator, issueKeyByOperator } from "@/lib/ops/manage-keys";
import { refuseByOperator, releaseByOperator } from "@/lib/ops/review-queue";
import { transition } from "@/lib/orders/transition";
import { address, call } from "@/tests/support/api";
import { sendSandboxLetter } from "@/tests/support/orders";

// What the console's server actions (app/ops/actions.ts) call, against the real database: each
// action and its audit-log row commit together or not at all, and bad input is refused with a
// reason that says how to fix it, changing nothing. Other files share the database, so every
// assertion is about this file's own operator and rows.

const HELD_TEXT = "Dear Mr. Ross,\n\nThe fence between our yards is down again after the storm. Can we split the cost of fixing it?\n\nDan";
const REASON = "It reads as a threat to the recipient.";
// "Sandbox Review" (a magic input) makes screening hold the letter, whatever its words.
const to = address({ name: "Grace Hopper, Sandbox Review", line1: "200 W Broadway", city: "Missoula", state: "MT", zip: "59801" });
const newOperator = () => `ops.${randomToken(8)}@example.com`;

async function heldLetter(): Promise<string> {
  const res = await sendSandboxLetter({ text: HELD_TEXT, to });
  expect(res.json.order?.status).toBe("held_for_review");
  return res.json.order.id as string;
}

const auditOf = (subject: string) => db().opsAuditEntry.findMany({ where: { subject }, orderBy: { id: "asc" } });
const auditBy = (operator: string) => db().opsAuditEntry.findMany({ where: { operator } });
const operatorEvents = (orderId: string) => db().orderEvent.findMany({ where: { orderId, kind: "operator" } });

/** Resolves once some statement is waiting on a row lock (the racing action has reached its write). */
async function someoneWaitsOnALock(): Promise<void> {
  for (const until = Date.now() + 5_000; Date.now() < until; await new Promise((r) => setTimeout(r, 25))) {
    const [row] = await db().$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query ILIKE '%orders%'`;
    if (Number(row.n) > 0) return;
  }
}

describe("an operator's action and its audit row", () => {
  it("land together: the release, its order event and its audit row", async () => {
    const operator = newOperator();
    const id = await heldLetter();
    await releaseByOperator(id, operator);
    expect((await db().order.findUniqueOrThrow({ where: { id } })).status).toBe("submitted");
    expect((await operatorEvents(id)).map((e) => e.cause)).toEqual([`released by ops:${operator}`]);
    expect((await auditOf(id)).map((a) => [a.operator, a.action, a.detail])).toEqual([[operator, "order.release", `released by ops:${operator}`]]);
  });

  it("land together for a refusal, a key and a feedback report", async () => {
    const operator = newOperator();
    const id = await heldLetter();
    await refuseByOperator(id, REASON, operator, "threat");
    expect(await db().order.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: "refused", refusalReason: REASON });
    expect((await auditOf(id)).map((a) => a.action)).toEqual(["order.refuse"]);

    const issued = await issueKeyByOperator({ label: `Audit ${randomToken(6)}`, mode: "test", scopes: ["mail:read"] }, operator);
    if (!issued.ok) throw new Error(JSON.stringify(issued.errors));
    expect(await disableKeyByOperator(issued.id, operator)).toBe(true);
    expect((await auditOf(issued.id)).map((a) => a.action)).toEqual(["key.issue", "key.disable"]);

    const report = await call(postFeedback, { body: { kind: "wrong_response", message: `Audit ${randomToken(10)}` } });
    const fb = report.json.feedback.id as string;
    expect(await markFeedbackHandled(fb, operator)).toBe(true);
    expect(await reopenFeedback(fb, operator)).toBe(true);
    expect((await auditOf(fb)).map((a) => a.action)).toEqual(["feedback.handle", "feedback.reopen"]);
  });

  it("is not written when the action loses a race: the letter left review meanwhile, and the operator gets 409", async () => {
    const operator = newOperator();
    const id = await heldLetter();
    // Another hand (the sender canceling) takes the letter and holds its row until it commits.
    let commit!: () => void;
    const committed = new Promise<void>((resolve) => (commit = resolve));
    const otherHand = db().$transaction(
      async (tx) => {
        await transition(tx, id, "held_for_review", "canceled", "canceled by the sender");
        await committed;
      },
      { timeout: 20_000 },
    );
    await new Promise((r) => setTimeout(r, 100)); // the cancel holds the row now

    // Both read the letter as held (the cancel is not committed yet) and then lose at the write.
    const release = releaseByOperator(id, operator).then(
      () => null,
      (err: unknown) => err,
    );
    const refuse = refuseByOperator(id, REASON, operator, "threat").then(
      () => null,
      (err: unknown) => err,
    );
    await someoneWaitsOnALock();
    commit();
    await otherHand;

    for (const err of [await release, await refuse]) {
      expect(err).toBeInstanceOf(ApiError);
      expect(err).toMatchObject({ code: "order_state_conflict", http: 409 });
      expect((err as ApiError).message).toMatch(/read it again/);
    }
    expect((await db().order.findUniqueOrThrow({ where: { id } })).status).toBe("canceled");
    expect(await auditOf(id)).toEqual([]);
    expect(await operatorEvents(id)).toEqual([]);
  });

  it("is written once when two operators act on one letter at once", async () => {
    const [first, second] = [newOperator(), newOperator()];
    const id = await heldLetter();
    const outcomes = await Promise.allSettled([releaseByOperator(id, first), refuseByOperator(id, REASON, second, "threat")]);
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    const lost = outcomes.find((o) => o.status === "rejected") as PromiseRejectedResult;
    expect(lost.reason).toMatchObject({ code: "order_state_conflict" });
    const audit = await auditOf(id);
    expect(audit).toHaveLength(1);
    expect(audit[0].operator).toBe(outcomes[0].status === "fulfilled" ? first : second);
    expect(await operatorEvents(id)).toHaveLength(1);
  });
});

describe("bad input to the console's actions", () => {
  it("a refusal without a usable reason: says what to write, and the letter stays held", async () => {
    const operator = newOperator();
    const id = await heldLetter();
    for (const [reason, says] of [
      ["", /Write the reason the sender will read, at least 10 characters/],
      ["   short  ", /at least 10 characters \(for example: It threatens the recipient\.\)/],
      ["x".repeat(501), /Shorten the reason to at most 500 characters/],
    ] as const) {
      const err = await refuseByOperator(id, reason, operator, "threat").catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ApiError);
      expect(err).toMatchObject({ code: "validation_error", http: 400, message: expect.stringMatching(says) });
    }
    expect(await db().order.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: "held_for_review", refusalReason: null });
    expect(await auditBy(operator)).toEqual([]);
    expect(await operatorEvents(id)).toEqual([]);
  });

  it("an order id that does not exist: says so and what to check, for release and refuse alike", async () => {
    const operator = newOperator();
    const unknown = `ord_test_${"0".repeat(24)}`;
    for (const attempt of [() => releaseByOperator(unknown, operator), () => refuseByOperator(unknown, REASON, operator, "threat")]) {
      const err = await attempt().catch((e: unknown) => e);
      expect(err).toMatchObject({ code: "order_not_found", http: 404, message: `No order has the id ${unknown}.` });
      expect((err as ApiError).next.join(" ")).toMatch(/Check the order id/);
    }
    expect(await auditBy(operator)).toEqual([]);
    expect(await db().order.count({ where: { id: unknown } })).toBe(0);
  });

  it("a key without a label, or with a scope that does not exist: says how to fix each field, keeps what was typed, and issues nothing", async () => {
    const operator = newOperator();
    const label = `Bad scope ${randomToken(6)}`;
    const noLabel = await issueKeyByOperator({ label: "   ", mode: "test", scopes: ["mail:read"] }, operator);
    expect(noLabel).toMatchObject({ ok: false, errors: { label: expect.stringMatching(/^Enter a label that says who or what uses the key/) } });
    const badScope = await issueKeyByOperator({ label, mode: "live", scopes: ["mail:read", "mail:everything"] }, operator);
    expect(badScope).toMatchObject({
      ok: false,
      errors: { scopes: expect.stringMatching(/^Choose scopes from the list \(.*mail:read.*\)\.$/) },
      values: { label, mode: "live", scopes: ["mail:read", "mail:everything"] },
    });
    const noMode = await issueKeyByOperator({ label, mode: "", scopes: [] }, operator);
    expect(noMode).toMatchObject({ ok: false, errors: { mode: "Choose live (real letters) or test (sandbox orders only)." } });
    expect(await db().apiKey.count({ where: { label } })).toBe(0);
    expect(await auditBy(operator)).toEqual([]);
  });

  it("a key or a feedback report that does not exist: answers false (the page says to reload) and records nothing", async () => {
    const operator = newOperator();
    expect(await disableKeyByOperator(`key_${"0".repeat(16)}`, operator)).toBe(false);
    expect(await markFeedbackHandled(`fb_${"0".repeat(20)}`, operator)).toBe(false);
    expect(await reopenFeedback(`fb_${"0".repeat(20)}`, operator)).toBe(false);
    expect(await db().feedbackHandling.count({ where: { handledBy: operator } })).toBe(0);
    expect(await auditBy(operator)).toEqual([]);
  });
});
