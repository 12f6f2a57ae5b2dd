// `npm run bench`: the service's throughput and latency, measured side by side in one run.
//
// It builds the app if needed, starts `scripts/serve.ts` (web + worker) on a fresh embedded
// PostgreSQL in a temporary folder with the throttles off, then loads four routes with
// autocannon (50 connections):
//   a. GET  /v1/health       - the ceiling: the route wrapper and nothing else
//   b. POST /v1/quotes       - a one-page sandbox letter
//   c. POST /v1/orders       - sandbox orders, each with its own pre-minted confirmation_token
//   d. GET  /v1/orders/{id}  - reading an order created in c
// and prints a table (also written to bench-results.json at the repo root). The service is
// always stopped at the end, also on failure.
//
// Settings: BENCH_SECONDS (default 10) is the length of runs a, b and d; run c sends one
// request per pre-minted token, about as many as b managed in that time (500 to 20000).
// BENCH_KEEP_DATA=1 keeps the temporary folder (database and logs) for a post-mortem.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon, { type Options as CannonOptions, type Result as CannonResult } from "autocannon";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(ROOT);

const CONNECTIONS = 50;
const SECONDS = positiveNumber(process.env.BENCH_SECONDS, 10);
const WARMUP_SECONDS = Math.min(2, SECONDS);
const MINT_CONCURRENCY = 20;
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
const JSON_HEADERS = { "content-type": "application/json" };

type Row = {
  name: string;
  method: string;
  path: string;
  requestsPerSec: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  totalRequests: number;
  durationSeconds: number;
  ratioToCeiling: number | null;
  statusCodes: Record<string, number>;
  notes: string[];
};

// ---------------------------------------------------------------------------------------------
// The service under test
// ---------------------------------------------------------------------------------------------

type Service = { baseUrl: string; child: ChildProcess; tmp: string; output: string[] };
let service: Service | undefined;

function checkEnvironment() {
  if (process.env.SERVICE_ENV === "production") {
    throw new Error("SERVICE_ENV=production: the benchmark needs THROTTLES_DISABLED=1, which production refuses. Unset SERVICE_ENV to run it.");
  }
}

function ensureBuild() {
  if (existsSync(path.join(ROOT, ".next", "BUILD_ID"))) return;
  console.log("No .next/BUILD_ID: running `npx next build` first.");
  const r = spawnSync("npx", ["next", "build"], { stdio: "inherit", cwd: ROOT });
  if (r.status !== 0) throw new Error(`next build failed (exit ${r.status ?? r.signal})`);
}

async function startService(): Promise<Service> {
  const tmp = mkdtempSync(path.join(os.tmpdir(), "mail-bench-"));
  // PostgreSQL runs as the `postgres` OS user when we are root; it must be able to enter the folder.
  chmodSync(tmp, 0o777);
  const pgPort = await freePort();
  let port = await freePort();
  while (port === pgPort) port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;

  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: path.join(tmp, "data"),
    EMBEDDED_PG_PORT: String(pgPort),
    PORT: String(port),
    PUBLIC_BASE_URL: baseUrl,
    THROTTLES_DISABLED: "1",
    LOG_LEVEL: "warn",
    SANDBOX_STEP_SECONDS: "3600",
  };
  // No DATABASE_URL: serve.ts then starts the embedded PostgreSQL. It is set to "" rather than
  // deleted so that a DATABASE_URL in a local .env (loaded by dotenv, which never overrides a
  // variable that exists) cannot point the benchmark at a real database; serve.ts treats ""
  // as unset.
  childEnv.DATABASE_URL = "";

  const output: string[] = [];
  // detached: its own process group, so that a stuck service can be stopped as a whole.
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/serve.ts"], {
    cwd: ROOT,
    env: childEnv,
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  forwardLines(child.stdout!, output);
  forwardLines(child.stderr!, output);
  service = { baseUrl, child, tmp, output };
  console.log(`Starting the service on ${baseUrl} (embedded PostgreSQL on port ${pgPort}, data in ${tmp}) ...`);

  const started = Date.now();
  while (Date.now() - started < 60_000) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the service exited (${child.exitCode ?? child.signalCode}) before answering /v1/health`);
    }
    try {
      const res = await fetch(`${baseUrl}/v1/health`, { signal: AbortSignal.timeout(2_000) });
      await res.arrayBuffer();
      if (res.status === 200) {
        console.log(`Service ready in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
        return service;
      }
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error("the service did not answer GET /v1/health with 200 within 60 s");
}

