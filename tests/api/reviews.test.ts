import { describe, expect, it } from "vitest";
import { GET as getReviews, POST as postReview } from "@/app/v1/reviews/route";
import { POST as postReviewForm } from "@/app/review/submit/route";
import { issueApiKey } from "@/lib/auth/api-keys";
import { db } from "@/lib/db";
import { newOrderId, newTrackingCode, randomToken } from "@/lib/ids";
import { issueCapability } from "@/lib/orders/capability-tokens";
import { mintCredit } from "@/lib/payments/credits/credits";
import { readReviewContext } from "@/lib/reviews/read-review-context";
import { reviewPageUrl } from "@/lib/reviews/review-page-url";
import { call, randomIp } from "@/tests/support/api";
import { sendLiveLetter, sendSandboxLetter } from "@/tests/support/orders";
import { driveUntil } from "@/tests/support/pipeline";

// Reviews: the sender of a delivered letter rates it once, authorised by the order's review
// token; GET /v1/reviews publishes the 4- and 5-star reviews of delivered live orders.

const DAY = 24 * 60 * 60 * 1000;
const review = (over: Record<string, unknown> = {}) => ({ stars: 5, comment: `Arrived in two days. ${randomToken(8)}`, name: "Charles B.", category: "personal_letter", ...over });
const post = (token: string | null, body: unknown, headers: Record<string, string> = {}) =>
  call(postReview, { body, headers: { ...(token ? { "X-Capability-Token": token } : {}), ...headers } });

async function liveOrder() {
  const credit = await mintCredit({ faceCents: 5000, bonusCents: 0, source: "operator", note: "reviews test" });
  const res = await sendLiveLetter({}, { creditCode: credit.code });
  expect(res.status).toBe(201);
  return { id: res.json.order.id as string, capability: res.json.capability as { cancel_token: string; review_token: string } };
}

async function deliveredLiveOrder() {
  const order = await liveOrder();
  await driveUntil(order.id, "delivered");
  return order;
}

async function deliveredSandboxOrder() {
  const res = await sendSandboxLetter();
  expect(res.status).toBe(201);
  await driveUntil(res.json.order.id, "delivered");
  return { id: res.json.order.id as string, capability: res.json.capability as { cancel_token: string; review_token: string } };
}

