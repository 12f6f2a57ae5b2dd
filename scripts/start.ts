// `npm start`: the whole service on one machine. With DATABASE_URL unset it starts the
// embedded PostgreSQL (data under .data/postgres), applies the migrations, then runs the web
// server and the worker as two child processes, starts either again if it ends unasked, and
// stops them together on a signal. `npm start` runs this file's bundle (dist/start.js, from
// `npm run build`), whose children run their bundles; run from TypeScript through tsx (the
// tests, the bench), its children are TypeScript through tsx too.
import "dotenv/config";
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { startEmbeddedPostgres, type EmbeddedDb } from "@/lib/embedded-db/start-embedded-postgres";
import { applyMigrations } from "@/lib/migrations/apply-migrations";
import { bundlePath, compiled } from "@/scripts/support/compiled";

// SERVICE_NODE_FLAGS adds Node flags to both children, for profiling: "--cpu-prof
// --cpu-prof-dir=/tmp/prof" or "--heapsnapshot-signal=SIGUSR2" (Node refuses those in
// NODE_OPTIONS, the only other way to reach a child). Flags only: anything else is refused here.
const serviceFlags = (process.env.SERVICE_NODE_FLAGS ?? "").split(/\s+/).filter(Boolean);
const notAFlag = serviceFlags.find((f) => !/^--[a-z0-9][a-z0-9-]*(=[^\s]+)?$/.test(f));
if (notAFlag) {
  console.error(`SERVICE_NODE_FLAGS: "${notAFlag}" is not a Node flag (--name or --name=value).`);
  process.exit(2);
}
const dataDir = path.resolve(process.env.DATA_DIR ?? ".data");
mkdirSync(dataDir, { recursive: true });

let embedded: EmbeddedDb | undefined;
if (!process.env.DATABASE_URL) {
  const port = Number(process.env.EMBEDDED_PG_PORT ?? 54329);
  embedded = await startEmbeddedPostgres({ dataDir: path.join(dataDir, "postgres"), port, quiet: true });
  process.env.DATABASE_URL = embedded.url;
  console.log(`Embedded PostgreSQL on port ${port}, data in ${path.join(dataDir, "postgres")}`);
}
if (!process.env.SIGNING_SECRET && process.env.SERVICE_ENV !== "production") {
  // A laptop gets its own secret, kept so that tokens survive restarts.
  const file = path.join(dataDir, "signing-secret");
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString("hex"), { mode: 0o600 });
  process.env.SIGNING_SECRET = readFileSync(file, "utf8").trim();
}

const report = await applyMigrations(process.env.DATABASE_URL!);
if (report.applied.length) console.log(`Applied migrations: ${report.applied.join(", ")}`);

// Compiled: `node dist/web.js`. Without --enable-source-maps: with it, Node reads the source map
// of every module it loads and keeps it, the Next.js build's 48 MB of server maps included, which
// measured about 90 MB more heap per process (issue 22; README, "Benchmark"). Stack traces name
// the bundles' lines (esbuild's are not minified; Next's are); NODE_OPTIONS=--enable-source-maps,
// which the children inherit, maps them to the TypeScript when that is worth the memory.
// Otherwise `node --import tsx scripts/web.ts`, rather than the tsx CLI: the CLI's own wrapper
// process answers signals by force-killing its child, which would cut a graceful stop short.
// Each child says "ready" over an IPC channel once it serves (scripts/web.ts, scripts/worker.ts).
const scriptOf = (name: "web" | "worker") => (compiled ? path.relative(process.cwd(), bundlePath(name)) : `scripts/${name}.ts`);
const nodeFlags = [...(compiled ? [] : ["--import", "tsx"]), ...serviceFlags];
const run = (script: string) => spawn(process.execPath, [...nodeFlags, script], { stdio: ["inherit", "inherit", "inherit", "ipc"], env: process.env });

// Each child is kept running on its own: one that ends unasked (a bug, an out-of-memory kill)
// is started again after a pause that grows while it keeps failing, and the other keeps
// serving. Only a signal to the launcher stops them all.
let stopping = false;
const children = new Map<string, ChildProcess>();
function keep(script: string, failures = 0, first = true) {
  const child = run(script);
  const started = Date.now();
  let ready = false;
  child.on("message", (m) => (ready ||= m === "ready"));
  children.set(script, child);
  child.on("exit", (code, signal) => {
    if (stopping) return;
    // A first start that ends before it is ready is a configuration to fix (a port in use, a
    // bad variable, no database), not an outage to wait out: stop, with its exit code.
    if (first && !ready) {
      console.error(`${script} could not start (${signal ?? `code ${code}`})`);
      return void stop(code || 1);
    }
    // A child that ran a minute or more starts its count of failures afresh.
    const streak = Date.now() - started > 60_000 ? 1 : failures + 1;
    const pause = Math.min(30_000, 500 * 2 ** (streak - 1));
    console.error(`${script} ended (${signal ?? `code ${code}`}); starting it again in ${pause / 1000} s`);
    setTimeout(() => stopping || keep(script, streak, false), pause);
  });
}
keep(scriptOf("web"));
if (process.env.RUN_WORKER !== "0") keep(scriptOf("worker"));

async function stop(code: number) {
  if (stopping) return;
  stopping = true;
  const running = [...children.values()].filter((c) => c.exitCode === null && c.signalCode === null);
  for (const c of running) c.kill("SIGTERM");
  await Promise.all(running.map((c) => new Promise((r) => c.once("exit", r))));
  await embedded?.stop();
  process.exit(code);
}
// embedded-postgres installs its own signal handlers that stop PostgreSQL at once, while the
// web server and worker may still be answering requests. Ours stop the children first.
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  process.removeAllListeners(signal);
  process.on(signal, () => void stop(0));
}
