import { spawn } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
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