describe("POST /v1/reviews", () => {
  it("opens at delivery, stores one review per order, and defaults city and state from the sender", async () => {
    const order = await liveOrder();
    const early = await post(order.capability.review_token, review());
    expect(early.status).toBe(409);
    expect(early.json).toMatchObject({ status: "failed", code: "review_not_open" });
    expect(early.json.reason).toMatch(/not been delivered yet/);
    expect(await db().review.count({ where: { orderId: order.id } })).toBe(0);

    await driveUntil(order.id, "delivered");
    const body = review({ comment: "  Perfect print,\r\nfast delivery.  " });
    const res = await post(order.capability.review_token, body);
    expect(res.status).toBe(201);
    expect(res.json.status).toBe("ok");
    expect(Object.keys(res.json.review).sort()).toEqual(["category", "city", "comment", "created_at", "id", "name", "stars", "state"]);
    expect(res.json.review).toMatchObject({ stars: 5, comment: "Perfect print,\nfast delivery.", name: "Charles B.", city: "Troy", state: "NY", category: "personal_letter" });
    expect(res.json.review.id).toMatch(/^rev_[0-9a-z]{20}$/);
    const row = await db().review.findUniqueOrThrow({ where: { id: res.json.review.id } });
    expect(row).toMatchObject({ orderId: order.id, stars: 5, comment: "Perfect print,\nfast delivery.", name: "Charles B.", city: "Troy", state: "NY", category: "personal_letter" });
    expect(res.json.review.created_at).toBe(row.createdAt.toISOString());

    const again = await post(order.capability.review_token, review({ stars: 1 }));
    expect(again.status).toBe(409);
    expect(again.json.code).toBe("review_exists");
    expect(await db().review.count({ where: { orderId: order.id } })).toBe(1);
  });

  it("keeps one review when two race for the same order", async () => {
    const order = await deliveredSandboxOrder();
    const results = await Promise.all([1, 2, 3].map(() => post(order.capability.review_token, review())));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    expect(await db().review.count({ where: { orderId: order.id } })).toBe(1);
  });

  it("takes the city and state given instead of the sender's", async () => {
    const order = await deliveredSandboxOrder();
    const res = await post(order.capability.review_token, review({ city: "Brooklyn", state: "ny" }));
    expect(res.status).toBe(201);
    expect(await db().review.findUniqueOrThrow({ where: { orderId: order.id } })).toMatchObject({ city: "Brooklyn", state: "NY" });
  });

  it("refuses a missing, garbage, expired or cancel token, and a token of an order that was never delivered", async () => {
    const order = await deliveredSandboxOrder();
    const missing = await post(null, review());
    expect(missing.status).toBe(401);
    expect(missing.json).toMatchObject({ status: "failed", code: "capability_required" });
    expect(missing.json.next.join(" ")).toMatch(/review_token/);

    const garbage = await post("cap_nonsense.sig", review());
    expect(garbage.status).toBe(403);
    expect(garbage.json.code).toBe("invalid_capability");

    const cancel = await post(order.capability.cancel_token, review());
    expect(cancel.status).toBe(403);
    expect(cancel.json.code).toBe("invalid_capability");
    expect(cancel.json.reason).toMatch(/cancel_token/);

    const expired = await post(issueCapability(order.id, "review", Date.now() - 8 * DAY), review());
    expect(expired.status).toBe(403);
    expect(expired.json.reason).toMatch(/expired/);
    expect(await db().review.count({ where: { orderId: order.id } })).toBe(0);

    // The link the delivered e-mail carries holds a fresh review token for the same order.
    const link = new URL(reviewPageUrl(order.id));
    expect(link.pathname).toBe("/review");
    expect((await post(link.searchParams.get("token"), review())).status).toBe(201);

    const pendingOrder = await sendSandboxLetter();
    const del = await db().order.findUniqueOrThrow({ where: { id: pendingOrder.json.order.id } });
    expect(del.status).not.toBe("delivered");
    const notYet = await post(pendingOrder.json.capability.review_token, review());
    expect(notYet.status).toBe(409);
    expect(notYet.json.code).toBe("review_not_open");
  });

  it("says how to fix a bad review", async () => {
    const order = await deliveredSandboxOrder();
    for (const stars of [0, 6, 4.5, "5"]) {
      const res = await post(order.capability.review_token, review({ stars }));
      expect(res.status, String(stars)).toBe(400);
      expect(res.json.code).toBe("validation_error");
      expect(res.json.reason).toMatch(/stars/);
    }
    const bad = await post(order.capability.review_token, review({ comment: "   ", state: "XX", category: "praise", extra: 1 }));
    expect(bad.status).toBe(400);
    expect(bad.json.reason).toMatch(/comment is required/);
    expect(bad.json.reason).toMatch(/state must be a USPS state/);
    expect(bad.json.reason).toMatch(/category must be one of personal_letter/);
    expect(bad.json.reason).toMatch(/unknown field "extra"/);
    expect((await post(order.capability.review_token, review({ comment: "x".repeat(2001) }))).status).toBe(400);
    expect((await post(order.capability.review_token, review({ name: "x".repeat(81) }))).status).toBe(400);
    expect(await db().review.count({ where: { orderId: order.id } })).toBe(0);
  });

  it("needs feedback:write when a key is sent", async () => {
    const order = await deliveredSandboxOrder();
    const quoter = await issueApiKey({ mode: "live", label: "quote only", scopes: ["mail:quote"] });
    const refused = await post(order.capability.review_token, review(), { Authorization: `Bearer ${quoter.key}` });
    expect(refused.status).toBe(403);
    expect(refused.json.code).toBe("insufficient_scope");
    const writer = await issueApiKey({ mode: "live", label: "feedback", scopes: ["feedback:write"] });
    expect((await post(order.capability.review_token, review(), { Authorization: `Bearer ${writer.key}` })).status).toBe(201);
  });

  it("throttles at 10 a minute per caller", async () => {
    const ip = randomIp();
    for (let i = 0; i < 10; i++) expect((await call(postReview, { body: review(), ip, headers: { "X-Capability-Token": "cap_x.y" } })).status).toBe(403);
    const limited = await call(postReview, { body: review(), ip, headers: { "X-Capability-Token": "cap_x.y" } });
    expect(limited.status).toBe(429);
    expect(limited.json.code).toBe("rate_limited");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
  });
});

