import type { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/db";
import type { Address } from "@/lib/letters/schemas";

// Order search for operators: one box takes an order id, a tracking code or link, an e-mail
// address or a recipient ZIP, and says which it understood. Newest first, a page at a time.

export const ORDERS_PER_PAGE = 25;
export const MAX_PAGE = 400;

export type OrderQuery =
  | { kind: "all" }
  | { kind: "id"; value: string }
  | { kind: "tracking"; value: string }
  | { kind: "email"; value: string }
  | { kind: "zip"; value: string }
  | { kind: "invalid"; message: string };

export const SEARCH_HELP = "Search by an order id (ord_… or ord_test_…), a tracking code or tracking link, the sender's e-mail address, or the recipient's 5-digit ZIP.";

export function parseOrderQuery(raw: string | null | undefined): OrderQuery {
  const q = (raw ?? "").trim();
  if (!q) return { kind: "all" };
  if (q.length > 254) return { kind: "invalid", message: `That is too long to be anything we search by. ${SEARCH_HELP}` };
  if (/^ord_/i.test(q)) {
    return /^ord_(test_)?[0-9a-z]{1,24}$/i.test(q) ? { kind: "id", value: q.toLowerCase() } : { kind: "invalid", message: "An order id is ord_ or ord_test_ followed by up to 24 letters and digits; check it for stray characters." };
  }
  const link = /\/t\/([0-9a-z]{16})\/?(?:[?#].*)?$/i.exec(q);
  if (link) return { kind: "tracking", value: link[1].toLowerCase() };
  if (q.includes("@")) {
    return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(q) ? { kind: "email", value: q.toLowerCase() } : { kind: "invalid", message: "That looks like an e-mail address but is not a whole one; enter it as name@example.com." };
  }
  if (/^\d{5}(-\d{4})?$/.test(q)) return { kind: "zip", value: q.slice(0, 5) };
  if (/^\d{1,4}$/.test(q)) return { kind: "invalid", message: "A ZIP has 5 digits; enter all five (for example 12207)." };
  if (/^[0-9a-z]{8,40}$/i.test(q)) return { kind: "tracking", value: q };
  return { kind: "invalid", message: SEARCH_HELP };
}

function whereFor(query: OrderQuery): Prisma.OrderWhereInput | null {
  switch (query.kind) {
    case "all":
      return {};
    case "id":
      return query.value.length === (query.value.startsWith("ord_test_") ? 33 : 28) ? { id: query.value } : { id: { startsWith: query.value } };
    case "tracking":
      // A public tracking code (16 characters), or the carrier's tracking number.
      return { OR: [{ trackingCode: query.value.toLowerCase() }, { trackingNumber: query.value }, { trackingNumber: query.value.toUpperCase() }] };
    case "email":
      return { email: { equals: query.value, mode: "insensitive" } };
    case "zip":
      return { recipient: { path: ["zip"], string_starts_with: query.value } };
    case "invalid":
      return null;
  }
}

export async function searchOrders(raw: string | null | undefined, page = 1) {
  const query = parseOrderQuery(raw);
  const where = whereFor(query);
  const p = Math.min(Math.max(1, Math.floor(page) || 1), MAX_PAGE);
  if (!where) return { query, page: p, orders: [], hasNext: false };
  const rows = await db().order.findMany({
    where,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    skip: (p - 1) * ORDERS_PER_PAGE,
    take: ORDERS_PER_PAGE + 1,
    select: { id: true, status: true, sandbox: true, createdAt: true, format: true, mailClass: true, recipient: true, email: true, priceCents: true, trackingCode: true, failureCode: true },
  });
  return {
    query,
    page: p,
    hasNext: rows.length > ORDERS_PER_PAGE,
    orders: rows.slice(0, ORDERS_PER_PAGE).map((o) => {
      const to = o.recipient as unknown as Address;
      return { ...o, recipient: undefined, to: { name: to.name, city: to.city, state: to.state, zip: to.zip } };
    }),
  };
}
