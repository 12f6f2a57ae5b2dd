import { describe, expect, it } from "vitest";
import { POST as postFeedback } from "@/app/v1/feedback/route";
import { verifyAuthorization } from "@/lib/auth/api-keys";
import { db } from "@/lib/db";
import { ApiError } from "@/lib/errors/api-error";
import { randomToken } from "@/lib/ids";
import { getOpsDashboard } from "@/lib/ops/dashboard";
import { countOpenFeedback, listFeedback, markFeedbackHandled, reopenFeedback } from "@/lib/ops/feedback-inbox";
import { disableKeyByOperator, issueKeyByOperator, listKeysForOps } from "@/lib/ops/manage-keys";
import { getOpsOrderDetail } from "@/lib/ops/order-detail";
import { listFailedOrders, listReconcileActions, listTroubledWebhooks } from "@/lib/ops/ops-logs";
import { listOpsActions } from "@/lib/ops/record-ops-action";
import { listReviewQueue, refuseByOperator, releaseByOperator } from "@/lib/ops/review-queue";
import { exportLabels } from "@/lib/screening/export-labels";
import { parseOrderQuery, searchOrders } from "@/lib/ops/search-orders";
import { getPublicTracking } from "@/lib/tracking/get-public-tracking";
import { address, call } from "@/tests/support/api";
import { sendSandboxLetter } from "@/tests/support/orders";

// The operator console's queries and actions (issue 8), against the real database. Other test
// files share it, so every assertion looks for this file's own rows.

const HELD_TEXT = "Dear Mr. Ross,\n\nThe fence between our yards is down again after the storm. Can we split the cost of fixing it?\n\nDan";
const operator = `ops.${randomToken(8)}@example.com`;
// "Sandbox Review" (a magic input) makes screening hold the letter, whatever its words.
const to = address({ name: "Grace Hopper, Sandbox Review", line1: "200 W Broadway", city: "Missoula", state: "MT", zip: "59801" });
const mailedTo = address({ name: "Grace Hopper", line1: "200 W Broadway", city: "Missoula", state: "MT", zip: "59801" });

async function heldLetter(over: Record<string, unknown> = {}) {
  const res = await sendSandboxLetter({ text: HELD_TEXT, to, ...over });
  expect(res.status).toBe(201);
  expect(res.json.order.status).toBe("held_for_review");
  return res.json as { order: { id: string }; tracking_url: string };
}

