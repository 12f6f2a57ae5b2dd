import type { IncomingMessage, ServerResponse } from "node:http";
import pg from "pg";

// While PostgreSQL is away (a restart, a failover), a page that reads from it fails inside
// Next.js, which answers 500 with its error page. A reader should see a 503 and a page that
// says to try again, as the /v1 routes answer a 503 envelope. Next gives a page no way to pick
// its own status on a thrown error, so the web server (scripts/web.ts) holds back a page's
// 5xx answer, asks the database whether it is there, and answers 503 with the page below when
// it is not; any other 5xx goes out unchanged.

const PROBE_TIMEOUT_MS = 1_000;
const PROBE_CACHE_MS = 1_000;
let lastProbe: { at: number; reachable: Promise<boolean>; answer?: boolean } | undefined;

/**
 * Whether the database answers now: one short connection, cached for a second under load. A
 * "reachable" probed before `notBefore` (the request's arrival) is not reused: it cannot vouch
 * for a failure that came after it (the restart test once saw a page's 500 go out on a probe
 * made just before PostgreSQL stopped). An "unreachable" is reused within the second.
 */
export function databaseReachable(databaseUrl: string, notBefore = 0): Promise<boolean> {
  if (lastProbe && Date.now() - lastProbe.at < PROBE_CACHE_MS && (lastProbe.answer === false || lastProbe.at >= notBefore)) return lastProbe.reachable;
  const reachable = (async () => {
    const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: PROBE_TIMEOUT_MS, query_timeout: PROBE_TIMEOUT_MS });
    client.on("error", () => {});
    try {
      await client.connect();
      await client.query("SELECT 1");
      return true;
    } catch {
      return false;
    } finally {
      void client.end().catch(() => {});
    }
  })();
  const probe: NonNullable<typeof lastProbe> = { at: Date.now(), reachable };
  void reachable.then((answer) => (probe.answer = answer));
  lastProbe = probe;
  return reachable;
}

const OUTAGE_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="10"><title>Back in a moment</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:36rem;margin:15vh auto;padding:0 1.5rem;color:#1f2328}h1{font-size:1.5rem}</style></head>
<body><main><h1>Back in a moment</h1><p>The service cannot reach its database right now, so this page cannot be shown. Nothing you sent was lost.</p><p>Try again in a few seconds; this page reloads itself every 10 seconds.</p></main></body></html>`;

type WriteHead = ServerResponse["writeHead"];

/**
 * Paths that answer a database outage themselves, and must not get the outage page: the /v1
 * routes (their 503 envelope, lib/http/define-route.ts), /readyz (a 503 naming the failing
 * check, which is the point of it), /healthz and /metrics (which answer without the database).
 */
export function answersOwnOutages(url: string | undefined): boolean {
  const path = (url ?? "").split("?")[0];
  return path.startsWith("/v1/") || ["/readyz", "/healthz", "/metrics"].includes(path);
}

/**
 * Watches one page response: a 5xx that Next.js starts to send is held, and replaced by the
 * outage page (503) when the database cannot be reached, or sent as it was otherwise.
 */
export function answerOutagesWith503(req: IncomingMessage, res: ServerResponse, databaseUrl: string): void {
  const arrived = Date.now();
  const writeHead = res.writeHead.bind(res) as WriteHead;
  const write = res.write.bind(res);
  const end = res.end.bind(res);
  let held: { head: unknown[]; chunks: unknown[][] } | undefined;

  res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    const status = args[0] as number;
    // Once held, a later head (Next.js may write one twice) replaces the held one.
    if (held || status >= 500) {
      held = { head: args, chunks: held?.chunks ?? [] };
      return this;
    }
    return (writeHead as (...a: unknown[]) => ServerResponse)(...args);
  } as WriteHead;
  // A body written before any head sends the implicit head of res.statusCode: hold it too.
  const holdImplicit = () => {
    if (!held && !res.headersSent && res.statusCode >= 500) held = { head: [res.statusCode], chunks: [] };
  };
  res.write = function (...args: unknown[]) {
    holdImplicit();
    if (!held) return (write as (...a: unknown[]) => boolean)(...args);
    held.chunks.push(args);
    return true;
  } as ServerResponse["write"];
  res.end = function (this: ServerResponse, ...args: unknown[]) {
    holdImplicit();
    if (!held) return (end as (...a: unknown[]) => ServerResponse)(...args);
    const h = held;
    if (args.length && typeof args[0] !== "function") h.chunks.push([args[0]]);
    void databaseReachable(databaseUrl, arrived)
      .then((reachable) => {
        if (reachable || res.headersSent) {
          if (!res.headersSent) (writeHead as (...a: unknown[]) => ServerResponse)(...h.head);
          for (const c of h.chunks) (write as (...a: unknown[]) => boolean)(...c);
          end();
          return;
        }
        for (const name of res.getHeaderNames()) res.removeHeader(name);
        writeHead(503, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store", "retry-after": "5", "x-content-type-options": "nosniff", "x-frame-options": "DENY" });
        end(req.method === "HEAD" ? undefined : OUTAGE_PAGE);
      })
      .catch(() => res.destroy());
    return this;
  } as ServerResponse["end"];
}
