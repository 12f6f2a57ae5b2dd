import { isDatabaseUnreachable } from "@/lib/db-unreachable";
import { log } from "@/lib/log";

/**
 * Keeps a long-running process (the web server, the worker) alive through a database outage.
 * pg-boss and node-postgres can reject a promise nobody awaits when PostgreSQL restarts (a
 * job's failure written back while the server shuts down, 57P03): by default Node ends the
 * process on that, and a whole service went down with a database restart. Such a rejection is
 * logged and waited out; the pools reconnect by themselves. Any other unhandled rejection is a
 * bug: the process ends with code 1, and `npm start`'s launcher starts it again.
 */
export function surviveDatabaseOutages(processName: string): void {
  process.on("unhandledRejection", (err) => {
    if (isDatabaseUnreachable(err)) {
      log.warn({ err: brief(err) }, `${processName}: the database went away under a background task; waiting for it`);
      return;
    }
    log.fatal({ err }, `${processName}: unhandled rejection`);
    process.exit(1);
  });
}

const brief = (err: unknown) => (err instanceof Error ? { message: err.message, code: (err as { code?: unknown }).code } : err);
