// One request at a time on a database that already holds 10,000 orders (issue 22: quote p50
// ≤ 6 ms, sandbox order p50 ≤ 15 ms, read ≤ 3 ms): what one customer waits for on a service
// that has been in use, with no queue in front of the request. 50 requests one after another,
// after 5 warm-up requests, per case; the clock covers the whole request (sending the body,
// reading the whole answer) on one kept-alive connection.
//
// The database is topped up by cloning its sandbox orders in SQL, not through the API: the API
// creates some tens of orders/s on a 2-core machine (issue 22: ≈ 66/s at 50 connections), each
// after a quote, so 8,000 to 9,000 more would take minutes, longer than the rest of a short run,
// and measure nothing the load runs do not; in SQL it takes a few seconds. A clone
// is a copy of a real order row with every unique column made afresh in the service's own
// formats (lib/ids): the order's id, tracking code and carrier id, and the quote it was made
// from (a copy of that quote, pointing at the clone), with copies of its events (every order
// writes them as it moves; tracking and the operator's console read them), of its idempotency record (a fresh key;
// the stored answer still names the original order, and nothing reads it but a replay of that
// key) and of its pending pg-boss jobs (an order in flight has its tracking job waiting: the
// worker's queue and its unique singleton index hold one per order). Clones keep their original's proof: proofs are read by primary key only, and each quote
// of the load runs already stored one. The bench's sandbox letters have no e-mail, webhook,
// payment or review rows to copy. Columns are listed from the database, so a new column is
// copied as it is (and a new unique one fails the top-up, loudly, until it is regenerated here).
import { randomUUID } from "node:crypto";
import pg from "pg";
import { newOrderId, newQuoteId, newTrackingCode, randomToken } from "@/lib/ids";
import { settle } from "./cannon";
import { JSON_HEADERS, mintTokens } from "./tokens";
import { round } from "./util";

export const TARGET_ORDERS = 10_000;
const WARMUP = 5;
const RUNS = 50;
const BATCH = 2_000; // clones per transaction

export type TopUp = { before: number; cloned: number; after: number; seconds: number };
export type OneAtATimeRow = { case: string; method: string; path: string; runs: number; p50Ms: number; p90Ms: number; maxMs: number };
export type OneAtATime = { ordersInDatabase: number; topUp: TopUp; warmup: number; rows: OneAtATimeRow[] };

const quoted = (column: string) => `"${column.replace(/"/g, '""')}"`;

/** Brings the database up to `target` orders (or leaves it as it is when it holds as many). */
export async function topUpOrders(databaseUrl: string, target = TARGET_ORDERS): Promise<TopUp> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const t0 = performance.now();
  try {
    const count = async () => Number((await client.query<{ n: string }>(`SELECT count(*) AS n FROM orders`)).rows[0].n);
    const before = await count();
    const missing = Math.max(0, target - before);
    if (missing > 0) {
      const { rows: sources } = await client.query<{ id: string }>(`SELECT id FROM orders WHERE sandbox ORDER BY created_at, id`);
      if (!sources.length) throw new Error("the database holds no sandbox order to clone");
      console.log(`\n[h] Topping the database up from ${before} to ${target} orders: cloning its ${sources.length} sandbox orders in SQL ...`);
      // Each table's columns, with the ones a clone must not share replaced by an expression over
      // n (the clone's new values, from unnest) or s (the row copied); `skip` ones take their default.
      const copy = async (table: string, replaced: Record<string, string>, skip: string[] = [], schema?: string) => {
        const { rows } = await client.query<{ c: string }>(
          `SELECT column_name AS c FROM information_schema.columns WHERE table_schema = coalesce($2, current_schema()) AND table_name = $1 ORDER BY ordinal_position`,
          [table, schema ?? null],
        );
        const kept = rows.map((r) => r.c).filter((c) => !skip.includes(c));
        for (const c of Object.keys(replaced)) if (!kept.includes(c)) throw new Error(`${table} has no column ${c}: update the top-up (scripts/bench/one-at-a-time.ts)`);
        return { into: kept.map(quoted).join(", "), select: kept.map((c) => replaced[c] ?? `s.${quoted(c)}`).join(", ") };
      };
      const orders = await copy("orders", {
        id: "n.id",
        quote_id: "n.quote_id",
        tracking_code: "n.tracking_code",
        provider_id: "CASE WHEN s.provider_id IS NULL THEN NULL ELSE n.provider_id END",
      });
      const quotes = await copy("quotes", { id: "n.quote_id", order_id: "n.id" });
      const events = await copy("order_events", { order_id: "n.id" }, ["id"]);
      const idempotency = await copy("idempotency_records", { key: "gen_random_uuid()::text", order_id: "n.id" });
      const jobs = await copy(
        "job",
        { id: "gen_random_uuid()", data: "jsonb_set(s.data, '{orderId}', to_jsonb(n.id))", singleton_key: "CASE WHEN s.singleton_key = n.src THEN n.id ELSE s.singleton_key END" },
        [],
        "pgboss",
      );
      const NEW = `unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[]) AS n(src, id, quote_id, tracking_code, provider_id)`;
      for (let done = 0; done < missing; done += BATCH) {
        const size = Math.min(BATCH, missing - done);
        const src = Array.from({ length: size }, (_, i) => sources[(done + i) % sources.length].id);
        const params = [
          src,
          src.map(() => newOrderId(true)),
          src.map(() => newQuoteId()),
          src.map(() => newTrackingCode()),
          src.map(() => "sbx_" + randomToken(20)), // the sandbox carrier's piece ids (lib/fulfillment/sandbox-carrier.ts)
        ];
        await client.query("BEGIN");
        try {
          await client.query(`INSERT INTO orders (${orders.into}) SELECT ${orders.select} FROM ${NEW} JOIN orders s ON s.id = n.src`, params);
          await client.query(`INSERT INTO quotes (${quotes.into}) SELECT ${quotes.select} FROM ${NEW} JOIN orders o ON o.id = n.src JOIN quotes s ON s.id = o.quote_id`, params);
          await client.query(`INSERT INTO order_events (${events.into}) SELECT ${events.select} FROM ${NEW} JOIN order_events s ON s.order_id = n.src`, params);
          await client.query(`INSERT INTO idempotency_records (${idempotency.into}) SELECT ${idempotency.select} FROM ${NEW} JOIN idempotency_records s ON s.order_id = n.src`, params);
          await client.query(`INSERT INTO pgboss.job (${jobs.into}) SELECT ${jobs.select} FROM ${NEW} JOIN pgboss.job s ON s.data->>'orderId' = n.src AND s.state IN ('created', 'retry')`, params);
          await client.query("COMMIT");
        } catch (err) {
          await client.query("ROLLBACK");
          throw err;
        }
      }
      // What autovacuum would long have done on a database that holds these orders: planner
      // statistics and the visibility map, so the timed requests do not meet a fresh bulk load.
      await client.query(`VACUUM ANALYZE orders, quotes, order_events, idempotency_records, pgboss.job`);
    }
    const after = await count();
    if (after < target) throw new Error(`the top-up left ${after} orders, not ${target}`);
    const seconds = round((performance.now() - t0) / 1000, 1);
    if (missing > 0) console.log(`[h] ${after - before} orders cloned in ${seconds} s: ${after} orders in the database.`);
    return { before, cloned: after - before, after, seconds };
  } finally {
    await client.end();
  }
}

