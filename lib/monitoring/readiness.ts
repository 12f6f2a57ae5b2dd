import pg from "pg";
import { env } from "@/lib/env";
import { PGBOSS_SCHEMA, QUEUE_NAMES } from "@/lib/jobs/queues";
import { log } from "@/lib/log";
import { shippedMigrations } from "@/lib/migrations/apply-migrations";
import { DeadlineExceeded, within } from "@/lib/monitoring/deadline";

// /readyz: whether this instance can do its work now. Three checks, each on its own short
// deadline, so that a database that hangs (accepts connections, answers nothing) is a fast 503
// and never a probe that times out: the database answers, every migration this release ships
// is applied, and pg-boss's tables answer with every queue the service uses installed.
// The reasons name what failed in a few words, never a host, a port or a password: the
// endpoint is open to whoever can reach it (a load balancer's probe sends no credentials).
// The full error goes to the log.

export const CHECK_TIMEOUT_MS = 2_000;

export type ReadinessChecks = { database: string; migrations: string; queues: string };
export type Readiness = { ready: boolean; checks: ReadinessChecks };

const NOT_CHECKED = "not checked: the database is unreachable";

/** Checks `databaseUrl` now, on a connection of its own (a pool busy with requests must not hold a probe up). */
export async function checkReadiness(databaseUrl: string, timeoutMs = CHECK_TIMEOUT_MS): Promise<Readiness> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: timeoutMs, query_timeout: timeoutMs });
  client.on("error", () => {});
  try {
    try {
      await within(timeoutMs, client.connect().then(() => client.query("SELECT 1")));
    } catch (err) {
      return notReady({ database: `unreachable: ${describeFailure(err)}`, migrations: NOT_CHECKED, queues: NOT_CHECKED }, err);
    }
    const migrations = await check(timeoutMs, () => checkMigrations(client));
    const queues = await check(timeoutMs, () => checkQueues(client));
    const checks = { database: "ok", migrations: migrations.result, queues: queues.result };
    return checks.migrations === "ok" && checks.queues === "ok" ? { ready: true, checks } : notReady(checks, migrations.err ?? queues.err);
  } finally {
    void client.end().catch(() => {});
  }
}

let last: { at: number; answer: Promise<Readiness> } | undefined;

/**
 * The service's own readiness: one check at a time, its answer shared for a second. Every probe
 * opens a connection, and /readyz is open to anyone: a flood of probes must not become a flood
 * of connections.
 */
export function readiness(): Promise<Readiness> {
  if (last && Date.now() - last.at < 1_000) return last.answer;
  const answer = checkReadiness(env().DATABASE_URL);
  last = { at: Date.now(), answer };
  return answer;
}

async function check(timeoutMs: number, run: () => Promise<string>): Promise<{ result: string; err?: unknown }> {
  try {
    return { result: await within(timeoutMs, run()) };
  } catch (err) {
    return { result: `failed: ${describeFailure(err)}`, err };
  }
}

let shipped: string[] | undefined;

async function checkMigrations(client: pg.Client): Promise<string> {
  shipped ??= shippedMigrations();
  let rows: { migration_name: string; finished_at: Date | null; rolled_back_at: Date | null }[];
  try {
    ({ rows } = await client.query(`SELECT migration_name, finished_at, rolled_back_at FROM "_prisma_migrations"`));
  } catch (err) {
    if ((err as { code?: string }).code === "42P01") return `pending: all ${shipped.length} (none applied; run npm run migrate)`;
    throw err;
  }
  const failed = rows.filter((r) => !r.finished_at && !r.rolled_back_at).map((r) => r.migration_name);
  if (failed.length) return `failed: ${failed[0]} (fix the database by hand, then mark it rolled back)`;
  const applied = new Set(rows.filter((r) => r.finished_at && !r.rolled_back_at).map((r) => r.migration_name));
  // Migrations applied that this release does not ship are a newer release's (a rolling deploy):
  // they are written to keep the release before them working, so they do not count against it.
  const pending = shipped.filter((name) => !applied.has(name));
  return pending.length ? `pending: ${listed(pending)} (run npm run migrate)` : "ok";
}

async function checkQueues(client: pg.Client): Promise<string> {
  let installed: string[];
  try {
    const { rows } = await client.query<{ version: number; names: string[] }>(
      `SELECT (SELECT version FROM ${PGBOSS_SCHEMA}.version LIMIT 1) AS version,
              array(SELECT name FROM ${PGBOSS_SCHEMA}.queue WHERE name = ANY($1::text[])) AS names`,
      [QUEUE_NAMES],
    );
    installed = rows[0].names;
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === "42P01" || code === "3F000") return "missing: pg-boss is not installed (run npm run migrate)";
    throw err;
  }
  const missing = QUEUE_NAMES.filter((name) => !installed.includes(name));
  return missing.length ? `missing: ${listed(missing)} (run npm run migrate)` : "ok";
}

function listed(names: string[]): string {
  return names.length > 3 ? `${names.slice(0, 3).join(", ")} and ${names.length - 3} more` : names.join(", ");
}

function notReady(checks: ReadinessChecks, err: unknown): Readiness {
  log.warn({ checks, err: err instanceof Error ? { message: err.message, code: (err as { code?: unknown }).code } : err }, "not ready");
  return { ready: false, checks };
}

const REASONS: Record<string, string> = {
  ECONNREFUSED: "connection refused",
  ECONNRESET: "connection reset",
  ENOTFOUND: "host not found",
  EAI_AGAIN: "host not found",
  EHOSTUNREACH: "host unreachable",
  ENETUNREACH: "host unreachable",
  ETIMEDOUT: "connection timed out",
  "57P01": "the server is shutting down",
  "57P03": "the server is starting up or shutting down",
  "28P01": "authentication failed",
  "28000": "authentication failed",
  "3D000": "no such database",
  "53300": "too many connections",
};

/** A few words for a failure, without the host, port or credentials its message may carry. */
export function describeFailure(err: unknown): string {
  if (err instanceof DeadlineExceeded) return err.message;
  const e = err as { code?: unknown; message?: unknown };
  if (typeof e?.code === "string") return REASONS[e.code] ?? `error ${e.code}`;
  if (typeof e?.message === "string" && /timeout/i.test(e.message)) return "no answer in time";
  if (typeof e?.message === "string" && /terminated/i.test(e.message)) return "connection closed";
  return "failed (see the log)";
}