describe("the review queue", () => {
  it("lists a held letter with why, its text, its proof and where it goes, and an operator releases it", async () => {
    const { order } = await heldLetter();
    const queue = await listReviewQueue(500);
    const item = queue.find((o) => o.id === order.id);
    expect(item).toMatchObject({ sandbox: true, text: HELD_TEXT, to: { city: "MISSOULA", state: "MT" } });
    expect(item!.why.length).toBeGreaterThan(10);
    expect(item!.why).not.toMatch(/^held for review:/);
    expect(item!.proof?.pdf).toMatch(/^\/v1\/proofs\/pf_[0-9a-z]{24}\.pdf$/);
    expect(item!.proof?.png).toMatch(/\.png$/);
    // What screening saw, for the operator: the classifier's score and category, the frame.
    expect(item!.screening).toMatchObject({ classifier: { harm: expect.any(Number), category: expect.any(String), key: false }, frame: { key: false } });
    // Oldest first.
    const at = queue.map((o) => o.heldAt.getTime());
    expect([...at].sort((a, b) => a - b)).toEqual(at);

    await releaseByOperator(order.id, operator);
    const after = await db().order.findUniqueOrThrow({ where: { id: order.id }, include: { events: { orderBy: { id: "asc" } } } });
    expect(after.status).toBe("submitted");
    expect(after.events.map((e) => `${e.kind}:${e.cause}`)).toContain(`operator:released by ops:${operator}`);
    expect(after.events.find((e) => e.toStatus === "submitted")?.cause).toMatch(/released by an operator after review/);
    expect(await db().opsAuditEntry.findFirst({ where: { operator, action: "order.release", subject: order.id } })).not.toBeNull();
    expect((await listReviewQueue(500)).some((o) => o.id === order.id)).toBe(false);
    // The decision is a training label: lawful, with what screening saw.
    expect(await db().screeningLabel.findUnique({ where: { orderId: order.id } })).toMatchObject({ label: "allow", category: null, decidedBy: `ops:${operator}`, screening: { classifier: { key: false } } });

    // Releasing again changes nothing and says why.
    await expect(releaseByOperator(order.id, operator)).rejects.toMatchObject({ code: "order_state_conflict" });
    expect(await db().orderEvent.count({ where: { orderId: order.id, kind: "operator" } })).toBe(1);
  });

  it("refuses a held letter only with a reason the sender can read, and keeps the operator out of the public timeline", async () => {
    const { order, tracking_url } = await heldLetter();
    await expect(refuseByOperator(order.id, "  no  ", operator, "threat")).rejects.toThrow(/at least 10 characters/);
    await expect(refuseByOperator(order.id, "x".repeat(501), operator, "threat")).rejects.toThrow(/at most 500/);
    // The category comes from a form field: anything outside the list is refused, nothing written.
    await expect(refuseByOperator(order.id, "It reads as a threat to the recipient.", operator, "bogus" as never)).rejects.toMatchObject({ code: "validation_error" });
    expect((await db().order.findUniqueOrThrow({ where: { id: order.id } })).status).toBe("held_for_review");
    expect(await db().screeningLabel.findUnique({ where: { orderId: order.id } })).toBeNull();

    const reason = "It reads as a threat to the recipient.";
    await refuseByOperator(order.id, `  ${reason} `, operator, "extortion");
    const after = await db().order.findUniqueOrThrow({ where: { id: order.id }, include: { events: true } });
    expect(after).toMatchObject({ status: "refused", refusalReason: reason });
    expect(after.events.some((e) => e.kind === "operator" && e.cause === `refused by ops:${operator} (extortion): ${reason}`)).toBe(true);
    expect(await db().screeningLabel.findUnique({ where: { orderId: order.id } })).toMatchObject({ label: "refuse", category: "extortion", decidedBy: `ops:${operator}` });

    const tracking = await getPublicTracking(tracking_url.split("/t/")[1]);
    expect(JSON.stringify(tracking)).not.toContain(operator);
    await expect(releaseByOperator(order.id, operator)).rejects.toBeInstanceOf(ApiError);
  });
});

describe("the labels the review queue keeps", () => {
  it("export in the corpus format: released letters lawful, refused ones with their category and text", async () => {
    const since = new Date(Date.now() - 1000);
    const released = await heldLetter({ text: "Dear Ms. Vance,\n\nThe church bake sale raised $412. Thank you for the pies.\n\nRuth" });
    const refused = await heldLetter({ text: "Dear Mr. Ross,\n\nPlease call me about the lake house before Friday.\n\nD." });
    await releaseByOperator(released.order.id, operator);
    await refuseByOperator(refused.order.id, "It demands money to keep a secret.", operator, "extortion");
    const labels = (await exportLabels({ since })).filter((l) => [released.order.id, refused.order.id].some((id) => l.id === `label-${id.replace(/_/g, "-")}`));
    expect(labels).toEqual([
      { id: `label-${released.order.id.replace(/_/g, "-")}`, label: "allow", category: "unsorted", voice: "operator_labels", text: "Dear Ms. Vance,\n\nThe church bake sale raised $412. Thank you for the pies.\n\nRuth" },
      { id: `label-${refused.order.id.replace(/_/g, "-")}`, label: "refuse", category: "extortion", voice: "operator_labels", text: "Dear Mr. Ross,\n\nPlease call me about the lake house before Friday.\n\nD." },
    ]);
    // Ids as the corpus checker wants them: lower-case letters, digits and hyphens.
    for (const l of labels) expect(l.id).toMatch(/^[a-z0-9][a-z0-9-]{2,119}$/);
  });
});

