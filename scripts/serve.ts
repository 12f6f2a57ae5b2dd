// `npm start`: the whole service on one machine. With DATABASE_URL unset it starts the
// embedded PostgreSQL (data under .data/postgres), applies the migrations, then runs the web
// server and the worker as two child processes and stops them together.
import "dotenv/config";
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { startEmbeddedPostgres, type EmbeddedDb } from "@/lib/embedded-db/start-embedded-postgres";
import { applyMigrations } from "@/lib/migrations/apply-migrations";

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

// `node --import tsx` rather than the tsx CLI: the CLI's own wrapper process answers signals
// by force-killing its child, which would cut a graceful stop short.
const run = (script: string) => spawn(process.execPath, ["--import", "tsx", script], { stdio: "inherit", env: process.env });
const children: ChildProcess[] = [run("scripts/server.ts")];
if (process.env.RUN_WORKER !== "0") children.push(run("scripts/worker.ts"));

let stopping = false;
async function stop(code: number) {
  if (stopping) return;
  stopping = true;
  for (const c of children) if (c.exitCode === null) c.kill("SIGTERM");
  await Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.once("exit", r)) : null)));
  await embedded?.stop();
  process.exit(code);
}
for (const c of children) c.on("exit", (code) => void stop(code ?? 1));
// embedded-postgres installs its own signal handlers that stop PostgreSQL at once, while the
// web server and worker may still be answering requests. Ours stop the children first.
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  process.removeAllListeners(signal);
  process.on(signal, () => void stop(0));
}
