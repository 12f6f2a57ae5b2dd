import { vi, afterAll, beforeAll, describe, expect, it } from "vitest";

// /metrics answers this token only; the webhook receiver below runs on this machine.
vi.hoisted(() => {
  process.env.METRICS_TOKEN = "metrics-token-for-the-api-tests-0123456789";
  process.env.OUTBOUND_ALLOW_LOOPBACK = "1";
});

import { createServer, type Server } from "node:net";
import { GET as healthz } from "@/app/healthz/route";
import { GET as readyz } from "@/app/readyz/route";
import { GET as metrics } from "@/app/metrics/route";
import { db, pgPool } from "@/lib/db";
import { shippedMigrations } from "@/lib/migrations/apply-migrations";
import { checkReadiness } from "@/lib/monitoring/readiness";
import { attemptWebhookDelivery } from "@/lib/notifications/webhooks/deliver-webhook";
import { mintCredit } from "@/lib/payments/credits/credits";
import { freePort } from "@/scripts/support/free-port";
import { startLocalServer, type LocalServer } from "@/tests/support/local-http";
import { sendLiveLetter, sendSandboxLetter } from "@/tests/support/orders";
import { HELD_LETTER, LAWFUL_DEMAND } from "@/tests/support/screening-letters";

// Issue 21, item 4: /healthz (the process answers), /readyz (database, migrations, queues, each
// named when it fails, fast even when the database hangs) and /metrics (Prometheus text behind
// METRICS_TOKEN, with the series the service's work moves).

const TOKEN = process.env.METRICS_TOKEN!;
const get = (handler: (req: Request) => Response | Promise<Response>, path: string, headers: Record<string, string> = {}) =>
  handler(new Request(`http://mail.test${path}`, { headers }));

type Sample = { name: string; labels: Record<string, string>; value: number };

/** Prometheus text, as samples (comments left out). */
function samples(text: string): Sample[] {
  return text
    .split("\n")
    .filter((line) => line && !line.startsWith("#"))
    .map((line) => {
      const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!m) throw new Error(`not a sample: ${line}`);
      const labels = Object.fromEntries([...(m[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1], l[2]]));
      return { name: m[1], labels, value: Number(m[3]) };
    });
}

/** The value of the one sample of `name` whose labels include `labels`; 0 when there is none yet. */
function valueOf(all: Sample[], name: string, labels: Record<string, string> = {}): number {
  const found = all.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  expect(found.length, `${name} ${JSON.stringify(labels)}`).toBeLessThanOrEqual(1);
  return found[0]?.value ?? 0;
}

async function scrape(): Promise<{ text: string; all: Sample[] }> {
  const res = await get(metrics, "/metrics", { authorization: `Bearer ${TOKEN}` });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
  const text = await res.text();
  return { text, all: samples(text) };
}

let receiver: LocalServer;
beforeAll(async () => {
  receiver = await startLocalServer({ "/hook": (_req, res) => void res.writeHead(204).end() });
});
afterAll(() => receiver.close());

describe("/healthz", () => {
  it("answers 200 with a tiny body, asking nothing of the database", async () => {
    const res = await get(healthz, "/healthz");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await res.json()).toEqual({ status: "ok" });
  });
});

