import { describe, expect, it } from "vitest";
import { GET as listOrders } from "@/app/v1/orders/route";
import { GET as getOrder } from "@/app/v1/orders/[id]/route";
import { issueApiKey } from "@/lib/auth/api-keys";
import { db } from "@/lib/db";
import { call } from "@/tests/support/api";
import { seedOrderRows, sendSandboxLetter } from "@/tests/support/orders";

// GET /v1/orders (issue 21, item 3): the orders the calling key created, newest first, in pages
// that follow the last order's (created_at, id), filtered by status and creation time.

const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });
const list = (key: string | null, query = "") => call(listOrders, { path: `/v1/orders${query ? `?${query}` : ""}`, headers: key ? bearer(key) : {} });
const ids = (res: { json: { orders: { id: string }[] } }) => res.json.orders.map((o) => o.id);

/** A key with every scope, and its id. */
const newKey = (label: string, scopes: string[] = []) => issueApiKey({ mode: "test", label, scopes });

/** The key's orders as the list must give them: created_at, then id, both descending. */
async function expectedOrder(apiKeyId: string, where: { status?: { in: string[] }; createdAt?: { gte?: Date; lt?: Date } } = {}) {
  const rows = await db().order.findMany({ where: { apiKeyId, ...where }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], select: { id: true } });
  return rows.map((r) => r.id);
}

const hours = (base: Date, n: number) => new Date(base.getTime() + n * 3_600_000);
const BASE = new Date("2026-03-02T12:00:00.000Z");