async function stopService() {
  const s = service;
  if (!s) return;
  service = undefined;
  const { child } = s;
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    child.kill("SIGTERM");
    const inTime = await Promise.race([exited.then(() => true), sleep(30_000).then(() => false)]);
    if (!inTime) {
      console.error("The service did not stop within 30 s of SIGTERM; killing its process group.");
      try {
        process.kill(-child.pid!, "SIGKILL");
      } catch {
        // already gone
      }
      await Promise.race([exited, sleep(5_000)]);
    }
  }
  if (process.env.BENCH_KEEP_DATA === "1") console.log(`Kept the data folder ${s.tmp}`);
  else rmSync(s.tmp, { recursive: true, force: true });
}

function forwardLines(stream: NodeJS.ReadableStream, keep: string[]) {
  let buffered = "";
  stream.setEncoding("utf8");
  stream.on("data", (chunk: string) => {
    buffered += chunk;
    let nl: number;
    while ((nl = buffered.indexOf("\n")) >= 0) {
      const line = buffered.slice(0, nl);
      buffered = buffered.slice(nl + 1);
      if (!line.trim()) continue;
      keep.push(line);
      if (keep.length > 200) keep.shift();
      process.stderr.write(`[service] ${line}\n`);
    }
  });
}

// ---------------------------------------------------------------------------------------------
// HTTP helpers
// ---------------------------------------------------------------------------------------------

async function postJson(url: string, body: string, headers: Record<string, string> = {}) {
  const res = await fetch(url, { method: "POST", headers: { ...JSON_HEADERS, ...headers }, body, signal: AbortSignal.timeout(30_000) });
  const text = await res.text();
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, json, text };
}

async function quote(baseUrl: string): Promise<string> {
  const r = await postJson(`${baseUrl}/v1/quotes`, LETTER_JSON);
  if (r.status !== 200 || typeof r.json?.confirmation_token !== "string") {
    throw new Error(`POST /v1/quotes answered ${r.status}: ${r.text.slice(0, 500)}`);
  }
  return r.json.confirmation_token;
}

async function order(baseUrl: string, token: string): Promise<string> {
  const r = await postJson(`${baseUrl}/v1/orders`, JSON.stringify({ ...LETTER, confirmation_token: token }), { "Idempotency-Key": randomUUID() });
  if (r.status !== 201 || typeof r.json?.order?.id !== "string") {
    throw new Error(`POST /v1/orders answered ${r.status}: ${r.text.slice(0, 500)}`);
  }
  return r.json.order.id;
}

