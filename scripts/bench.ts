// `npm run bench`: the service's throughput and latency, measured side by side in one run.
//
// It builds the app (npm run build; BENCH_SKIP_BUILD=1 skips that), starts it as `npm start` does (dist/start.js: web + worker) on a fresh embedded
// PostgreSQL in a temporary folder with the throttles off, then loads the routes with
// autocannon (50 connections):
//   a. GET  /v1/health       - the ceiling: the route wrapper and nothing else
//   b. POST /v1/quotes       - a one-page sandbox letter
//   c. POST /v1/orders       - sandbox orders, each with its own pre-minted confirmation_token
//   d. GET  /v1/orders/{id}  - reading an order created in c
//   e. POST /v1/orders       - live orders paid with credit_code: on one code, on many codes,
//                              and an overdraft check (scripts/bench/credit-orders.ts)
//   f. the whole pipeline    - live letters paid by card, then screened, captured and handed to
//                              the carrier by the worker (scripts/bench/pipeline.ts)
//   g. GET  /, /credits, /reviews, /docs/api - the compose, credits and reviews pages and the
//                              API reference, each checked for 200 first (scripts/bench/pages.ts)
// sampling the service's resident memory every 500 ms from the warm-up to the end of g (the
// launcher and all its descendants; PostgreSQL apart: scripts/bench/memory.ts); then
//   h. one at a time         - the database topped up to 10,000 orders (clones of its sandbox
//                              orders, in SQL), then 50 quotes, 50 sandbox orders and 50 reads
//                              one after another, p50 and p90 (scripts/bench/one-at-a-time.ts)
// then, with the service stopped, times the document work in-process (scripts/bench/documents.ts:
// laying out a 50,000-character letter, validating and counting the pages of a 10 MB PDF) and,
// in a process of its own, screening per letter (scripts/bench/screening.ts),
// and prints the tables (also written to bench-results.json at the repo root). The service is
// always stopped at the end, also on failure.
//
// Settings: BENCH_SECONDS (default 10) is the length of runs a, b, d and each of g; run c sends one
// request per pre-minted token, about as many as b managed in that time (500 to 20000).
// BENCH_KEEP_DATA=1 keeps the temporary folder (database and logs) for a post-mortem.
import { randomUUID } from "node:crypto";
import { writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { CONNECTIONS, cannon, failureSampler, printTable, reportRun, settle, toRow, type Row } from "./bench/cannon";
import { ROOT, checkEnvironment, ensureBuild, startService, stopService } from "./bench/service";
import { positiveNumber, round } from "./bench/util";
import { benchDocuments, printDocumentTable } from "./bench/documents";
import { JSON_HEADERS, MINT_CONCURRENCY, mintTokens, postJson, quote } from "./bench/tokens";
import { benchCreditOrders, type OverdraftCheck } from "./bench/credit-orders";
import { benchPipeline, drainQueues, type PipelineResult } from "./bench/pipeline";
import { benchScreeningApart, printScreeningTable } from "./bench/screening";
import { PAGES, checkPages } from "./bench/pages";
import { printMemory, startMemorySampler, type MemorySampler } from "./bench/memory";
import { benchOneAtATime, printOneAtATime, topUpOrders } from "./bench/one-at-a-time";

process.chdir(ROOT);
const SECONDS = positiveNumber(process.env.BENCH_SECONDS, 10);
const WARMUP_SECONDS = Math.min(2, SECONDS);
const MIN_TOKENS = 500;
const MAX_TOKENS = 20_000;
const RESULTS_FILE = path.join(ROOT, "bench-results.json");

const LETTER = {
  mail_class: "first_class",
  sandbox: true,
  text: "Dear Ada,\n\nThe engine is ready.\n\nCharles",
  to: { name: "Ada Lovelace", line1: "12 Main St", city: "Albany", state: "NY", zip: "12207" },
  from: { name: "Charles Babbage", line1: "1 Engine Row", city: "Troy", state: "NY", zip: "12180" },
};
const LETTER_JSON = JSON.stringify(LETTER);
// Samples the service's memory during the load runs; each run marks where it starts.
let memory: MemorySampler | undefined;

// ---------------------------------------------------------------------------------------------
// The benchmark
// ---------------------------------------------------------------------------------------------

/** One duration-bound run of a single request shape, as a table row. */
async function timedRun(baseUrl: string, name: string, method: "GET" | "POST", routePath: string, label: string, body?: string): Promise<Row> {
  await settle(baseUrl);
  memory?.mark(name);
  console.log(`\n${name}: ${method} ${label} for ${SECONDS} s ...`);
  const sampler = failureSampler();
  const r = await cannon({
    url: baseUrl,
    duration: SECONDS,
    requests: [{ method, path: routePath, ...(body ? { headers: JSON_HEADERS, body } : {}), onResponse: (s, b) => sampler.record(s, b) }],
  });
  const row = toRow(name, method, label, r, sampler.notes());
  reportRun(row);
  return row;
}

async function order(baseUrl: string, token: string): Promise<string> {
  const r = await postJson(`${baseUrl}/v1/orders`, JSON.stringify({ ...LETTER, confirmation_token: token }), { "Idempotency-Key": randomUUID() });
  if (r.status !== 201 || typeof r.json?.order?.id !== "string") {
    throw new Error(`POST /v1/orders answered ${r.status}: ${r.text.slice(0, 500)}`);
  }
  return r.json.order.id;
}

async function bench(baseUrl: string, databaseUrl: string): Promise<{ rows: Row[]; overdraft: OverdraftCheck; pipeline: PipelineResult }> {
  const rows: Row[] = [];

  // Warm-up: Next.js loads each route's code on its first request, and V8 needs a moment of
  // load to optimise the hot paths; keep both out of the numbers.
  memory?.mark("warm-up");
  console.log(`Warming up (${WARMUP_SECONDS} s of GET /v1/health, a few quotes, one order and the pages of g) ...`);
  await cannon({ url: baseUrl, duration: WARMUP_SECONDS, requests: [{ method: "GET", path: "/v1/health" }] });
  await Promise.all(Array.from({ length: 10 }, () => quote(baseUrl, LETTER_JSON)));
  // One order: warms the route, and is the order that run d reads if run c creates none.
  const warmOrderId = await order(baseUrl, await quote(baseUrl, LETTER_JSON));
  await (await fetch(`${baseUrl}/v1/orders/${warmOrderId}`)).arrayBuffer();
  // The pages of g: each must answer 200 before anything is timed, so a broken one fails the run now.
  await checkPages(baseUrl);
  let orderId: string | undefined; // the first order created by run c

  rows.push(await timedRun(baseUrl, "health (ceiling)", "GET", "/v1/health", "/v1/health"));
  rows.push(await timedRun(baseUrl, "quote", "POST", "/v1/quotes", "/v1/quotes", LETTER_JSON));

  // c. Orders: one fresh confirmation_token and Idempotency-Key per request.
  await settle(baseUrl);
  memory?.mark("order (sandbox)");
  {
    const quotesRps = rows[1].requestsPerSec;
    const n = Math.min(MAX_TOKENS, Math.max(MIN_TOKENS, Math.round(quotesRps * SECONDS)));
    console.log(`\n[c] Minting ${n} confirmation tokens (${MINT_CONCURRENCY} quotes at a time) ...`);
    const tokens = await mintTokens(baseUrl, n, LETTER_JSON);
    console.log(`[c] POST /v1/orders, ${tokens.length} requests (one per token) ...`);
    let used = 0;
    let exhausted = 0;
    const sampler = failureSampler();
    const r = await cannon({
      url: baseUrl,
      amount: tokens.length,
      requests: [
        {
          method: "POST",
          path: "/v1/orders",
          headers: JSON_HEADERS,
          setupRequest: (req) => {
            // autocannon builds exactly `amount` requests; a reconnect could ask for more, and
            // those would reuse the last token (and be counted as non-2xx).
            if (used >= tokens.length) exhausted++;
            const token = tokens[Math.min(used++, tokens.length - 1)];
            return {
              ...req,
              headers: { ...req.headers, "Idempotency-Key": randomUUID() },
              body: JSON.stringify({ ...LETTER, confirmation_token: token }),
            };
          },
          onResponse: (status, body) => {
            sampler.record(status, body);
            if (status === 201 && orderId === undefined) orderId = JSON.parse(body)?.order?.id;
          },
        },
      ],
    });
    const notes = sampler.notes();
    if (exhausted) notes.unshift(`${exhausted} request(s) found no unused token left and reused the last one`);
    rows.push(toRow("order (sandbox)", "POST", "/v1/orders", r, notes));
    reportRun(rows.at(-1)!);
  }

  // d. Reading an order.
  rows.push(await timedRun(baseUrl, "read order", "GET", `/v1/orders/${orderId ?? warmOrderId}`, "/v1/orders/{id}"));
  await settle(baseUrl);

  // e. Live orders paid with credit codes: one code, many codes, and the overdraft check.
  memory?.mark("credit orders");
  const creditRequests = Math.min(2_000, Math.max(300, Math.round(rows[2].requestsPerSec * SECONDS)));
  const credit = await benchCreditOrders(baseUrl, databaseUrl, LETTER, creditRequests);
  rows.push(...credit.rows);
  await settle(baseUrl);

  // f. The whole pipeline, through the worker.
  memory?.mark("whole pipeline");
  const pipeline = await benchPipeline(baseUrl, databaseUrl, LETTER, Math.max(100, Math.min(1_000, Math.round(rows[2].requestsPerSec * 3))));

  // g. The pages, the same way as a, b and d.
  for (const page of PAGES) rows.push(await timedRun(baseUrl, page.name, "GET", page.path, page.path));

  const ceiling = rows[0].requestsPerSec;
  for (const row of rows) row.ratioToCeiling = ceiling > 0 ? round(row.requestsPerSec / ceiling, 3) : null;
  return { rows, overdraft: credit.overdraft, pipeline };
}

// ---------------------------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------------------------

const machine = {
  node: process.version,
  platform: `${os.platform()} ${os.release()} ${os.arch()}`,
  cpus: os.cpus().length,
  cpuModel: os.cpus()[0]?.model ?? "unknown",
  totalMemoryGiB: round(os.totalmem() / 1024 ** 3, 1),
};
const NOTE = `One run on this machine (autocannon, ${CONNECTIONS} connections, ${SECONDS} s per timed run, load generator on the same host as the service and its database); compare runs on the same machine only.`;

console.log(`Machine: Node ${machine.node}, ${machine.cpus} CPUs (${machine.cpuModel}), ${machine.totalMemoryGiB} GiB RAM, ${machine.platform}`);
console.log(`Note: ${NOTE}\n`);

let interrupted = false;
for (const sig of ["SIGINT", "SIGTERM"] as const) {
  process.on(sig, () => {
    if (interrupted) return;
    interrupted = true;
    console.error(`\n${sig}: stopping the service ...`);
    void stopService().finally(() => process.exit(130));
  });
}

let exitCode = 0;
try {
  checkEnvironment();
  ensureBuild();
  const service = await startService();
  const { baseUrl, databaseUrl } = service;
  memory = startMemorySampler(service.child.pid!);
  const { rows, overdraft, pipeline } = await bench(baseUrl, databaseUrl);
  const memoryResult = await memory.stop();
  memory = undefined;
  // h. After the load runs, on a database topped up to 10,000 orders, with the worker idle.
  const topUp = await topUpOrders(databaseUrl);
  await drainQueues(databaseUrl, "[h]");
  const oneAtATime = await benchOneAtATime(baseUrl, LETTER, topUp);
  await stopService(); // the document timings run in this process, with the machine to themselves
  const documents = await benchDocuments();
  const screening = await benchScreeningApart(ROOT);

  console.log(`\nResults (${new Date().toISOString()})`);
  console.log(`Machine: Node ${machine.node}, ${machine.cpus} CPUs, ${machine.totalMemoryGiB} GiB RAM. ${NOTE}\n`);
  printTable(rows);
  printOneAtATime(oneAtATime);
  printMemory(memoryResult);
  printDocumentTable(documents);
  printScreeningTable(screening);
  const sandboxOrders = rows[2].requestsPerSec;
  console.log(
    `\nWhole pipeline: ${pipeline.letters} live letters created and paid by card (${pipeline.requestSideSeconds} s of requests), ` +
      `screened, handed to the carrier and captured by the worker: ${pipeline.handedOver} handed over in ${pipeline.seconds} s = ` +
      `${pipeline.ordersPerSec} orders/s (${sandboxOrders > 0 ? round(pipeline.ordersPerSec / sandboxOrders, 2) : "n/a"} x sandbox orders, which are screened and handed over in the request).`,
  );
  console.log(
    `\nOverdraft check: ${overdraft.requests} credit orders at once on one code covering ${overdraft.capacityLetters}: ` +
      `${overdraft.accepted} accepted, ${overdraft.refusedInsufficient} refused (402 insufficient_credit), ` +
      `overdrafts ${overdraft.overdrafts}, negative balances ${overdraft.negativeBalances} (both must be 0).`,
  );
  const problems = rows.filter((r) => r.non2xx || r.errors).map((r) => `${r.method} ${r.path}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  if (!memoryResult.samples) problems.push("service memory: no sample could be taken");
  if (pipeline.handedOver !== pipeline.letters) problems.push(`whole pipeline: only ${pipeline.handedOver} of ${pipeline.letters} letters were handed over within 10 minutes`);
  if (overdraft.overdrafts || overdraft.negativeBalances || overdraft.accepted !== overdraft.capacityLetters) {
    problems.push(`overdraft check: ${overdraft.accepted} of ${overdraft.requests} accepted on a code covering ${overdraft.capacityLetters}, ${overdraft.overdrafts} overdrafts, ${overdraft.negativeBalances} negative balances`);
  }
  if (problems.length) {
    console.log("\nProblems:");
    for (const p of problems) console.log(`  - ${p}`);
    exitCode = 1;
  }
  writeFileSync(
    RESULTS_FILE,
    JSON.stringify(
      { date: new Date().toISOString(), note: NOTE, machine, settings: { connections: CONNECTIONS, seconds: SECONDS }, results: rows, oneAtATime, serviceMemory: memoryResult, overdraftCheck: overdraft, pipeline, documents, screening, problems },
      null,
      2,
    ) + "\n",
  );
  console.log(`\nWrote ${path.relative(ROOT, RESULTS_FILE)}`);
} catch (err) {
  exitCode = 1;
  console.error(`\nBenchmark failed: ${(err as Error).stack ?? err}`);
  console.error("(Any output of the service is above, prefixed [service].)");
} finally {
  if (!interrupted) await stopService();
}
process.exit(exitCode);

