import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { startEmbeddedPostgres, type EmbeddedDb } from "@/lib/embedded-db/start-embedded-postgres";
import { applyMigrations } from "@/lib/migrations/apply-migrations";
import { freePort } from "@/scripts/support/free-port";
import { letter } from "./support/letters";
import { childPid, startOwnService } from "./support/own-service";

// Issue 17's fault test: the service as `npm start` runs it (launcher, web server, worker), on
// a PostgreSQL this test owns and restarts several times under light load. After each restart
// the service answers again within seconds; while the database is away every answer is a 503
// envelope or a page that says to try again, never a 500; no process dies; and every letter
// created before, during or after the restarts reaches the carrier (the sandbox pipeline moves
// each one to `delivered`), so none is lost or stuck. Issue 21: /readyz answers 503 naming the
// database while it is away and 200 once it is back, /healthz answers throughout, /metrics
// answers with mail_database_up 0 meanwhile, and the worker's counts reach /metrics.

const RESTARTS = 3;
const DOWN_MS = 2_500;
const METRICS_TOKEN = "metrics-token-of-the-restart-test-0123456789";

type Seen = { path: string; status: number; body: string };

test("the service rides out PostgreSQL restarts: 503s while it is away, no 500, no dead process, no letter stuck", async () => {
  test.setTimeout(360_000);
  const dir = mkdtempSync(path.join(tmpdir(), "mail-db-restart-"));
  chmodSync(dir, 0o777); // postgres runs as its own OS user when we are root
  const pgPort = await freePort();
  const startDb = () => startEmbeddedPostgres({ dataDir: path.join(dir, "pg"), port: pgPort, quiet: true });
  let db: EmbeddedDb = await startDb();
  await applyMigrations(db.url);

  const own = await startOwnService(path.join(dir, "data"), { DATABASE_URL: db.url, JOB_EXPIRE_SECONDS: "10", METRICS_TOKEN });
  const base = own.base;
  const service = own.process;

  const seen: Seen[] = [];
  const call = async (p: string, init?: RequestInit) => {
    try {
      const res = await fetch(base + p, { ...init, signal: AbortSignal.timeout(10_000) });
      const body = await res.text();
      seen.push({ path: p, status: res.status, body: body.slice(0, 300) });
      return { status: res.status, body };
    } catch (err) {
      // A refused connection means the web server is gone: recorded as status 0, which fails.
      seen.push({ path: p, status: 0, body: String(err) });
      return { status: 0, body: "" };
    }
  };
  // The probes, apart from the load's answers (a 503 from /readyz is its JSON, not the outage page).
  const probe = async (p: string) => {
    const res = await fetch(base + p, { headers: { authorization: `Bearer ${METRICS_TOKEN}` }, signal: AbortSignal.timeout(10_000) });
    const body = await res.text();
    return { status: res.status, body, json: () => JSON.parse(body) };
  };
  /** The value of one series (its labels as /metrics writes them) in a scrape; NaN when absent. */
  const metric = (text: string, series: string) => Number(text.split("\n").find((line) => line.startsWith(`${series} `))?.slice(series.length + 1) ?? NaN);
  const created: { id: string; code: string }[] = [];
  const sendOne = async () => {
    const body = letter({ text: `Dear Ada,\n\nLetter ${created.length + 1} of the restart test.\n\nCharles` });
    const quote = await call("/v1/quotes", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    if (quote.status !== 200) return;
    const token = JSON.parse(quote.body).confirmation_token;
    const order = await call("/v1/orders", { method: "POST", headers: { "content-type": "application/json", "idempotency-key": crypto.randomUUID() }, body: JSON.stringify({ ...body, confirmation_token: token }) });
    if (order.status === 201) {
      const o = JSON.parse(order.body);
      created.push({ id: o.order.id, code: String(o.tracking_url).split("/").pop()! });
    }
  };

  try {
    // Light load: a letter every 300 ms and reads of the last one, through every restart.
    let loading = true;
    const load = (async () => {
      while (loading) {
        await sendOne();
        const last = created.at(-1);
        if (last) {
          await call(`/v1/orders/${last.id}`);
          if (last.code) await call(`/t/${last.code}`);
        }
        await new Promise((r) => setTimeout(r, 300));
      }
    })();

    const recoveries: number[] = [];
    for (let i = 0; i < RESTARTS; i++) {
      await new Promise((r) => setTimeout(r, 3_000));
      await db.stop();
      const down = Date.now();
      // Not ready, and saying why, within a few seconds; alive all along.
      await expect.poll(async () => (await probe("/readyz")).status, { timeout: 5_000, intervals: [100] }).toBe(503);
      const unready = (await probe("/readyz")).json();
      expect(unready).toMatchObject({ status: "unavailable", checks: { database: expect.stringMatching(/^unreachable: /), migrations: "not checked: the database is unreachable", queues: "not checked: the database is unreachable" } });
      expect((await probe("/healthz")).status).toBe(200);
      const blind = await probe("/metrics");
      expect(blind.status).toBe(200);
      expect(metric(blind.body, "mail_database_up")).toBe(0);
      await new Promise((r) => setTimeout(r, Math.max(0, DOWN_MS - (Date.now() - down))));
      db = await startDb();
      const back = Date.now();
      // Answering again means reading from the database again, not only being alive.
      await expect.poll(async () => (await call("/v1/quotes", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(letter()) })).status, { timeout: 30_000, intervals: [250] }).toBe(200);
      recoveries.push(Date.now() - back);
      await expect.poll(async () => (await probe("/readyz")).status, { timeout: 15_000, intervals: [250] }).toBe(200);
      expect((await probe("/readyz")).json()).toEqual({ status: "ok", checks: { database: "ok", migrations: "ok", queues: "ok" } });
    }
    // A worker that dies all the same (an out-of-memory kill) is started again by the launcher,
    // and the web server keeps serving meanwhile.
    const workerPid = childPid(service.pid!, "scripts/worker.ts")!;
    process.kill(workerPid, "SIGKILL");
    await expect.poll(() => own.output().includes("scripts/worker.ts ended (SIGKILL)"), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => [null, workerPid].includes(childPid(service.pid!, "scripts/worker.ts")), { timeout: 30_000 }).toBe(false);
    await new Promise((r) => setTimeout(r, 3_000));
    loading = false;
    await load;

    console.log(`restarts: ${RESTARTS}, back after ${recoveries.map((ms) => `${(ms / 1000).toFixed(1)} s`).join(", ")}; ${seen.length} requests, ${created.length} letters created; statuses: ${JSON.stringify(countBy(seen.map((s) => s.status)))}`);
    expect(own.exitCode(), `the service stopped:\n${own.output().slice(-3000)}`).toBeUndefined();
    // Only the killed worker was started again: the restarts themselves cost no process.
    expect(own.output().match(/ ended \(/g) ?? []).toHaveLength(1);
    const broken = seen.filter((s) => s.status === 0 || s.status >= 500 && s.status !== 503);
    expect(broken.length, JSON.stringify(broken.slice(0, 5), null, 1)).toBe(0);
    const unavailable = seen.filter((x) => x.status === 503);
    expect(unavailable.length, "the restarts were seen by the load").toBeGreaterThan(0);
    for (const s of unavailable) {
      if (s.path.startsWith("/v1/")) expect(JSON.parse(s.body).code, s.body).toBe("service_unavailable");
      else expect(s.body, s.path).toContain("Back in a moment");
    }
    for (const ms of recoveries) expect(ms).toBeLessThan(15_000);
    expect(created.length).toBeGreaterThan(10);

    // Every letter reaches the carrier and moves on through the sandbox: none lost, none stuck.
    await expect
      .poll(async () => {
        const statuses = await Promise.all(created.map(async (o) => JSON.parse((await call(`/v1/orders/${o.id}`)).body).order?.status));
        return statuses.filter((s) => s !== "delivered");
      }, { timeout: 150_000, intervals: [1_000] })
      .toEqual([]);

    // Only the worker moves a letter to delivered (its track jobs): its counts reach the web
    // server's /metrics through PostgreSQL. (What a killed worker counted in its last seconds is lost.)
    await expect.poll(async () => metric((await probe("/metrics")).body, 'mail_order_transitions_total{to_status="delivered"}'), { timeout: 15_000, intervals: [1_000] }).toBeGreaterThan(created.length / 2);
    const scraped = (await probe("/metrics")).body;
    expect(metric(scraped, "mail_database_up")).toBe(1);
    expect(metric(scraped, 'mail_screening_decisions_total{outcome="mailed",category="none"}')).toBeGreaterThan(created.length / 2);
    expect(metric(scraped, 'mail_http_requests_total{route="/v1/orders",method="POST",status="201"}')).toBeGreaterThanOrEqual(created.length);
    expect(metric(scraped, 'mail_queue_jobs{queue="order-track",state="due"}')).toBeGreaterThanOrEqual(0);
  } catch (err) {
    console.log(`The service's output, last lines:\n${own.output().slice(-6000)}`);
    throw err;
  } finally {
    await own.stop();
    await db.stop().catch(() => {});
    rmSync(dir, { recursive: true, force: true });
  }
});

function countBy(xs: number[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const x of xs) out[x] = (out[x] ?? 0) + 1;
  return out;
}
