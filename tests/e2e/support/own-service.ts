import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { expect } from "@playwright/test";
import { freePort } from "@/scripts/support/free-port";

export type OwnService = {
  base: string;
  process: ChildProcess;
  /** Everything the service wrote so far (stdout and stderr). */
  output: () => string;
  /** The exit code once the launcher has stopped; undefined while it runs. */
  exitCode: () => number | null | undefined;
  stop: () => Promise<void>;
};

/**
 * The whole service as `npm start` runs it (launcher, web server, worker; needs `next build`),
 * on ports of its own, for the tests that must own it: restart its database, kill its worker,
 * or send it thousands of requests with the throttles off. With no DATABASE_URL in `env` it
 * starts its own embedded PostgreSQL under `dataDir`. `launcher`: node's arguments, the
 * TypeScript through tsx unless a test runs the compiled launcher (dist/start.js).
 */
export async function startOwnService(dataDir: string, env: Record<string, string> = {}, launcher = ["--import", "tsx", "scripts/start.ts"]): Promise<OwnService> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let output = "";
  let exit: number | null | undefined;
  const child = spawn(process.execPath, launcher, {
    env: {
      ...process.env,
      DATABASE_URL: "",
      EMBEDDED_PG_PORT: String(await freePort()),
      DATA_DIR: dataDir,
      PORT: String(port),
      PUBLIC_BASE_URL: base,
      SANDBOX_STEP_SECONDS: "0.5",
      THROTTLES_DISABLED: "1",
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  child.on("exit", (code) => (exit = code));
  const service: OwnService = {
    base,
    process: child,
    output: () => output,
    exitCode: () => exit,
    stop: async () => {
      if (exit !== undefined) return;
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
    },
  };
  await expect
    .poll(async () => {
      if (exit !== undefined) throw new Error(`the service stopped while starting:\n${output.slice(-3000)}`);
      return fetch(`${base}/v1/health`).then((r) => r.status, () => 0);
    }, { timeout: 90_000, intervals: [500] })
    .toBe(200);
  return service;
}

/** The pid of the launcher's child running `script` (`node --import tsx <script>`, or `node <bundle>` compiled), or null. */
export function childPid(parent: number, script: string): number | null {
  const out = execFileSync("ps", ["-o", "pid=,args=", "--ppid", String(parent)], { encoding: "utf8" });
  const line = out.split("\n").find((l) => l.includes(script));
  return line ? Number(line.trim().split(/\s+/)[0]) : null;
}

/** A process's resident memory now, in MB (Linux). */
export function rssMegabytes(pid: number): number {
  const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? NaN);
  return kb / 1024;
}