describe("GET /v1/reviews", () => {
  it("publishes only 4- and 5-star reviews of delivered live orders, newest first, in the spec's shape", async () => {
    const [four, three, sandbox] = await Promise.all([deliveredLiveOrder(), deliveredLiveOrder(), deliveredSandboxOrder()]);
    const fourRes = await post(four.capability.review_token, review({ stars: 4, comment: `four ${randomToken(8)}` }));
    const threeRes = await post(three.capability.review_token, review({ stars: 3, comment: `three ${randomToken(8)}` }));
    const sandboxRes = await post(sandbox.capability.review_token, review({ stars: 5, comment: `sandbox ${randomToken(8)}` }));
    for (const r of [fourRes, threeRes, sandboxRes]) expect(r.status).toBe(201);

    const res = await call(getReviews);
    expect(res.status).toBe(200);
    expect(res.json.status).toBe("ok");
    const ids = res.json.reviews.map((r: { id: string }) => r.id);
    expect(ids).toContain(fourRes.json.review.id);
    expect(ids).not.toContain(threeRes.json.review.id);
    expect(ids).not.toContain(sandboxRes.json.review.id);
    expect(res.json.reviews.find((r: { id: string }) => r.id === fourRes.json.review.id)).toEqual(fourRes.json.review);
    for (const r of res.json.reviews) {
      expect(Object.keys(r).sort()).toEqual(["category", "city", "comment", "created_at", "id", "name", "stars", "state"]);
      expect(r.stars).toBeGreaterThanOrEqual(4);
    }
    const times = res.json.reviews.map((r: { created_at: string }) => r.created_at);
    expect(times).toEqual([...times].sort().reverse());
  });

  it("shows at most 24, the newest", async () => {
    // 26 delivered live orders, copied from a real one, with reviews dated in the future so
    // that they are the newest in the shared database; removed afterwards.
    const base = await db().order.findUniqueOrThrow({ where: { id: (await deliveredLiveOrder()).id } });
    const ids: string[] = [];
    try {
      const soon = Date.now() + DAY;
      for (let i = 0; i < 26; i++) {
        const id = newOrderId(false);
        ids.push(id);
        await db().order.create({
          data: {
            ...base,
            id,
            trackingCode: newTrackingCode(),
            quoteId: `qt_${randomToken(24)}`,
            providerId: null,
            actor: null,
            senderFingerprint: null,
            recipient: base.recipient as object,
            sender: base.sender as object,
            breakdown: base.breakdown as object,
            addressVerification: (base.addressVerification ?? undefined) as object | undefined,
            screening: (base.screening ?? undefined) as object | undefined,
          },
        });
        await db().review.create({
          data: { id: `rev_${randomToken(20)}`, orderId: id, stars: i % 2 ? 4 : 5, comment: `capped ${i}`, name: "N", city: "Troy", state: "NY", category: "business", createdAt: new Date(soon + i * 1000) },
        });
      }
      const res = await call(getReviews);
      expect(res.status).toBe(200);
      expect(res.json.reviews).toHaveLength(24);
      expect(res.json.reviews.map((r: { comment: string }) => r.comment)).toEqual(Array.from({ length: 24 }, (_, k) => `capped ${25 - k}`));
    } finally {
      await db().order.deleteMany({ where: { id: { in: ids } } });
    }
    expect(await db().review.count({ where: { orderId: { in: ids } } })).toBe(0);
  });
});

