import { spawn } from "node:child_process";
import { chmodSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { freePort } from "@/scripts/support/free-port";

// `npm start`'s launcher starts a child again when it dies after it was serving (the fault
// test kills the worker to show it), but a child that cannot start at all is a configuration to
// fix: the launcher stops with its exit code and says which, rather than restarting it forever.

test("a web server that cannot start (production without a signing secret) stops the launcher with an error", async () => {
  test.setTimeout(120_000);
  const dir = mkdtempSync(path.join(tmpdir(), "mail-launcher-"));
  chmodSync(dir, 0o777);
  let output = "";
  const launcher = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
    env: { ...process.env, DATABASE_URL: "", SIGNING_SECRET: "", SERVICE_ENV: "production", DATA_DIR: dir, EMBEDDED_PG_PORT: String(await freePort()), PORT: String(await freePort()), LOG_LEVEL: "warn" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  launcher.stdout!.on("data", (d) => (output += d));
  launcher.stderr!.on("data", (d) => (output += d));
  try {
    const code = await new Promise<number | null>((resolve) => launcher.once("exit", resolve));
    expect(code, output.slice(-2000)).not.toBe(0);
    expect(output).toMatch(/could not start/);
    expect(output).not.toMatch(/starting it again/);
  } finally {
    if (launcher.exitCode === null) launcher.kill("SIGKILL");
    rmSync(dir, { recursive: true, force: true });
  }
});

// Profiling the service as it runs: Node takes --cpu-prof only on its command line, so the
// launcher passes SERVICE_NODE_FLAGS to both children (README, "Benchmark").
test("SERVICE_NODE_FLAGS reaches both children: each writes a CPU profile when stopped", async () => {
  test.setTimeout(180_000);
  const dir = mkdtempSync(path.join(tmpdir(), "mail-launcher-"));
  chmodSync(dir, 0o777);
  const profiles = path.join(dir, "profiles");
  const port = await freePort();
  let output = "";
  const launcher = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
    env: { ...process.env, DATABASE_URL: "", DATA_DIR: dir, EMBEDDED_PG_PORT: String(await freePort()), PORT: String(port), LOG_LEVEL: "warn", SERVICE_NODE_FLAGS: `--cpu-prof --cpu-prof-dir=${profiles}` },
    stdio: ["ignore", "pipe", "pipe"],
  });
  launcher.stdout!.on("data", (d) => (output += d));
  launcher.stderr!.on("data", (d) => (output += d));
  try {
    await expect.poll(async () => (await fetch(`http://127.0.0.1:${port}/v1/health`).catch(() => null))?.status ?? 0, { timeout: 120_000, message: output.slice(-2000) }).toBe(200);
    launcher.kill("SIGTERM");
    expect(await new Promise<number | null>((resolve) => launcher.once("exit", resolve)), output.slice(-2000)).toBe(0);
    expect(readdirSync(profiles).filter((f) => f.endsWith(".cpuprofile")).length).toBeGreaterThanOrEqual(2);
  } finally {
    if (launcher.exitCode === null) launcher.kill("SIGKILL");
    rmSync(dir, { recursive: true, force: true });
  }
});

test("SERVICE_NODE_FLAGS with something that is not a flag stops the launcher before it starts anything", async () => {
  const launcher = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
    env: { ...process.env, SERVICE_NODE_FLAGS: "--cpu-prof ; rm -rf /", PORT: String(await freePort()), EMBEDDED_PG_PORT: String(await freePort()), DATA_DIR: mkdtempSync(path.join(tmpdir(), "mail-launcher-")) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  launcher.stderr!.on("data", (d) => (output += d));
  expect(await new Promise<number | null>((resolve) => launcher.once("exit", resolve))).toBe(2);
  expect(output).toMatch(/SERVICE_NODE_FLAGS: ";" is not a Node flag/);
});
