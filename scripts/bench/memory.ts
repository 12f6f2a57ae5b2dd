// The service's resident memory under load (issue 22: web + worker under load ≤ 400 MB RSS).
// Every 500 ms it reads the RSS of the launcher the bench started (dist/start.js) and of all
// its descendants: the web server, the worker, anything they start. PostgreSQL (the embedded
// postmaster and every backend, which the launcher starts too) is summed apart: it is the
// database's memory, not the service's, and a backend's RSS counts the shared buffers it has
// touched, so summing backends counts that shared memory once per backend. Its second figure
// counts the shared memory once (private RSS of every process + the largest shared part).
// The bench runs the service as `npm start` does (the bundles in dist/, scripts/bench/service.ts).
// Linux: /proc/<pid>/status, read asynchronously (the load generator shares this event loop
// and its latencies are measured on it); elsewhere `ps` (RSS only).
import { execFile } from "node:child_process";
import { readFile, readdir } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { round } from "./util";

const INTERVAL_MS = 500;
const MB = 1024 * 1024;

type Proc = { pid: number; ppid: number; name: string; rssBytes: number; privateBytes: number | null; sharedBytes: number | null };

export type MemoryResult = {
  intervalMs: number;
  samples: number;
  source: "/proc" | "ps" | "none";
  /** Peak of the summed RSS of the launcher and its descendants, PostgreSQL excluded. */
  servicePeakMb: number;
  /** Each process name's own peak (summed over processes of that name in one sample), not necessarily at the same moment. */
  servicePeakByProcessMb: Record<string, number>;
  postgresPeakMb: number;
  /** PostgreSQL with its shared memory counted once: null where only `ps` was available. */
  postgresPeakSharedOnceMb: number | null;
  postgresProcessesPeak: number;
  /** The peaks during each run (from its start to the next one's, its preparation, such as minting tokens, included), in the order the runs came. */
  byRun: { run: string; servicePeakMb: number; postgresPeakMb: number }[];
};

export type MemorySampler = { mark(run: string): void; stop(): Promise<MemoryResult> };

const cmdlines = new Map<number, string[]>(); // a process's command line does not change; read once per pid

/** A readable name: node processes by the script they run (start.js, web.js, worker.js), others by their program. */
function nameOf(program: string, args: string[]): string {
  const base = path.basename(program);
  if (base !== "node" && !base.startsWith("node")) return base.replace(/:$/, "");
  const script = [...args].reverse().find((a) => /\.(c|m)?(t|j)s$/.test(a));
  return script ? `node ${path.basename(script)}` : "node";
}

async function readProc(): Promise<Proc[]> {
  const pids = (await readdir("/proc")).filter((d) => /^\d+$/.test(d)).map(Number);
  const procs = await Promise.all(
    pids.map(async (pid): Promise<Proc | null> => {
      try {
        const status = await readFile(`/proc/${pid}/status`, "utf8");
        const field = (k: string) => {
          const m = status.match(new RegExp(`^${k}:\\s+(\\S+)`, "m"));
          return m ? m[1] : undefined;
        };
        const kb = (k: string) => Number(field(k) ?? 0) * 1024;
        return { pid, ppid: Number(field("PPid")), name: field("Name") ?? "?", rssBytes: kb("VmRSS"), privateBytes: kb("RssAnon") + kb("RssFile"), sharedBytes: kb("RssShmem") };
      } catch {
        return null; // gone between the listing and the read
      }
    }),
  );
  return procs.filter((p): p is Proc => p !== null);
}

async function readPs(): Promise<Proc[]> {
  const { stdout } = await promisify(execFile)("ps", ["-A", "-o", "pid=,ppid=,rss=,args="], { maxBuffer: 4 << 20 });
  return stdout
    .split("\n")
    .map((line) => line.trim().match(/^(\d+)\s+(\d+)\s+(\d+)\s+(.*)$/))
    .filter((m): m is RegExpMatchArray => m !== null)
    .map((m) => {
      const args = m[4].split(/\s+/);
      cmdlines.set(Number(m[1]), args);
      return { pid: Number(m[1]), ppid: Number(m[2]), name: path.basename(args[0]), rssBytes: Number(m[3]) * 1024, privateBytes: null, sharedBytes: null };
    });
}

async function argsOf(pid: number): Promise<string[]> {
  let args = cmdlines.get(pid);
  if (!args) {
    args = (await readFile(`/proc/${pid}/cmdline`, "utf8").catch(() => "")).split("\0").filter(Boolean);
    cmdlines.set(pid, args);
  }
  return args;
}