describe("order search and detail", () => {
  it("understands an id, a tracking code or link, an e-mail and a ZIP, and says what it cannot", () => {
    expect(parseOrderQuery("")).toEqual({ kind: "all" });
    expect(parseOrderQuery(" ORD_TEST_ABC ")).toEqual({ kind: "id", value: "ord_test_abc" });
    expect(parseOrderQuery("https://mail.example/t/abcdefghij012345")).toEqual({ kind: "tracking", value: "abcdefghij012345" });
    expect(parseOrderQuery("abcdefghij012345")).toEqual({ kind: "tracking", value: "abcdefghij012345" });
    expect(parseOrderQuery("Ada@Example.com")).toEqual({ kind: "email", value: "ada@example.com" });
    expect(parseOrderQuery("59801-1234")).toEqual({ kind: "zip", value: "59801" });
    expect(parseOrderQuery("5980")).toMatchObject({ kind: "invalid", message: expect.stringMatching(/5 digits/) });
    expect(parseOrderQuery("ada@")).toMatchObject({ kind: "invalid", message: expect.stringMatching(/name@example.com/) });
    expect(parseOrderQuery("ord_test_!!")).toMatchObject({ kind: "invalid" });
    expect(parseOrderQuery("what is this?")).toMatchObject({ kind: "invalid", message: expect.stringMatching(/order id/) });
  });

  it("finds an order by each, newest first, and shows everything about it", async () => {
    const email = `Search.${randomToken(8)}@Example.com`;
    const first = (await sendSandboxLetter({ email, to: mailedTo })).json;
    const second = (await sendSandboxLetter({ email, to: mailedTo, webhook_url: "https://hooks.example.com/mail" })).json;
    const code = second.tracking_url.split("/t/")[1];

    const byEmail = await searchOrders(email.toUpperCase());
    expect(byEmail.orders.map((o) => o.id)).toEqual([second.order.id, first.order.id]);
    expect(byEmail.orders[0]).toMatchObject({ email, to: { name: "Grace Hopper", state: "MT", zip: "59801" } });
    expect((await searchOrders(second.order.id)).orders.map((o) => o.id)).toEqual([second.order.id]);
    expect((await searchOrders(second.order.id.slice(0, 20))).orders.map((o) => o.id)).toContain(second.order.id);
    expect((await searchOrders(code)).orders.map((o) => o.id)).toEqual([second.order.id]);
    expect((await searchOrders(second.tracking_url)).orders.map((o) => o.id)).toEqual([second.order.id]);
    expect((await searchOrders("59801")).orders.map((o) => o.id)).toContain(second.order.id);
    expect((await searchOrders("59801", 9999)).page).toBe(400);
    expect(await searchOrders("nonsense here")).toMatchObject({ orders: [], query: { kind: "invalid" } });

    const detail = (await getOpsOrderDetail(second.order.id))!;
    expect(detail.order).toMatchObject({ id: second.order.id, email, to: { line1: "200 W BROADWAY" }, from: { name: "Charles Babbage" } });
    expect(detail.order).not.toHaveProperty("webhookSecret");
    expect(JSON.stringify(detail)).not.toContain("whsec_");
    expect(detail.events.map((e) => e.toStatus).filter(Boolean)).toEqual(expect.arrayContaining(["screening", "submitted"]));
    expect(detail.webhookDeliveries.length).toBeGreaterThan(0);
    expect(detail.proof?.pdf).toMatch(/^\/v1\/proofs\//);
    expect(await getOpsOrderDetail("ord_test_nothing")).toBeNull();
  });
});

describe("the feedback inbox", () => {
  it("lists new reports with their context and moves them to handled and back", async () => {
    const message = `The docs say 60 pages; ${randomToken(10)}`;
    const res = await call(postFeedback, { body: { kind: "docs_mismatch", message, route: "POST /v1/quotes", email: "dev@example.com" }, headers: { "user-agent": "ops-test/1.0" } });
    const id = res.json.feedback.id as string;
    const open = await listFeedback("open");
    expect(open.reports.find((r) => r.id === id)).toMatchObject({ kind: "docs_mismatch", message, route: "POST /v1/quotes", email: "dev@example.com", userAgent: "ops-test/1.0", handledAt: null });
    expect(await countOpenFeedback()).toBeGreaterThan(0);

    expect(await markFeedbackHandled(id, operator)).toBe(true);
    expect(await markFeedbackHandled(id, "other@example.com")).toBe(true); // the first mark stays
    expect((await listFeedback("open")).reports.some((r) => r.id === id)).toBe(false);
    expect((await listFeedback("handled")).reports.find((r) => r.id === id)).toMatchObject({ handledBy: operator });
    expect((await listFeedback("all")).reports.some((r) => r.id === id)).toBe(true);
    expect(await markFeedbackHandled("fb_doesnotexist00000000", operator)).toBe(false);

    expect(await reopenFeedback(id, operator)).toBe(true);
    expect(await reopenFeedback(id, operator)).toBe(false);
    expect((await listFeedback("open")).reports.some((r) => r.id === id)).toBe(true);
    const actions = (await listOpsActions(200)).filter((a) => a.subject === id).map((a) => a.action);
    expect(actions.sort()).toEqual(["feedback.handle", "feedback.reopen"]);
  });
});

describe("API keys from the console", () => {
  it("says how to fix a bad form, issues a key shown once, and disables it", async () => {
    const bad = await issueKeyByOperator({ label: "  ", mode: "staging", scopes: ["mail:quote", "mail:fly"] }, operator);
    expect(bad.ok).toBe(false);
    if (bad.ok) return;
    expect(bad.errors.label).toMatch(/Enter a label/);
    expect(bad.errors.mode).toMatch(/live .* or test/);
    expect(bad.errors.scopes).toMatch(/Choose scopes from the list/);

    const label = `Ops test ${randomToken(6)}`;
    const issued = await issueKeyByOperator({ label, mode: "test", scopes: ["mail:quote", "mail:read", "mail:quote"] }, operator);
    expect(issued).toMatchObject({ ok: true, label, mode: "test", scopes: ["mail:quote", "mail:read"] });
    if (!issued.ok) return;
    expect(issued.key).toMatch(/^ak_test_[0-9a-z]{32}$/);
    const listed = (await listKeysForOps()).find((k) => k.id === issued.id)!;
    expect(listed).toMatchObject({ label, hint: issued.key.slice(-4), disabledAt: null });
    expect(JSON.stringify(await listKeysForOps())).not.toContain(issued.key);
    await expect(verifyAuthorization(`Bearer ${issued.key}`, "mail:read")).resolves.toMatchObject({ id: issued.id });

    expect(await disableKeyByOperator(issued.id, operator)).toBe(true);
    expect(await disableKeyByOperator(issued.id, operator)).toBe(false);
    await expect(verifyAuthorization(`Bearer ${issued.key}`, "mail:read")).rejects.toMatchObject({ code: "key_disabled" });
    const actions = (await listOpsActions(200)).filter((a) => a.subject === issued.id).map((a) => a.action);
    expect(actions.sort()).toEqual(["key.disable", "key.issue"]);
  });
});

describe("logs and the overview", () => {
  it("shows webhook messages in trouble with their attempts, what reconcile did, and failed orders", async () => {
    const { order } = (await sendSandboxLetter({ to })).json as { order: { id: string } };
    const msg = `msg_${randomToken(24)}`;
    await db().webhookDelivery.create({
      data: {
        id: msg,
        orderId: order.id,
        type: "order.submitted",
        payload: {},
        state: "failed",
        attempts: 2,
        lastStatus: 500,
        lastError: "HTTP 500",
        attemptLog: {
          create: [
            { attempt: 1, startedAt: new Date(Date.now() - 60_000), durationMs: 12, responseStatus: 500, error: "HTTP 500", retryAt: new Date() },
            { attempt: 2, startedAt: new Date(), durationMs: 10, responseStatus: 500, error: "HTTP 500", retryAt: null },
          ],
        },
      },
    });
    const before = await getOpsDashboard();
    await db().orderEvent.create({ data: { orderId: order.id, kind: "carrier", cause: "reconcile: canceled stray piece sbx_test at the carrier" } });
    await db().order.update({ where: { id: order.id }, data: { failureCode: "delivery_stalled", failureReason: "It stopped moving." } });

    const hook = (await listTroubledWebhooks(500)).find((w) => w.id === msg);
    expect(hook).toMatchObject({ orderId: order.id, state: "failed", attempts: 2, lastStatus: 500 });
    expect(hook!.attemptLog.map((a) => a.status)).toEqual([500, 500]);
    expect((await listReconcileActions(500)).find((e) => e.orderId === order.id)?.cause).toMatch(/^reconcile: canceled stray piece/);
    expect((await listFailedOrders(500)).find((o) => o.id === order.id)).toMatchObject({ failureCode: "delivery_stalled" });

    const after = await getOpsDashboard();
    expect(before.failedWebhooks).toBeGreaterThan(0);
    expect(after.reconciledThisWeek).toBeGreaterThanOrEqual(1);
    expect(after.failedThisWeek).toBeGreaterThanOrEqual(1);
    for (const n of ["held", "openFeedback", "failedWebhooks", "retryingWebhooks", "reconcileAttention"] as const) expect(Number.isInteger(after[n])).toBe(true);
  });
});
