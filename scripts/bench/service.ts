// The service under test: what `npm start` runs (dist/start.js, the compiled launcher, web server
// and worker, over the Next.js build), built from the code as it is, on a fresh embedded PostgreSQL in a temporary
// folder, with the throttles and sending caps off (THROTTLES_DISABLED, SENDING_CAPS_DISABLED,
// which production refuses).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "../support/free-port";
import { sleep } from "./util";

export const ROOT = path.resolve(import.meta.dirname, "..", "..");

export function checkEnvironment() {
  if (process.env.SERVICE_ENV === "production") {
    throw new Error("SERVICE_ENV=production: the benchmark needs THROTTLES_DISABLED=1, which production refuses. Unset SERVICE_ENV to run it.");
  }
}

/**
 * `npm run build` first, so the bench measures the code as it is, compiled as production runs it
 * (a stale .next or dist/ would measure other code). BENCH_SKIP_BUILD=1 skips it when the build
 * is known to be current.
 */
export function ensureBuild() {
  if (process.env.BENCH_SKIP_BUILD === "1" && existsSync(path.join(ROOT, ".next", "BUILD_ID")) && existsSync(path.join(ROOT, "dist", "start.js"))) return;
  console.log("Building (npm run build) ...");
  const r = spawnSync("npm", ["run", "build"], { stdio: "inherit", cwd: ROOT });
  if (r.status !== 0) throw new Error(`npm run build failed (exit ${r.status ?? r.signal})`);
}

export type Service = { baseUrl: string; databaseUrl: string; child: ChildProcess; tmp: string; output: string[] };
let service: Service | undefined;



export async function startService(): Promise<Service> {
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
    SENDING_CAPS_DISABLED: "1", // thousands of live letters from one address
    FULFILLMENT: "sandbox",
    LOG_LEVEL: "warn",
    SANDBOX_STEP_SECONDS: "3600",
  };
  // No DATABASE_URL: start.ts then starts the embedded PostgreSQL. It is set to "" rather than
  // deleted so that a DATABASE_URL in a local .env (loaded by dotenv, which never overrides a
  // variable that exists) cannot point the benchmark at a real database; start.ts treats ""
  // as unset.
  childEnv.DATABASE_URL = "";

  const output: string[] = [];
  // detached: its own process group, so that a stuck service can be stopped as a whole.
  const child = spawn(process.execPath, ["dist/start.js"], {
    cwd: ROOT,
    env: childEnv,
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  forwardLines(child.stdout!, output);
  forwardLines(child.stderr!, output);
  // start.ts names the embedded database this way (lib/embedded-db/start-embedded-postgres.ts).
  service = { baseUrl, databaseUrl: `postgresql://postgres:postgres@127.0.0.1:${pgPort}/mail`, child, tmp, output };
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

export async function stopService() {
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