/** Quotes `n` letters, MINT_CONCURRENCY at a time, and returns their confirmation tokens. */
async function mintTokens(baseUrl: string, n: number): Promise<string[]> {
  const tokens: string[] = [];
  const failures: string[] = [];
  let next = 0;
  const started = Date.now();
  let lastReport = started;
  const worker = async () => {
    while (next < n && failures.length < 10) {
      next++;
      try {
        tokens.push(await quote(baseUrl));
      } catch (err) {
        failures.push((err as Error).message);
      }
      if (Date.now() - lastReport > 5_000) {
        lastReport = Date.now();
        process.stdout.write(`  ... ${tokens.length}/${n} tokens\n`);
      }
    }
  };
  await Promise.all(Array.from({ length: MINT_CONCURRENCY }, worker));
  if (failures.length) throw new Error(`minting confirmation tokens failed ${failures.length} time(s); first: ${failures[0]}`);
  console.log(`Minted ${tokens.length} confirmation tokens in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  return tokens;
}

// ---------------------------------------------------------------------------------------------
// autocannon
// ---------------------------------------------------------------------------------------------

function cannon(opts: CannonOptions): Promise<CannonResult> {
  return new Promise((resolve, reject) => {
    autocannon({ connections: CONNECTIONS, ...opts }, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

function toRow(name: string, method: string, routePath: string, r: CannonResult, notes: string[] = []): Row {
  const statusCodes: Record<string, number> = {};
  for (const [code, { count }] of Object.entries(r.statusCodeStats ?? {})) statusCodes[code] = Number(count);
  const total = Object.values(statusCodes).reduce((a, b) => a + b, 0);
  return {
    name,
    method,
    path: routePath,
    requestsPerSec: round(r.requests.average, 1),
    latencyP50Ms: round(r.latency.p50, 2),
    latencyP99Ms: round(r.latency.p99, 2),
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    totalRequests: total,
    durationSeconds: r.duration,
    ratioToCeiling: null,
    statusCodes,
    notes,
  };
}

function reportRun(row: Row) {
  const codes = Object.entries(row.statusCodes).map(([c, n]) => `${c}x${n}`).join(" ");
  console.log(
    `  ${row.requestsPerSec} req/s, p50 ${row.latencyP50Ms} ms, p99 ${row.latencyP99Ms} ms, ${row.totalRequests} responses [${codes}]` +
      (row.non2xx ? `, ${row.non2xx} non-2xx` : "") +
      (row.errors ? `, ${row.errors} errors (${row.timeouts} timeouts)` : ""),
  );
  for (const n of row.notes) console.log(`  ! ${n}`);
}

/**
 * Lets the service finish what the previous run left in flight: a duration-bound autocannon run
 * stops with up to CONNECTIONS requests still queued in the server, and they would otherwise be
 * counted against the next run (or still be running when the service is stopped).
 */
async function settle(baseUrl: string) {
  await sleep(500);
  for (let i = 0; i < 20; i++) {
    const t = performance.now();
    await (await fetch(`${baseUrl}/v1/health`, { signal: AbortSignal.timeout(30_000) })).arrayBuffer();
    if (performance.now() - t < 50) return;
    await sleep(250);
  }
}

/** Keeps the first few non-2xx responses so that failures can be reported with their bodies. */
function failureSampler(limit = 5) {
  const samples: string[] = [];
  const counts = new Map<string, number>();
  return {
    record(status: number, body: string) {
      if (status >= 200 && status < 300) return;
      let code = "";
      try {
        code = String(JSON.parse(body)?.code ?? "");
      } catch {
        // not JSON
      }
      const k = `${status}${code ? ` ${code}` : ""}`;
      counts.set(k, (counts.get(k) ?? 0) + 1);
      if (samples.length < limit) samples.push(`${status}: ${body.slice(0, 300)}`);
    },
    notes(): string[] {
      if (!counts.size) return [];
      return [
        `non-2xx by status/code: ${[...counts].map(([k, n]) => `${k} x${n}`).join(", ")}`,
        ...samples.map((s) => `sample ${s}`),
      ];
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The benchmark
// ---------------------------------------------------------------------------------------------

async function bench(baseUrl: string): Promise<Row[]> {
  const rows: Row[] = [];

  // Warm-up: Next.js loads each route's code on its first request, and V8 needs a moment of
  // load to optimise the hot paths; keep both out of the numbers.
  console.log(`Warming up (${WARMUP_SECONDS} s of GET /v1/health, a few quotes and one order) ...`);
  await cannon({ url: baseUrl, duration: WARMUP_SECONDS, requests: [{ method: "GET", path: "/v1/health" }] });
  await Promise.all(Array.from({ length: 10 }, () => quote(baseUrl)));
  // One order: warms the route, and is the order that run d reads if run c creates none.
  const warmOrderId = await order(baseUrl, await quote(baseUrl));
  await (await fetch(`${baseUrl}/v1/orders/${warmOrderId}`)).arrayBuffer();
  let orderId: string | undefined; // the first order created by run c

  // a. The ceiling.
  await settle(baseUrl);
  console.log(`\n[a] GET /v1/health for ${SECONDS} s ...`);
  {
    const sampler = failureSampler();
    const r = await cannon({
      url: baseUrl,
      duration: SECONDS,
      requests: [{ method: "GET", path: "/v1/health", onResponse: (s, b) => sampler.record(s, b) }],
    });
    rows.push(toRow("health (ceiling)", "GET", "/v1/health", r, sampler.notes()));
    reportRun(rows.at(-1)!);
  }

  // b. Quotes.
  await settle(baseUrl);
  console.log(`\n[b] POST /v1/quotes for ${SECONDS} s ...`);
  {
    const sampler = failureSampler();
    const r = await cannon({
      url: baseUrl,
      duration: SECONDS,
      requests: [{ method: "POST", path: "/v1/quotes", headers: JSON_HEADERS, body: LETTER_JSON, onResponse: (s, b) => sampler.record(s, b) }],
    });
    rows.push(toRow("quote", "POST", "/v1/quotes", r, sampler.notes()));
    reportRun(rows.at(-1)!);
  }

  // c. Orders: one fresh confirmation_token and Idempotency-Key per request.
  await settle(baseUrl);
  {
    const quotesRps = rows[1].requestsPerSec;
    const n = Math.min(MAX_TOKENS, Math.max(MIN_TOKENS, Math.round(quotesRps * SECONDS)));
    console.log(`\n[c] Minting ${n} confirmation tokens (${MINT_CONCURRENCY} quotes at a time) ...`);
    const tokens = await mintTokens(baseUrl, n);
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
  await settle(baseUrl);
  orderId ??= warmOrderId;
  console.log(`\n[d] GET /v1/orders/${orderId} for ${SECONDS} s ...`);
  {
    const sampler = failureSampler();
    const r = await cannon({
      url: baseUrl,
      duration: SECONDS,
      requests: [{ method: "GET", path: `/v1/orders/${orderId}`, onResponse: (s, b) => sampler.record(s, b) }],
    });
    rows.push(toRow("read order", "GET", "/v1/orders/{id}", r, sampler.notes()));
    reportRun(rows.at(-1)!);
  }

  await settle(baseUrl);

  const ceiling = rows[0].requestsPerSec;
  for (const row of rows) row.ratioToCeiling = ceiling > 0 ? round(row.requestsPerSec / ceiling, 3) : null;
  return rows;
}

function printTable(rows: Row[]) {
  const header = ["route", "", "req/s", "p50 ms", "p99 ms", "non-2xx", "errors", "vs ceiling"];
  const body = rows.map((r) => [
    r.name,
    `${r.method} ${r.path}`,
    r.requestsPerSec.toFixed(1),
    r.latencyP50Ms.toFixed(2),
    r.latencyP99Ms.toFixed(2),
    String(r.non2xx),
    String(r.errors),
    r.ratioToCeiling === null ? "-" : `${(r.ratioToCeiling * 100).toFixed(1)} %`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const line = (cells: string[]) => "| " + cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(" | ") + " |";
  console.log(line(header));
  console.log("|" + widths.map((w, i) => (i < 2 ? "-".repeat(w + 2) : "-".repeat(w + 1) + ":")).join("|") + "|");
  for (const b of body) console.log(line(b));
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
  const { baseUrl } = await startService();
  const rows = await bench(baseUrl);

  console.log(`\nResults (${new Date().toISOString()})`);
  console.log(`Machine: Node ${machine.node}, ${machine.cpus} CPUs, ${machine.totalMemoryGiB} GiB RAM. ${NOTE}\n`);
  printTable(rows);
  const problems = rows.filter((r) => r.non2xx || r.errors).map((r) => `${r.method} ${r.path}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  if (problems.length) {
    console.log("\nProblems:");
    for (const p of problems) console.log(`  - ${p}`);
    exitCode = 1;
  }
  writeFileSync(
    RESULTS_FILE,
    JSON.stringify(
      { date: new Date().toISOString(), note: NOTE, machine, settings: { connections: CONNECTIONS, seconds: SECONDS }, results: rows, problems },
      null,
      2,
    ) + "\n",
  );
  console.log(`\nWrote ${path.relative(ROOT, RESULTS_FILE)}`);
} catch (err) {
  exitCode = 1;
  console.error(`\nBenchmark failed: ${(err as Error).stack ?? err}`);
  if (service?.output.length) console.error("(The service's own output is above, prefixed [service].)");
} finally {
  if (!interrupted) await stopService();
}
process.exit(exitCode);

// ---------------------------------------------------------------------------------------------

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

function sleep(ms: number) {
  return new Promise<void>((r) => setTimeout(r, ms));
}

function round(n: number, digits: number) {
  const f = 10 ** digits;
  return Math.round((n ?? 0) * f) / f;
}

function positiveNumber(value: string | undefined, fallback: number) {
  const n = Number(value);
  return value && Number.isFinite(n) && n > 0 ? n : fallback;
}
