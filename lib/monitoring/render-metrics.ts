import { Counter, Gauge, Registry } from "prom-client";
import { log } from "@/lib/log";
import { processRegistry, sharedCounters } from "@/lib/metrics/metrics";
import { DeadlineExceeded, within } from "@/lib/monitoring/deadline";
import { readQueueDepths } from "@/lib/monitoring/queue-depth";
import { readSharedCounts, reportSharedCounts } from "@/lib/monitoring/shared-counts";

// /metrics in Prometheus's text format: this process's own series (HTTP, Node), the service's
// shared counters from PostgreSQL, and the queues read from pg-boss now. It answers while the
// database is away (that is when it is most wanted): mail_database_up is then 0, and the series
// read from the database are left out of that scrape, never shown as zeros.

/** How long a scrape waits for the database before answering without it. */
const READ_TIMEOUT_MS = 2_000;

export async function renderMetrics(): Promise<{ contentType: string; body: string }> {
  const scrape = new Registry();
  const databaseUp = new Gauge({
    name: "mail_database_up",
    help: "1 when this scrape read PostgreSQL (the shared counters and the queues); 0 when it could not, and those series are missing from it.",
    registers: [scrape],
  });
  const counters = new Map(
    sharedCounters().map((def) => [def.name, { labelNames: def.labelNames.join(), counter: new Counter({ name: def.name, help: def.help, labelNames: [...def.labelNames], registers: [scrape] }) }]),
  );
  const queueJobs = new Gauge({
    name: "mail_queue_jobs",
    help: "Jobs in each pg-boss queue by state: due (ready to run), scheduled (waiting for a later time), active, failed (no retries left; kept until pg-boss archives them).",
    labelNames: ["queue", "state"],
    registers: [scrape],
  });
  const oldestDue = new Gauge({
    name: "mail_queue_oldest_due_job_seconds",
    help: "How long the longest-waiting due job of each queue has been ready to run without a worker taking it (0: none waits).",
    labelNames: ["queue"],
    registers: [scrape],
  });

  // This process's own counts first, so that the scrape includes what it counted a moment ago.
  await within(READ_TIMEOUT_MS, reportSharedCounts()).catch(() => {});
  try {
    const [counts, queues] = await within(READ_TIMEOUT_MS, Promise.all([readSharedCounts(), readQueueDepths()]));
    for (const c of counts) {
      const shared = counters.get(c.metric);
      // A row written under other labels (an older release's) is left out rather than failing the scrape.
      if (shared && Object.keys(c.labels).join() === shared.labelNames) shared.counter.inc(c.labels, c.value);
    }
    for (const q of queues) {
      for (const state of ["due", "scheduled", "active", "failed"] as const) queueJobs.set({ queue: q.queue, state }, q[state]);
      oldestDue.set({ queue: q.queue }, q.oldestDueSeconds);
    }
    databaseUp.set(1);
  } catch (err) {
    databaseUp.set(0);
    log.warn({ err: err instanceof DeadlineExceeded ? err.message : err }, "metrics: the database could not be read for this scrape");
  }
  const merged = Registry.merge([processRegistry(), scrape]);
  return { contentType: merged.contentType, body: await merged.metrics() };
}