describe("GET /v1/orders", () => {
  it("lists exactly the orders the key created, newest first, each as GET /v1/orders/{id} shows it", async () => {
    const mine = await newKey("lister");
    const other = await newKey("someone else");
    const sent: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await sendSandboxLetter({}, { headers: bearer(mine.key) });
      expect(res.status, JSON.stringify(res.json)).toBe(201);
      sent.push(res.json.order.id);
    }
    const theirs = await sendSandboxLetter({}, { headers: bearer(other.key) });
    const anonymous = await sendSandboxLetter();
    // Creation records the key (and no key for an anonymous order).
    expect(await db().order.findMany({ where: { id: { in: [...sent, theirs.json.order.id, anonymous.json.order.id] } }, select: { id: true, apiKeyId: true } })).toEqual(
      expect.arrayContaining([...sent.map((id) => ({ id, apiKeyId: mine.id })), { id: theirs.json.order.id, apiKeyId: other.id }, { id: anonymous.json.order.id, apiKeyId: null }]),
    );

    const res = await list(mine.key);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: "ok", has_more: false, next_starting_after: null });
    expect(ids(res)).toEqual([...sent].reverse());
    expect(res.json.next.join(" ")).toMatch(/last page/);
    for (const order of res.json.orders) {
      const read = await call(getOrder, { params: { id: order.id }, headers: bearer(mine.key) });
      expect(order).toEqual(read.json.order);
    }
    expect(JSON.stringify(res.json)).not.toMatch(/cap_|whsec_|cancel_token|review_token/);

    const theirList = await list(other.key);
    expect(ids(theirList)).toEqual([theirs.json.order.id]);
  });

  it("filters by status (one or several) and by a created_gte / created_lt range, on every page", async () => {
    const k = await newKey("filters");
    const statuses = ["submitted", "mailed", "delivered", "canceled"];
    await seedOrderRows(12, (i) => ({ apiKeyId: k.id, status: statuses[i % 4], createdAt: hours(BASE, i) }));
    const all = await expectedOrder(k.id);
    expect(all).toHaveLength(12);

    const mailed = await list(k.key, "status=mailed");
    expect(ids(mailed)).toEqual(await expectedOrder(k.id, { status: { in: ["mailed"] } }));
    expect(mailed.json.orders.every((o: { status: string }) => o.status === "mailed")).toBe(true);

    const two = await list(k.key, "status=mailed,%20delivered");
    expect(ids(two)).toEqual(await expectedOrder(k.id, { status: { in: ["mailed", "delivered"] } }));
    expect(ids(two)).toHaveLength(6);

    const range = await list(k.key, `created_gte=${hours(BASE, 3).toISOString()}&created_lt=${hours(BASE, 7).toISOString()}`);
    expect(ids(range)).toEqual(all.slice(12 - 7, 12 - 3)); // created at hours 6, 5, 4, 3
    // The same instants with an offset: %2B, or a + the query string read as a space.
    const offset = await list(k.key, "created_gte=2026-03-02T20:00:00%2B05:00&created_lt=2026-03-03T00:00:00+05:00");
    expect(ids(offset)).toEqual(ids(range));

    const both = await list(k.key, `status=submitted,canceled&created_gte=${hours(BASE, 4).toISOString()}`);
    expect(ids(both)).toEqual(await expectedOrder(k.id, { status: { in: ["submitted", "canceled"] }, createdAt: { gte: hours(BASE, 4) } }));

    // Filtered pages: the filter holds on every page, and a cursor whose order has since changed
    // status (no longer matching) still marks where the next page starts.
    const submitted = await expectedOrder(k.id, { status: { in: ["submitted"] } });
    const first = await list(k.key, "status=submitted&limit=2");
    expect(ids(first)).toEqual(submitted.slice(0, 2));
    expect(first.json).toMatchObject({ has_more: true, next_starting_after: submitted[1] });
    expect(first.json.next[0]).toContain(`/v1/orders?limit=2&status=submitted&starting_after=${submitted[1]}`);
    await db().order.update({ where: { id: submitted[1] }, data: { status: "mailed" } });
    const second = await list(k.key, `status=submitted&limit=2&starting_after=${submitted[1]}`);
    expect(ids(second)).toEqual([submitted[2]]);
    expect(second.json).toMatchObject({ has_more: false, next_starting_after: null });
  });

  it("refuses bad query values with 400 validation_error naming the parameter", async () => {
    const k = await newKey("bad queries");
    const other = await newKey("stranger");
    const [theirs] = await seedOrderRows(1, () => ({ apiKeyId: other.id }));
    const cases: [string, RegExp][] = [
      ["limit=0", /limit must be a whole number from 1 to 100/],
      ["limit=101", /limit must be a whole number from 1 to 100/],
      ["limit=ten", /limit must be a whole number from 1 to 100/],
      ["limit=2.5", /limit must be a whole number from 1 to 100/],
      ["status=sent", /status must be one or more of draft, pending_payment, .*, separated by commas \(got "sent"\)/],
      ["status=mailed,", /status must be one or more of/],
      ["created_gte=yesterday", /created_gte must be an ISO 8601 timestamp with a time zone.*\(got "yesterday"\)/],
      ["created_lt=2026-11-01", /created_lt must be an ISO 8601 timestamp with a time zone/],
      ["created_lt=2026-11-01T00:00:00", /created_lt must be an ISO 8601 timestamp with a time zone/],
      ["created_gte=2026-11-02T00:00:00Z&created_lt=2026-11-01T00:00:00Z", /created_gte must be earlier than created_lt/],
      ["created_gte=2026-11-01T00:00:00Z&created_lt=2026-11-01T00:00:00Z", /created_gte must be earlier than created_lt/],
      ["starting_after=42", /starting_after must be an order id/],
      ["page=2", /unknown query parameter page \(use limit, starting_after, status, created_gte and created_lt\)/],
    ];
    for (const [query, reason] of cases) {
      const res = await list(k.key, query);
      expect(res.status, query).toBe(400);
      expect(res.json, query).toMatchObject({ status: "failed", code: "validation_error" });
      expect(res.json.reason, query).toMatch(reason);
    }

    // Another key's order is no cursor, and is refused exactly as an id that does not exist.
    const unknown = "ord_test_" + "0".repeat(24);
    const foreign = await list(k.key, `starting_after=${theirs}`);
    const missing = await list(k.key, `starting_after=${unknown}`);
    expect(foreign.status).toBe(400);
    expect(foreign.json).toMatchObject({ status: "failed", code: "validation_error" });
    expect(foreign.json.reason).toMatch(/starting_after .* is not one of this key's orders/);
    expect(foreign.json.reason.replace(theirs, "ID")).toBe(missing.json.reason.replace(unknown, "ID"));
    expect(JSON.stringify(foreign.json)).not.toMatch(/stranger/);
  });

  it("needs a key with mail:read: 401 key_required without one, 403 insufficient_scope without the scope", async () => {
    const anonymous = await list(null);
    expect(anonymous.status).toBe(401);
    expect(anonymous.json).toMatchObject({ status: "failed", code: "key_required" });
    expect(anonymous.json.reason).toMatch(/Listing orders needs an API key/);
    expect(anonymous.json.next.join(" ")).toMatch(/Authorization: Bearer/);
    expect(anonymous.headers.get("www-authenticate")).toBe('Bearer realm="physical-mail-service"');

    const quoteOnly = await newKey("quote only", ["mail:quote", "mail:send"]);
    const refused = await list(quoteOnly.key);
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({ status: "failed", code: "insufficient_scope" });
    expect(refused.json.reason).toContain("mail:read");

    const forged = await list(`ak_test_${"0".repeat(32)}`);
    expect(forged.status).toBe(401);
    expect(forged.json.code).toBe("invalid_key");

    const readOnly = await newKey("read only", ["mail:read"]);
    expect((await list(readOnly.key)).json).toMatchObject({ status: "ok", orders: [], has_more: false, next_starting_after: null });
  });

  it("pages through 120 orders (limit 25) while new ones arrive: no repeats, no gaps; the new ones only on a fresh first page", async () => {
    const k = await newKey("pager");
    // Ten orders to a millisecond, so that most pages end inside a run of equal created_at and
    // only the id tells the orders apart.
    const originals = await seedOrderRows(120, (i) => ({ apiKeyId: k.id, status: i % 3 ? "delivered" : "mailed", createdAt: new Date(BASE.getTime() + Math.floor(i / 10)) }));
    const expected = await expectedOrder(k.id);
    expect(new Set(expected)).toEqual(new Set(originals));

    const seen: string[] = [];
    const arrived: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await list(k.key, `limit=25${cursor ? `&starting_after=${cursor}` : ""}`);
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      seen.push(...ids(res));
      cursor = res.json.next_starting_after;
      expect(res.json.has_more).toBe(cursor !== null);
      pages++;
      // A new order between page fetches, sent with the same key through the API.
      const sent = await sendSandboxLetter({}, { headers: bearer(k.key) });
      expect(sent.status, JSON.stringify(sent.json)).toBe(201);
      arrived.push(sent.json.order.id);
    } while (cursor);

    expect(pages).toBe(5);
    expect(seen).toEqual(expected);
    expect(new Set(seen).size).toBe(120);

    const fresh = await list(k.key, "limit=25");
    expect(ids(fresh).slice(0, arrived.length)).toEqual([...arrived].reverse());
    expect(ids(fresh).slice(arrived.length)).toEqual(expected.slice(0, 25 - arrived.length));
  }, 120_000);
});