describe("the review page's form (no JavaScript)", () => {
  const form = (fields: Record<string, string>, ip = randomIp()) =>
    call(postReviewForm, { path: "/review/submit", rawBody: new URLSearchParams(fields).toString(), headers: { "content-type": "application/x-www-form-urlencoded" }, ip });

  it("stores the review and redirects 303 back to the page with done=1", async () => {
    const order = await deliveredSandboxOrder();
    const token = order.capability.review_token;
    const res = await form({ token, stars: "4", comment: "Lovely paper.\r\nThanks!", name: "Ada", city: "", state: "", category: "greeting" });
    expect(res.status).toBe(303);
    const location = new URL(res.headers.get("location")!, "http://mail.test");
    expect(location.pathname).toBe("/review");
    expect(location.searchParams.get("token")).toBe(token);
    expect(location.searchParams.get("done")).toBe("1");
    expect(location.searchParams.get("comment")).toBeNull();
    // A cleared city or state falls back to the sender's.
    expect(await db().review.findUniqueOrThrow({ where: { orderId: order.id } })).toMatchObject({ stars: 4, comment: "Lovely paper.\nThanks!", name: "Ada", city: "Troy", state: "NY", category: "greeting" });

    const ctx = await readReviewContext(token);
    expect(ctx).toMatchObject({ ok: true, closedReason: null, existing: { stars: 4, name: "Ada" }, defaults: { city: "Troy", state: "NY" }, letter: { to: { city: "Albany", state: "NY" } } });
    if (ctx.ok) expect(ctx.letter.deliveredAt).not.toBeNull();

    const again = await form({ token, stars: "5", comment: "Again", name: "Ada", category: "greeting" });
    expect(again.status).toBe(303);
    expect(new URL(again.headers.get("location")!, "http://mail.test").searchParams.get("error")).toBe("review_exists");
  });

  it("counts against the same throttle as POST /v1/reviews: the eleventh post in a minute goes back with rate_limited", async () => {
    const ip = randomIp();
    const fields = { token: "cap_x.y", stars: "5", comment: "Fine", name: "Ada", category: "greeting" };
    const errorOf = async () => new URL((await form(fields, ip)).headers.get("location")!, "http://mail.test").searchParams.get("error");
    for (let i = 0; i < 10; i++) expect(await errorOf()).toBe("invalid_capability");
    expect(await errorOf()).toBe("rate_limited");
  });

  it("sends a bad form back with the fields to fix and what was typed, storing nothing", async () => {
    const order = await deliveredSandboxOrder();
    const token = order.capability.review_token;
    const res = await form({ token, stars: "0", comment: "Kept text", name: "", state: "ZZ", category: "greeting" });
    expect(res.status).toBe(303);
    const q = new URL(res.headers.get("location")!, "http://mail.test").searchParams;
    expect(q.get("token")).toBe(token);
    expect(q.get("error")).toBe("validation_error");
    expect(q.get("fields")!.split(",").sort()).toEqual(["name", "stars", "state"]);
    expect(q.get("comment")).toBe("Kept text");
    expect(q.get("done")).toBeNull();
    expect(await db().review.count({ where: { orderId: order.id } })).toBe(0);
  });

  it("keeps the way back short enough to follow: a very long comment is not carried in the address", async () => {
    const comment = "中".repeat(2000); // 2000 characters, 18 KB once percent-encoded
    const res = await form({ token: "cap_x", stars: "9", comment, name: "Ada", category: "greeting" });
    expect(res.status).toBe(303);
    const location = res.headers.get("location")!;
    expect(location.length).toBeLessThan(8_000);
    const q = new URL(location, "http://mail.test").searchParams;
    expect(q.get("error")).toBe("validation_error");
    expect(q.get("name")).toBe("Ada");
    expect(q.has("comment")).toBe(false);
  });

  it("answers a cancel token or an undelivered letter with a code the page explains", async () => {
    const order = await deliveredSandboxOrder();
    const cancel = await form({ token: order.capability.cancel_token, stars: "5", comment: "x", name: "A", category: "other" });
    expect(new URL(cancel.headers.get("location")!, "http://mail.test").searchParams.get("error")).toBe("invalid_capability");
    expect(await readReviewContext(order.capability.cancel_token)).toMatchObject({ ok: false, code: "invalid_capability" });
    expect(await readReviewContext(null)).toMatchObject({ ok: false, code: "capability_required" });

    const pending = await sendSandboxLetter();
    const ctx = await readReviewContext(pending.json.capability.review_token);
    expect(ctx).toMatchObject({ ok: true, existing: null });
    if (ctx.ok) expect(ctx.closedReason).toMatch(/not been delivered yet/);
  });
});
