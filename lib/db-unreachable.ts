// Whether an error means the database cannot be reached right now (refused, timed out,
// dropped, shutting down or starting up), as node-postgres, pg-boss and Prisma's pg adapter
// report it, possibly wrapped in `cause`. Such an error is an outage to wait out (a 503 and a
// retry), never a bug to crash on.

const UNREACHABLE_CODES = new Set([
  "ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "ENOTFOUND", "EHOSTUNREACH", "EPIPE",
  // PostgreSQL: admin shutdown, crash shutdown, cannot connect now (starting up or shutting down).
  "57P01", "57P02", "57P03",
  // Prisma: cannot reach, timed out, closed the connection; P2039 is how Prisma 7 reports a
  // server that ended the connection during a restart (57P01 / 57P03 underneath).
  "P1001", "P1002", "P1017", "P2039",
]);

const UNREACHABLE_MESSAGE = /connection terminated|timeout exceeded when trying to connect|can't reach database|database system is (shutting down|starting up|in recovery mode)|terminating connection due to administrator command|client has encountered a connection error|connection is closed|databasenotreachable/i;

export function isDatabaseUnreachable(err: unknown): boolean {
  for (let e = err as { code?: unknown; message?: unknown; cause?: unknown; kind?: unknown } | undefined, depth = 0; e && depth < 6; e = e.cause as typeof e, depth++) {
    if (typeof e.code === "string" && (UNREACHABLE_CODES.has(e.code) || /^08/.test(e.code))) return true;
    if (typeof e.message === "string" && UNREACHABLE_MESSAGE.test(e.message)) return true;
    if (e.kind === "DatabaseNotReachable") return true;
  }
  return false;
}
