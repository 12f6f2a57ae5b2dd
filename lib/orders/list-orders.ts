import { z } from "zod";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { ApiError } from "@/lib/errors/api-error";
import { requireCallerKey } from "@/lib/auth/api-keys";
import type { Caller } from "@/lib/auth/caller";
import { ORDER_ID_FORM } from "@/lib/letters/order-ids";
import { ORDER_STATUSES, type OrderStatus } from "@/lib/orders/state-machine";
import { PUBLIC_ORDER_COLUMNS, serializeOrder } from "@/lib/orders/serialize-order";

// GET /v1/orders and the MCP tool list_letters: the orders one API key created, newest first, a
// page at a time. A page ends where the cursor's row is, (created_at, id) compared as a pair,
// never at an offset: orders created while a client pages land before its cursor (on a fresh
// first page), so the pages after it neither repeat nor skip an order. Served by the index
// orders (api_key_id, created_at, id) of migration 20261125120000_orders_by_key.

export const LIST_ORDERS_DEFAULT_LIMIT = 20;
export const LIST_ORDERS_MAX_LIMIT = 100;

const LIMIT_ERROR = `limit must be a whole number from 1 to ${LIST_ORDERS_MAX_LIMIT}`;
const STATUS_LIST = new RegExp(`^\\s*(${ORDER_STATUSES.join("|")})\\s*(,\\s*(${ORDER_STATUSES.join("|")})\\s*)*$`);
const quoted = (input: unknown) => JSON.stringify(String(input).slice(0, 40));

/** An ISO 8601 timestamp with its zone; a `+hh:mm` whose `+` a query string turned into a space is read as meant. */
const timestamp = (name: string) => {
  const error = `${name} must be an ISO 8601 timestamp with a time zone, such as 2026-11-01T00:00:00Z or 2026-11-01T00:00:00-05:00`;
  return z
    .string({ error })
    .meta({ format: "date-time" })
    .transform((s) => s.trim().replace(/ (\d\d:?\d\d)$/, "+$1"))
    .pipe(z.iso.datetime({ offset: true, error: (issue) => `${error} (got ${quoted(issue.input)})` }))
    .transform((s) => new Date(s));
};

/** The query string of GET /v1/orders, and the arguments of list_letters. */
export const ListOrdersQuerySchema = z
  .strictObject({
    limit: z.coerce.number({ error: LIMIT_ERROR }).int({ error: LIMIT_ERROR }).min(1, { error: LIMIT_ERROR }).max(LIST_ORDERS_MAX_LIMIT, { error: LIMIT_ERROR }).default(LIST_ORDERS_DEFAULT_LIMIT),
    starting_after: z
      .string({ error: "starting_after must be an order id" })
      .regex(ORDER_ID_FORM, { error: (issue) => `starting_after must be an order id (ord_… or ord_test_…): the next_starting_after of the previous page (got ${quoted(issue.input)})` })
      .optional(),
    status: z
      .string({ error: "status must be a list of order statuses" })
      .regex(STATUS_LIST, { error: (issue) => `status must be one or more of ${ORDER_STATUSES.join(", ")}, separated by commas (got ${quoted(issue.input)})` })
      .transform((s) => [...new Set(s.split(",").map((part) => part.trim()))] as OrderStatus[])
      .optional(),
    created_gte: timestamp("created_gte").optional(),
    created_lt: timestamp("created_lt").optional(),
  })
  .refine((q) => !q.created_gte || !q.created_lt || q.created_gte < q.created_lt, { error: "created_gte must be earlier than created_lt", path: ["created_gte"] });

export type ListOrdersQuery = z.output<typeof ListOrdersQuerySchema>;

/** One page of the calling key's orders: 401 key_required without a key. */
export async function listOrders(caller: Caller, query: ListOrdersQuery) {
  const key = requireCallerKey(caller.key, "Listing orders needs an API key: GET /v1/orders lists the orders created with the key in Authorization, and this request sent none.");
  const cursor = query.starting_after ? await cursorOf(key.id, query.starting_after) : null;
  const where: Prisma.OrderWhereInput = {
    apiKeyId: key.id,
    ...(query.status ? { status: { in: query.status } } : {}),
    AND: [
      { createdAt: { gte: query.created_gte, lt: query.created_lt } },
      // After the cursor: (created_at, id) < (its created_at, its id). The first bound is the
      // index's range; the second only sorts out the orders of the cursor's own millisecond.
      ...(cursor ? [{ createdAt: { lte: cursor.createdAt } }, { OR: [{ createdAt: { lt: cursor.createdAt } }, { id: { lt: cursor.id } }] }] : []),
    ],
  };
  const rows = await db().order.findMany({ where, select: PUBLIC_ORDER_COLUMNS, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: query.limit + 1 });
  const page = rows.slice(0, query.limit);
  const hasMore = rows.length > query.limit;
  const last = page.at(-1);
  return {
    status: "ok",
    orders: page.map(serializeOrder),
    has_more: hasMore,
    next_starting_after: hasMore && last ? last.id : null,
    next: hasMore && last ? [`Next page: GET ${nextPagePath(query, last.id)} (list_letters: the same arguments with starting_after "${last.id}").`] : ["This is the last page. Orders created since the first page was read are on a fresh first page (without starting_after)."],
  };
}

/**
 * Where the page after `id` starts. Only the key's own orders are cursors: another key's order
 * is refused exactly as an id that does not exist, so the answer tells nothing about it.
 */
async function cursorOf(keyId: string, id: string) {
  const row = await db().order.findFirst({ where: { id, apiKeyId: keyId }, select: { id: true, createdAt: true } });
  if (!row) throw new ApiError("validation_error", `Invalid query: starting_after ${id} is not one of this key's orders; pass the next_starting_after of the previous page, or leave it out for the first page.`);
  return row;
}

/** GET /v1/orders with the same filters and limit, from `after`. */
function nextPagePath(query: ListOrdersQuery, after: string): string {
  const params = new URLSearchParams({ limit: String(query.limit) });
  if (query.status) params.set("status", query.status.join(","));
  if (query.created_gte) params.set("created_gte", query.created_gte.toISOString());
  if (query.created_lt) params.set("created_lt", query.created_lt.toISOString());
  params.set("starting_after", after);
  return `/v1/orders?${params.toString().replaceAll("%2C", ",").replaceAll("%3A", ":")}`;
}