/** Starts sampling the process tree under `rootPid` at once; stop() ends it and returns the peaks. */
export function startMemorySampler(rootPid: number): MemorySampler {
  const source: MemoryResult["source"] = process.platform === "linux" ? "/proc" : "ps";
  let samples = 0;
  let servicePeak = 0;
  let postgresPeak = 0;
  let postgresSharedOncePeak: number | null = source === "/proc" ? 0 : null;
  let postgresProcessesPeak = 0;
  const byName = new Map<string, number>();
  const byRun: { run: string; service: number; postgres: number }[] = [];
  let failed: string | undefined;

  const sample = async () => {
    const all = source === "/proc" ? await readProc() : await readPs();
    const children = new Map<number, Proc[]>();
    for (const p of all) children.set(p.ppid, [...(children.get(p.ppid) ?? []), p]);
    const root = all.find((p) => p.pid === rootPid);
    if (!root) return; // the service is gone (stopping)
    // Walk the tree; a process under a postgres process is PostgreSQL's too.
    const service: Proc[] = [];
    const postgres: Proc[] = [];
    const walk = (p: Proc, inPostgres: boolean) => {
      const pg = inPostgres || p.name === "postgres";
      (pg ? postgres : service).push(p);
      for (const c of children.get(p.pid) ?? []) walk(c, pg);
    };
    walk(root, false);
    const sum = (ps: Proc[], f: (p: Proc) => number) => ps.reduce((a, p) => a + f(p), 0);
    const serviceBytes = sum(service, (p) => p.rssBytes);
    const postgresBytes = sum(postgres, (p) => p.rssBytes);
    samples++;
    servicePeak = Math.max(servicePeak, serviceBytes);
    postgresPeak = Math.max(postgresPeak, postgresBytes);
    postgresProcessesPeak = Math.max(postgresProcessesPeak, postgres.length);
    if (postgresSharedOncePeak !== null) {
      const sharedOnce = sum(postgres, (p) => p.privateBytes ?? 0) + Math.max(0, ...postgres.map((p) => p.sharedBytes ?? 0));
      postgresSharedOncePeak = Math.max(postgresSharedOncePeak, sharedOnce);
    }
    const named = new Map<string, number>();
    for (const p of service) {
      const name = p.name === "node" || source === "ps" ? nameOf(p.name, await argsOf(p.pid)) : p.name;
      named.set(name, (named.get(name) ?? 0) + p.rssBytes);
    }
    for (const [name, bytes] of named) byName.set(name, Math.max(byName.get(name) ?? 0, bytes));
    const run = byRun.at(-1);
    if (run) {
      run.service = Math.max(run.service, serviceBytes);
      run.postgres = Math.max(run.postgres, postgresBytes);
    }
  };

  // One sample at a time: a slow read is skipped over, never stacked.
  let inFlight: Promise<void> = sample().catch((err) => void (failed ??= String(err)));
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    inFlight = sample()
      .catch((err) => void (failed ??= String(err)))
      .finally(() => (busy = false));
  }, INTERVAL_MS);

  return {
    mark(run: string) {
      byRun.push({ run, service: 0, postgres: 0 });
    },
    async stop(): Promise<MemoryResult> {
      clearInterval(timer);
      await inFlight;
      if (failed) console.log(`  ! memory sampling failed: ${failed}`);
      const mb = (bytes: number) => round(bytes / MB, 1);
      return {
        intervalMs: INTERVAL_MS,
        samples,
        source: samples ? source : "none",
        servicePeakMb: mb(servicePeak),
        servicePeakByProcessMb: Object.fromEntries([...byName].sort((a, b) => b[1] - a[1]).map(([n, b]) => [n, mb(b)])),
        postgresPeakMb: mb(postgresPeak),
        postgresPeakSharedOnceMb: postgresSharedOncePeak === null ? null : mb(postgresSharedOncePeak),
        postgresProcessesPeak,
        byRun: byRun.map((r) => ({ run: r.run, servicePeakMb: mb(r.service), postgresPeakMb: mb(r.postgres) })),
      };
    },
  };
}

export function printMemory(m: MemoryResult) {
  if (!m.samples) {
    console.log("\nService memory: no samples (the service's processes could not be read).");
    return;
  }
  const perProcess = Object.entries(m.servicePeakByProcessMb).map(([n, v]) => `${n} ${v} MB`).join(", ");
  console.log(
    `\nService memory under load (RSS every ${m.intervalMs} ms from ${m.source}, ${m.samples} samples; the launcher and all its descendants but PostgreSQL): ` +
      `peak ${m.servicePeakMb} MB summed (each process's own peak: ${perProcess}).`,
  );
  console.log(
    `PostgreSQL apart: peak ${m.postgresPeakMb} MB summed RSS over up to ${m.postgresProcessesPeak} processes` +
      (m.postgresPeakSharedOnceMb === null ? "" : ` (${m.postgresPeakSharedOnceMb} MB with its shared memory counted once)`) +
      ".",
  );
  if (m.byRun.length) console.table(m.byRun.map((r) => ({ run: r.run, "service peak MB": r.servicePeakMb, "PostgreSQL peak MB": r.postgresPeakMb })));
}
