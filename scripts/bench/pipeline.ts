// The whole pipeline (issue 5): live letters paid by card on the local rail, then screened,
// captured and handed to the carrier by the worker (pg-boss), as a customer's letter goes.
// N letters are created and paid over HTTP, 20 at a time; the clock runs from the first
// creation to the last hand-off the worker records. Delivery is not timed: the carrier's
// scans come on a timer, not as fast as the service can go.
import { randomUUID } from "node:crypto";
import pg from "pg";
import { JSON_HEADERS, mintTokens, postJson } from "./tokens";
import { round, sleep } from "./util";

export type PipelineResult = { letters: number; seconds: number; ordersPerSec: number; handedOver: number; requestSideSeconds: number };

const CONCURRENCY = 20;

/** Waits until the worker has no due job left from the earlier runs, so it starts this one idle. */
export async function drainQueues(databaseUrl: string, label = "[f]"): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const deadline = Date.now() + 3 * 60_000;
    while (Date.now() < deadline) {
      const { rows } = await client.query<{ n: string }>(`SELECT count(*) AS n FROM pgboss.job WHERE state IN ('created', 'retry', 'active') AND start_after <= now()`);
      if (Number(rows[0].n) === 0) return;
      await sleep(500);
    }
    console.log(`${label} The worker still had due jobs after 3 minutes; measuring anyway.`);
  } finally {
    await client.end();
  }
}

export async function benchPipeline(baseUrl: string, databaseUrl: string, letter: Record<string, unknown>, n: number): Promise<PipelineResult> {
  const liveLetter = JSON.stringify({ ...letter, sandbox: false });
  console.log(`\n[f] Whole pipeline: minting ${n} live confirmation tokens ...`);
  const tokens = await mintTokens(baseUrl, n, liveLetter);
  await drainQueues(databaseUrl);
  const ids: string[] = [];
  const t0 = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < tokens.length) {
        const token = tokens[next++];
        const created = await postJson(`${baseUrl}/v1/orders`, JSON.stringify({ ...JSON.parse(liveLetter), confirmation_token: token }), { "Idempotency-Key": randomUUID() });
        if (created.status !== 201 || typeof created.json?.payment_url !== "string") throw new Error(`POST /v1/orders answered ${created.status}: ${created.text.slice(0, 300)}`);
        const session = created.json.payment_url.split("/pay/")[1];
        const paid = await postJson(`${baseUrl}/pay/local/confirm`, JSON.stringify({ session_id: session, card_number: "4242424242424242", expiry: "12/39", cvc: "123" }));
        if (paid.status !== 200) throw new Error(`POST /pay/local/confirm answered ${paid.status}: ${paid.text.slice(0, 300)}`);
        ids.push(created.json.order.id);
      }
    }),
  );
  const requestSide = (performance.now() - t0) / 1000;
  console.log(`[f] ${ids.length} letters created and paid in ${round(requestSide, 1)} s; waiting for the worker to hand them over ...`);

  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let handed = 0;
  try {
    const deadline = Date.now() + 10 * 60_000;
    while (Date.now() < deadline) {
      const { rows } = await client.query<{ n: string }>(`SELECT count(*) AS n FROM orders WHERE id = ANY($1) AND provider_id IS NOT NULL`, [ids]);
      handed = Number(rows[0].n);
      if (handed === ids.length) break;
      await sleep(100);
    }
  } finally {
    await client.end();
  }
  const seconds = (performance.now() - t0) / 1000;
  return { letters: ids.length, seconds: round(seconds, 2), ordersPerSec: round(handed / seconds, 1), handedOver: handed, requestSideSeconds: round(requestSide, 2) };
}
