import { pgPool } from "@/lib/db";
import { isDatabaseUnreachable } from "@/lib/db-unreachable";
import { log } from "@/lib/log";
import { restorePendingCounts, takePendingCounts, type PendingCount } from "@/lib/metrics/metrics";

// The shared counters' totals in PostgreSQL (table metric_counts; why, at the top of
// lib/metrics/metrics.ts). Each process adds what it counted since its last report; a report
// that fails (the database away) is put back and goes with the next one.

/** How often a web server or worker reports its counts (scripts/web.ts, scripts/worker.ts). */
export const REPORT_EVERY_MS = 5_000;

/**
 * Adds what this process counted since its last report to the totals. One statement, rows in
 * one order (so two processes reporting at once wait for each other instead of deadlocking).
 */
export async function reportSharedCounts(): Promise<void> {
  const counts = takePendingCounts();
  if (counts.length === 0) return;
  try {
    await pgPool().query(
      `INSERT INTO metric_counts (metric, labels, value)
       SELECT metric, labels, value FROM unnest($1::text[], $2::text[], $3::bigint[]) AS c(metric, labels, value)
       ORDER BY metric, labels
       ON CONFLICT (metric, labels) DO UPDATE SET value = metric_counts.value + EXCLUDED.value, updated_at = now()`,
      [counts.map((c) => c.metric), counts.map((c) => JSON.stringify(c.labels)), counts.map((c) => String(Math.round(c.value)))],
    );
  } catch (err) {
    restorePendingCounts(counts);
    throw err;
  }
}

/** The totals of every shared counter, each label set once. */
export async function readSharedCounts(): Promise<PendingCount[]> {
  const { rows } = await pgPool().query<{ metric: string; labels: string; value: string }>(`SELECT metric, labels, value::text AS value FROM metric_counts`);
  return rows.map((r) => ({ metric: r.metric, labels: JSON.parse(r.labels) as Record<string, string>, value: Number(r.value) }));
}

const globalForReports = globalThis as unknown as { __mailCountReports?: NodeJS.Timeout };

function logFailure(err: unknown) {
  // A database restart is logged once by everything else; the counts simply wait for it.
  if (isDatabaseUnreachable(err)) log.debug({ err: (err as Error).message }, "metrics: counts not reported; the database is away, they go with the next report");
  else log.warn({ err }, "metrics: counts not reported; they go with the next report");
}

/** Reports this process's counts every REPORT_EVERY_MS from now on (once per process, however often called). */
export function startReportingSharedCounts(everyMs = REPORT_EVERY_MS): void {
  if (globalForReports.__mailCountReports) return;
  globalForReports.__mailCountReports = setInterval(() => void reportSharedCounts().catch(logFailure), everyMs).unref();
}

/** Stops the reports, after a last one: for a process that is stopping (before it closes its database pool). */
export async function stopReportingSharedCounts(): Promise<void> {
  clearInterval(globalForReports.__mailCountReports);
  globalForReports.__mailCountReports = undefined;
  await reportSharedCounts().catch(logFailure);
}