describe("/readyz", () => {
  it("answers 200 with every check ok on the service's database", async () => {
    const res = await get(readyz, "/readyz");
    expect(await res.json()).toEqual({ status: "ok", checks: { database: "ok", migrations: "ok", queues: "ok" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
  });

  it("names the database when nothing listens where it should be", async () => {
    const url = `postgresql://mail@127.0.0.1:${await freePort()}/mail`;
    const r = await checkReadiness(url);
    expect(r).toEqual({
      ready: false,
      checks: { database: "unreachable: connection refused", migrations: "not checked: the database is unreachable", queues: "not checked: the database is unreachable" },
    });
  });

  it("answers within its deadline when the database accepts connections and never answers", async () => {
    const sockets: import("node:net").Socket[] = [];
    const hung: Server = createServer((s) => void sockets.push(s));
    await new Promise<void>((r) => hung.listen(0, "127.0.0.1", r));
    try {
      const started = Date.now();
      const r = await checkReadiness(`postgresql://mail@127.0.0.1:${(hung.address() as { port: number }).port}/mail`, 500);
      expect(Date.now() - started).toBeLessThan(1_500);
      expect(r.ready).toBe(false);
      expect(r.checks.database).toMatch(/^unreachable: (no answer within 0\.5 s|no answer in time)$/);
    } finally {
      sockets.forEach((s) => s.destroy());
      hung.close();
    }
  });

  it("names pending migrations and missing queues on a database the service never migrated", async () => {
    const name = `readyz_empty_${process.pid}`;
    await pgPool().query(`DROP DATABASE IF EXISTS ${name}`);
    await pgPool().query(`CREATE DATABASE ${name}`);
    try {
      const url = new URL(process.env.DATABASE_URL!);
      url.pathname = `/${name}`;
      const r = await checkReadiness(url.toString());
      expect(r.ready).toBe(false);
      expect(r.checks).toEqual({
        database: "ok",
        migrations: `pending: all ${shippedMigrations().length} (none applied; run npm run migrate)`,
        queues: "missing: pg-boss is not installed (run npm run migrate)",
      });
    } finally {
      await pgPool().query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }
  });
});

describe("/metrics", () => {
  it("refuses a scrape without the token, or with a wrong one, and says how to scrape", async () => {
    for (const authorization of [undefined, "Bearer wrong-token-of-the-same-kind-0123456789", `Bearer ${TOKEN}x`, `Basic ${TOKEN}`, TOKEN]) {
      const res = await get(metrics, "/metrics", authorization ? { authorization } : {});
      expect(res.status, String(authorization)).toBe(401);
      expect(res.headers.get("www-authenticate")).toBe('Bearer realm="metrics"');
      const body = await res.text();
      expect(body).toContain("Authorization: Bearer <METRICS_TOKEN>");
      expect(body).not.toContain(TOKEN);
    }
  });

  it("exposes requests, transitions, screening decisions, deliveries, payments and queues, and the work moves them", async () => {
    const before = (await scrape()).all;

    const mailed = await sendSandboxLetter({ text: LAWFUL_DEMAND, webhook_url: `${receiver.origin}/hook` });
    expect(mailed.json.order.status).toBe("submitted");
    const held = await sendSandboxLetter({ text: HELD_LETTER });
    expect(held.json.order.status).toBe("held_for_review");
    const credit = await mintCredit({ faceCents: 1000, bonusCents: 0, source: "operator", note: "metrics test" });
    const paid = await sendLiveLetter({ text: LAWFUL_DEMAND }, { creditCode: credit.code });
    expect(paid.status).toBe(201);
    // What the worker's webhook job does, here in-process.
    const deliveries = await db().webhookDelivery.findMany({ where: { orderId: mailed.json.order.id } });
    expect(deliveries.length).toBeGreaterThan(0);
    for (const d of deliveries) expect((await attemptWebhookDelivery(d.id)).kind).toBe("delivered");

    const { text, all: after } = await scrape();
    const moved = (name: string, labels: Record<string, string> = {}) => valueOf(after, name, labels) - valueOf(before, name, labels);

    // HTTP, by route pattern: quotes and orders, each request counted and timed.
    expect(moved("mail_http_requests_total", { route: "/v1/quotes", method: "POST", status: "200" })).toBeGreaterThanOrEqual(3);
    expect(moved("mail_http_requests_total", { route: "/v1/orders", method: "POST", status: "201" })).toBeGreaterThanOrEqual(3);
    expect(moved("mail_http_request_duration_seconds_count", { route: "/v1/orders", method: "POST" })).toBeGreaterThanOrEqual(3);
    expect(valueOf(after, "mail_http_request_duration_seconds_bucket", { route: "/v1/orders", method: "POST", le: "+Inf" })).toBe(
      valueOf(after, "mail_http_request_duration_seconds_count", { route: "/v1/orders", method: "POST" }),
    );
    // The order's life, screening's decisions, the webhooks, the credit spent.
    expect(moved("mail_order_transitions_total", { to_status: "screening" })).toBeGreaterThanOrEqual(3);
    expect(moved("mail_order_transitions_total", { to_status: "submitted" })).toBeGreaterThanOrEqual(2);
    expect(moved("mail_order_transitions_total", { to_status: "held_for_review" })).toBeGreaterThanOrEqual(1);
    expect(moved("mail_screening_decisions_total", { outcome: "mailed", category: "none" })).toBeGreaterThanOrEqual(2);
    const heldMoved = after.filter((s) => s.name === "mail_screening_decisions_total" && s.labels.outcome === "held").reduce((n, s) => n + s.value - valueOf(before, s.name, s.labels), 0);
    expect(heldMoved).toBeGreaterThanOrEqual(1);
    expect(moved("mail_webhook_deliveries_total", { outcome: "delivered" })).toBeGreaterThanOrEqual(deliveries.length);
    expect(moved("mail_payment_events_total", { kind: "credit_debited" })).toBeGreaterThanOrEqual(1);
    // The queues, read from pg-boss: every queue the service runs, in every state.
    for (const state of ["due", "scheduled", "active", "failed"]) expect(after.some((s) => s.name === "mail_queue_jobs" && s.labels.queue === "order-submit" && s.labels.state === state), state).toBe(true);
    expect(after.some((s) => s.name === "mail_queue_oldest_due_job_seconds" && s.labels.queue === "webhook-deliver")).toBe(true);
    expect(valueOf(after, "mail_database_up")).toBe(1);
    // Described even before anything counts them, and Node's own process metrics beside them.
    for (const name of ["mail_email_deliveries_total", "mail_job_failures_total", "mail_payment_events_total", "process_cpu_user_seconds_total", "nodejs_eventloop_lag_seconds"]) {
      expect(text, name).toMatch(new RegExp(`^# TYPE ${name} `, "m"));
    }
    // Low cardinality: no order id, credit code, URL or raw path anywhere.
    for (const secret of [mailed.json.order.id, held.json.order.id, credit.code, receiver.origin, TOKEN]) expect(text).not.toContain(secret);
    expect(text).not.toMatch(/route="\/v1\/orders\/ord_/);
  });
});
