// The worker process alone (`npm run worker`): run as many as you like against one database.
import { env } from "@/lib/env";
import { closeDb } from "@/lib/db";
import { runWorker } from "@/lib/jobs/run-worker";
import { log } from "@/lib/log";

env();
const worker = runWorker({ pollMs: Number(process.env.WORKER_POLL_MS ?? 1000) });
log.info("worker started");
const shutdown = async () => {
  await worker.stop();
  await closeDb();
  process.exit(0);
};
process.on("SIGTERM", shutdown);
process.on("SIGINT", shutdown);
