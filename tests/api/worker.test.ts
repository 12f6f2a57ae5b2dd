import { spawn, type ChildProcess } from "node:child_process";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as payLocal } from "@/app/pay/local/confirm/route";
import { db } from "@/lib/db";
import { applyMigrations } from "@/lib/migrations/apply-migrations";
import { call } from "@/tests/support/api";
import { sendLiveLetter } from "@/tests/support/orders";
import { startFakeLob, type FakeLob } from "@/tests/support/fake-lob";
import { startLocalServer, type LocalServer } from "@/tests/support/local-http";
import { Webhook } from "standardwebhooks";

// The real worker (`npm run worker`, pg-boss) as its own process, killed in the middle of a
// job: the job runs again in another worker and the letter is still printed exactly once.
// This file gets a database of its own, so its workers never touch other files' orders.

let lob: FakeLob;
let receiver: LocalServer;
const hooks: { headers: Record<string, string>; body: string }[] = [];
const workers: ChildProcess[] = [];

beforeAll(async () => {
  lob = await startFakeLob();
  receiver = await startLocalServer({
    "/hooks": (req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        hooks.push({ headers: req.headers as Record<string, string>, body: Buffer.concat(chunks).toString("utf8") });
        res.writeHead(204).end();
      });
    },
  });
  const url = new URL(process.env.DATABASE_URL!);
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  await admin.query("CREATE DATABASE worker_test");
  await admin.end();
  url.pathname = "/worker_test";
  await applyMigrations(url.toString());
  Object.assign(process.env, {
    DATABASE_URL: url.toString(),
    FULFILLMENT: "lob",
    LOB_API_KEY: lob.apiKey,
    LOB_API_BASE: lob.url.replace(/\/v1$/, ""),
    LOB_TIMEOUT_SECONDS: "60", // longer than the test: the hung call is only ended by the kill
    JOB_EXPIRE_SECONDS: "2",
    OUTBOUND_ALLOW_LOOPBACK: "1", // the webhook receiver is on this machine
  });
  delete process.env.SMTP_URL; // e-mail goes to the development mailbox
}, 60_000);

afterAll(async () => {
  for (const w of workers) if (w.exitCode === null) w.kill("SIGKILL");
  await lob.close();
  await receiver.close();
});

function startWorker(): ChildProcess {
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/worker.ts"], {
    env: { ...process.env, WORKER_POLL_SECONDS: "0.5", LOG_LEVEL: "silent" },
    stdio: "ignore",
  });
  workers.push(child);
  return child;
}

async function until<T>(what: string, probe: () => Promise<T | undefined | null | false>, timeoutMs = 45_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const v = await probe();
    if (v) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe("the worker process", () => {
  it("killed mid-submission: the job runs again in a new worker, and Lob prints the letter once", async () => {
    const email = `worker.${Date.now()}@example.com`;
    const res = await sendLiveLetter({ webhook_url: `${receiver.origin}/hooks`, email });
    const orderId = res.json.order.id;
    // Lob takes the first submission but never answers it.
    lob.hangNext(1, { create: true, method: "POST" });
    const paid = await call(payLocal, { body: { session_id: res.json.payment_url.split("/pay/")[1], card_number: "4242424242424242", expiry: "12/39", cvc: "123" } });
    expect(paid.status).toBe(200);

    const first = startWorker();
    await until("the first worker to send the letter to Lob", async () => lob.requests().some((r) => r.method === "POST" && r.idempotencyKey === orderId));
    first.kill("SIGKILL");
    await new Promise((r) => first.once("exit", r));
    const stuck = await db().order.findUniqueOrThrow({ where: { id: orderId } });
    expect(stuck).toMatchObject({ status: "submitted", providerId: null }); // handed over, not confirmed, not charged yet

    const second = startWorker();
    const done = await until("the second worker to record Lob's id", async () => (await db().order.findUniqueOrThrow({ where: { id: orderId } })).providerId);
    const pieces = lob.pieces().filter((p) => p.fields["metadata[order_id]"] === orderId);
    expect(pieces).toHaveLength(1);
    expect(done).toBe(pieces[0].id);
    expect(lob.requests().filter((r) => r.method === "POST" && r.idempotencyKey === orderId).length).toBeGreaterThanOrEqual(2);
    // The card is charged once Lob has the letter (just after its id is recorded).
    await until("the card to be charged", async () => (await db().payment.findUniqueOrThrow({ where: { orderId } })).state === "captured" || null);
    const [job] = await db().$queryRawUnsafe<{ state: string; retry_count: number }[]>(
      // The screen job handed the letter over and submitted it itself: that job was run again.
      `SELECT state, retry_count FROM pgboss.job WHERE name = 'order-screen' AND singleton_key = $1 ORDER BY created_on LIMIT 1`,
      orderId,
    );
    expect(job.retry_count).toBeGreaterThanOrEqual(1);

    // Then tracking runs from the same worker: Lob's scans move the order on.
    lob.addTrackingEvent(done, "Mailed", { location: null });
    lob.addTrackingEvent(done, "Delivered", { location: "12207" });
    // A check after an empty one is queued hours ahead (the tracking interval): bring it forward.
    await until("the order to be delivered", async () => {
      await db().$executeRawUnsafe(`UPDATE pgboss.job SET start_after = now() WHERE name = 'order-track' AND singleton_key = $1 AND state = 'created'`, orderId);
      return (await db().order.findUniqueOrThrow({ where: { id: orderId } })).status === "delivered";
    });

    // The worker also told the sender: signed webhooks for each step, and the e-mails.
    const secret = res.json.webhook_secret as string;
    // Messages are independent (Standard Webhooks promises no order): wait for all of them.
    const expected = ["order.pending_payment", "order.screening", "order.submitted", "order.mailed", "order.tracking_updated", "order.delivered"];
    await until("a webhook for every step", async () => {
      const seen = new Set(hooks.map((h) => (new Webhook(secret).verify(h.body, h.headers) as { type: string }).type));
      return expected.every((t) => seen.has(t));
    });
    const mails = await until("the delivered e-mail", async () => {
      const rows = await db().devMail.findMany({ where: { to: email }, orderBy: { createdAt: "asc" } });
      return rows.some((m) => m.subject.includes("was delivered")) && rows;
    });
    expect(mails.map((m) => m.subject)).toEqual(expect.arrayContaining([expect.stringMatching(/^We have your letter/), expect.stringMatching(/was delivered$/)]));

    second.kill("SIGTERM");
    const code = await new Promise((r) => second.once("exit", r));
    expect(code).toBe(0);
  }, 90_000);
});