async function timed(method: "GET" | "POST", url: string, body?: string, headers: Record<string, string> = {}) {
  const t0 = performance.now();
  const res = await fetch(url, { method, headers: body ? { ...JSON_HEADERS, ...headers } : headers, body, signal: AbortSignal.timeout(30_000) });
  const text = await res.text();
  return { ms: performance.now() - t0, status: res.status, text };
}

/** WARMUP then RUNS requests, one after another; every one must answer `expect`. */
async function series(name: string, method: "GET" | "POST", label: string, expect: number, send: (i: number) => Promise<{ ms: number; status: number; text: string }>, onBody?: (json: any) => void) {
  const samples: number[] = [];
  for (let i = 0; i < WARMUP + RUNS; i++) {
    const r = await send(i);
    if (r.status !== expect) throw new Error(`${method} ${label} (one at a time) answered ${r.status}, not ${expect}: ${r.text.slice(0, 500)}`);
    onBody?.(JSON.parse(r.text));
    if (i >= WARMUP) samples.push(r.ms);
  }
  const sorted = samples.sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))];
  const row: OneAtATimeRow = { case: name, method, path: label, runs: RUNS, p50Ms: round(at(0.5), 2), p90Ms: round(at(0.9), 2), maxMs: round(sorted.at(-1)!, 2) };
  console.log(`  ${name}: p50 ${row.p50Ms} ms, p90 ${row.p90Ms} ms, max ${row.maxMs} ms`);
  return row;
}

/** Quotes, sandbox orders and reads of those orders, each WARMUP + RUNS requests one at a time. */
export async function benchOneAtATime(baseUrl: string, letter: Record<string, unknown>, topUp: TopUp): Promise<OneAtATime> {
  const letterJson = JSON.stringify(letter);
  const n = WARMUP + RUNS;
  console.log(`\n[h] One at a time: minting ${n} confirmation tokens first ...`);
  // Bodies and keys made before the clock starts: a fresh token and Idempotency-Key per order.
  const orderBodies = (await mintTokens(baseUrl, n, letterJson)).map((token) => JSON.stringify({ ...letter, confirmation_token: token }));
  const keys = orderBodies.map(() => randomUUID());
  await settle(baseUrl);
  const ids: string[] = [];
  const rows = [
    await series("quote", "POST", "/v1/quotes", 200, () => timed("POST", `${baseUrl}/v1/quotes`, letterJson)),
    await series(
      "order (sandbox)",
      "POST",
      "/v1/orders",
      201,
      (i) => timed("POST", `${baseUrl}/v1/orders`, orderBodies[i], { "Idempotency-Key": keys[i] }),
      (json) => ids.push(json.order.id),
    ),
    // Each read is of a different order, one the service has just created.
    await series("read order", "GET", "/v1/orders/{id}", 200, (i) => timed("GET", `${baseUrl}/v1/orders/${ids[i]}`)),
  ];
  return { ordersInDatabase: topUp.after, topUp, warmup: WARMUP, rows };
}

export function printOneAtATime(r: OneAtATime) {
  const clones = r.topUp.cloned ? `; ${r.topUp.cloned.toLocaleString("en-US")} of them clones of its sandbox orders` : "";
  console.log(`\nOne at a time (${r.ordersInDatabase.toLocaleString("en-US")} orders in the database${clones}; ${RUNS} requests one after another, after ${r.warmup} warm-up requests):`);
  console.table(r.rows.map((x) => ({ case: x.case, request: `${x.method} ${x.path}`, "p50 ms": x.p50Ms, "p90 ms": x.p90Ms, "max ms": x.maxMs })));
}
