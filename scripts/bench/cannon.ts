// autocannon runs and their results as table rows.
import autocannon, { type Options as CannonOptions, type Result as CannonResult } from "autocannon";
import { round, sleep } from "./util";

export const CONNECTIONS = 50;

export type Row = {
  name: string;
  method: string;
  path: string;
  requestsPerSec: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  totalRequests: number;
  durationSeconds: number;
  ratioToCeiling: number | null;
  statusCodes: Record<string, number>;
  notes: string[];
};

export function cannon(opts: CannonOptions): Promise<CannonResult> {
  return new Promise((resolve, reject) => {
    autocannon({ connections: CONNECTIONS, ...opts }, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

export function toRow(name: string, method: string, routePath: string, r: CannonResult, notes: string[] = []): Row {
  const statusCodes: Record<string, number> = {};
  for (const [code, { count }] of Object.entries(r.statusCodeStats ?? {})) statusCodes[code] = Number(count);
  const total = Object.values(statusCodes).reduce((a, b) => a + b, 0);
  return {
    name,
    method,
    path: routePath,
    requestsPerSec: round(r.requests.average, 1),
    latencyP50Ms: round(r.latency.p50, 2),
    latencyP99Ms: round(r.latency.p99, 2),
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    totalRequests: total,
    durationSeconds: r.duration,
    ratioToCeiling: null,
    statusCodes,
    notes,
  };
}

export function reportRun(row: Row) {
  const codes = Object.entries(row.statusCodes).map(([c, n]) => `${c}x${n}`).join(" ");
  console.log(
    `  ${row.requestsPerSec} req/s, p50 ${row.latencyP50Ms} ms, p99 ${row.latencyP99Ms} ms, ${row.totalRequests} responses [${codes}]` +
      (row.non2xx ? `, ${row.non2xx} non-2xx` : "") +
      (row.errors ? `, ${row.errors} errors (${row.timeouts} timeouts)` : ""),
  );
  for (const n of row.notes) console.log(`  ! ${n}`);
}

/**
 * Lets the service finish what the previous run left in flight: a duration-bound autocannon run
 * stops with up to CONNECTIONS requests still queued in the server, and they would otherwise be
 * counted against the next run (or still be running when the service is stopped).
 */
export async function settle(baseUrl: string) {
  await sleep(500);
  for (let i = 0; i < 20; i++) {
    const t = performance.now();
    await (await fetch(`${baseUrl}/v1/health`, { signal: AbortSignal.timeout(30_000) })).arrayBuffer();
    if (performance.now() - t < 50) return;
    await sleep(250);
  }
}

/** Keeps the first few non-2xx responses so that failures can be reported with their bodies. */
export function failureSampler(limit = 5) {
  const samples: string[] = [];
  const counts = new Map<string, number>();
  return {
    record(status: number, body: string) {
      if (status >= 200 && status < 300) return;
      let code = "";
      try {
        code = String(JSON.parse(body)?.code ?? "");
      } catch {
        // not JSON
      }
      const k = `${status}${code ? ` ${code}` : ""}`;
      counts.set(k, (counts.get(k) ?? 0) + 1);
      if (samples.length < limit) samples.push(`${status}: ${body.slice(0, 300)}`);
    },
    notes(): string[] {
      if (!counts.size) return [];
      return [
        `non-2xx by status/code: ${[...counts].map(([k, n]) => `${k} x${n}`).join(", ")}`,
        ...samples.map((s) => `sample ${s}`),
      ];
    },
  };
}

export function printTable(rows: Row[]) {
  const header = ["route", "", "req/s", "p50 ms", "p99 ms", "non-2xx", "errors", "vs ceiling"];
  const body = rows.map((r) => [
    r.name,
    `${r.method} ${r.path}`,
    r.requestsPerSec.toFixed(1),
    r.latencyP50Ms.toFixed(2),
    r.latencyP99Ms.toFixed(2),
    String(r.non2xx),
    String(r.errors),
    r.ratioToCeiling === null ? "-" : `${(r.ratioToCeiling * 100).toFixed(1)} %`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const line = (cells: string[]) => "| " + cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(" | ") + " |";
  console.log(line(header));
  console.log("|" + widths.map((w, i) => (i < 2 ? "-".repeat(w + 2) : "-".repeat(w + 1) + ":")).join("|") + "|");
  for (const b of body) console.log(line(b));
}

