// The worker process alone (`npm run worker`): run as many as you like against one database.
import { env } from "@/lib/env";
import { closeDb } from "@/lib/db";
import { startWorker } from "@/lib/worker/start-worker";
import { stopBoss } from "@/lib/jobs/queues";
import { log } from "@/lib/log";
import { surviveDatabaseOutages } from "@/lib/process-outages";
import { startReportingSharedCounts, stopReportingSharedCounts } from "@/lib/monitoring/shared-counts";

env();
surviveDatabaseOutages("worker");
const worker = await startWorker({ pollingIntervalSeconds: Number(process.env.WORKER_POLL_SECONDS ?? 1) });
// What the worker counts (screening, deliveries, payments, job failures: lib/metrics) lives in
// this process only until it is reported to the totals in PostgreSQL, which /metrics serves.
startReportingSharedCounts();
log.info("worker started");
process.send?.("ready"); // to scripts/start.ts, when it started this process
let stopping = false;
const shutdown = async () => {
  if (stopping) return;
  stopping = true;
  await worker.stop();
  await stopReportingSharedCounts();
  await stopBoss();
  await closeDb();
  process.exit(0);
};
process.on("SIGTERM", shutdown);
process.on("SIGINT", shutdown);
