import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startEmbeddedPostgres, type EmbeddedDb } from "@/lib/embedded-db/start-embedded-postgres";
import { applyMigrations } from "@/lib/migrations/apply-migrations";
import { freePort } from "@/scripts/support/free-port";

// A real PostgreSQL on a fresh data folder for every run of the API tier.
let pg: EmbeddedDb | undefined;
let dir: string | undefined;

export async function setup() {
  dir = mkdtempSync(path.join(tmpdir(), "mail-api-tests-"));
  // postgres runs as the `postgres` OS user when we are root; it must be able to enter the folder.
  (await import("node:fs")).chmodSync(dir, 0o777);
  const port = await freePort();
  pg = await startEmbeddedPostgres({ dataDir: path.join(dir, "pg"), port, database: "mail_test", quiet: true });
  await applyMigrations(pg.url);
  Object.assign(process.env, {
    DATABASE_URL: pg.url,
    SERVICE_ENV: "test",
    SIGNING_SECRET: "test-signing-secret-0123456789abcdef0123456789",
    SANDBOX_STEP_SECONDS: "0.05",
    LOG_LEVEL: "silent",
    PUBLIC_BASE_URL: "http://mail.test",
  });
}

export async function teardown() {
  await pg?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
}
