import { vi, describe, expect, it, beforeAll, afterAll } from "vitest";

// The receiver below runs on this machine, so loopback must be reachable for this file.
vi.hoisted(() => {
  process.env.OUTBOUND_ALLOW_LOOPBACK = "1";
});

import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { Webhook } from "standardwebhooks";
import { buildOpenApiDocument } from "@/lib/openapi/build-openapi-document";
import { GET as getOrder } from "@/app/v1/orders/[id]/route";
import { db } from "@/lib/db";
import { boss } from "@/lib/jobs/queues";
import { attemptWebhookDelivery, type AttemptOutcome } from "@/lib/notifications/webhooks/deliver-webhook";
import { call } from "@/tests/support/api";
import { recordingRoute, startLocalServer, type LocalServer, type ReceivedRequest } from "@/tests/support/local-http";
import { sendSandboxLetter } from "@/tests/support/orders";
import { driveUntil } from "@/tests/support/pipeline";

// Webhooks (issue 6.1): every status change and every new scan is pushed to webhook_url,
// signed with Standard Webhooks headers and the order's own secret, and checked here by a
// receiver built with the `standardwebhooks` package, as a customer would build it.

type Script = { status: number; headers?: Record<string, string>; hang?: boolean };

let server: LocalServer;
const received: ReceivedRequest[] = [];
/** What each receiver path answers next, in turn; 200 once the script runs out. */
const scripts = new Map<string, Script[]>();

beforeAll(async () => {
  const receiver = recordingRoute(received, (path, res) => {
    const next = scripts.get(path)?.shift() ?? { status: 200 };
    if (next.hang) return; // never answers
    res.writeHead(next.status, { "content-type": "text/plain", ...next.headers }).end("ok");
  });
  const paths = ["/ok", "/flaky", "/gone", "/redirect", "/hang", "/down"];
  server = await startLocalServer(Object.fromEntries(paths.map((p) => [p, receiver])));
});
afterAll(() => server.close());

const receivedAt = (path: string) => received.filter((r) => r.path === path);

/** The message validates against the schema /v1/openapi.json gives its event type under `webhooks`. */
const documented = buildOpenApiDocument({ baseUrl: "https://mail.test" }) as unknown as { webhooks: Record<string, unknown> };
const ajv = new Ajv2020({ strict: false });
addFormats(ajv);
ajv.addSchema(documented, "openapi");
function validWebhook(type: string, message: unknown): boolean {
  if (!documented.webhooks[type]) return false;
  const at = `openapi#/webhooks/${encodeURIComponent(type)}/post/requestBody/content/application~1json/schema`;
  return ajv.getSchema(at)!(message) as boolean;
}

/** Verifies one received message exactly as a customer's receiver would; throws if it does not verify. */
function verify(secret: string, r: ReceivedRequest) {
  return new Webhook(secret).verify(r.body, {
    "webhook-id": String(r.headers["webhook-id"]),
    "webhook-timestamp": String(r.headers["webhook-timestamp"]),
    "webhook-signature": String(r.headers["webhook-signature"]),
  }) as { type: string; created_at: string; data: { order: { id: string; status: string }; tracking_events?: unknown[] } };
}

/** Runs the pending messages of an order once each, oldest first, as the worker's jobs would. */
async function deliverPending(orderId: string): Promise<AttemptOutcome[]> {
  const pending = await db().webhookDelivery.findMany({ where: { orderId, state: "pending" }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  const outcomes: AttemptOutcome[] = [];
  for (const d of pending) outcomes.push(await attemptWebhookDelivery(d.id));
  return outcomes;
}

async function sandboxOrderWithHook(path: string, over: Record<string, unknown> = {}) {
  const res = await sendSandboxLetter({ webhook_url: `${server.origin}${path}`, ...over });
  expect(res.status).toBe(201);
  return { id: res.json.order.id as string, secret: res.json.webhook_secret as string, res };
}

describe("webhooks", () => {
  it("pushes every status change and scan, signed so that a standardwebhooks receiver verifies each one", async () => {
    const { id, secret, res } = await sandboxOrderWithHook("/ok");
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    await driveUntil(id, "delivered");
    const outcomes = await deliverPending(id);
    expect(outcomes.every((o) => o.kind === "delivered")).toBe(true);

    const mine = receivedAt("/ok").filter((r) => JSON.parse(r.body).data.order.id === id);
    const payloads = mine.map((r) => verify(secret, r));
    const types = payloads.map((p) => p.type);
    expect(types.filter((t) => t !== "order.tracking_updated")).toEqual(["order.screening", "order.submitted", "order.mailed", "order.delivered"]);
    expect(types.filter((t) => t === "order.tracking_updated").length).toBeGreaterThanOrEqual(1);
    for (const p of payloads) {
      expect(Object.keys(p).sort()).toEqual(["created_at", "data", "type"]);
      expect(new Date(p.created_at).toISOString()).toBe(p.created_at);
      expect(p.data.order.id).toBe(id);
    }
    // Each message carries the order as it was when it happened.
    expect(payloads.find((p) => p.type === "order.mailed")!.data.order.status).toBe("mailed");
    const scans = payloads.filter((p) => p.type === "order.tracking_updated").flatMap((p) => p.data.tracking_events as { description: string }[]);
    expect(scans.map((s) => s.description)).toEqual(["Mailed", "In Transit", "In Local Area", "Processed for Delivery", "Delivered"]);
    // Headers a receiver needs, and nothing secret in the body.
    for (const r of mine) {
      expect(r.headers["content-type"]).toBe("application/json");
      expect(String(r.headers["webhook-id"])).toMatch(/^msg_[0-9a-z]{24}$/);
      expect(r.body).not.toContain(secret);
      // Each message is what the document's `webhooks` says its type receives.
      const message = JSON.parse(r.body);
      expect(validWebhook(message.type, message), `${message.type}: ${JSON.stringify(message).slice(0, 300)}`).toBe(true);
      expect(r.body).not.toContain("cap_");
    }
    // A wrong secret does not verify: the signature really is over this order's secret.
    expect(() => verify("whsec_" + Buffer.alloc(24, 7).toString("base64"), mine[0])).toThrow();
    // The secret is given once: GET never shows it.
    const read = await call(getOrder, { params: { id } });
    expect(JSON.stringify(read.json)).not.toContain(secret);
    expect(res.json.order).not.toHaveProperty("webhook_secret");
  });

  it("sends status changes but no order.tracking_updated for a letter sent with tracking: false", async () => {
    const { id, secret } = await sandboxOrderWithHook("/ok", { tracking: false });
    await driveUntil(id, "delivered");
    expect((await deliverPending(id)).every((o) => o.kind === "delivered")).toBe(true);
    const types = receivedAt("/ok")
      .filter((r) => JSON.parse(r.body).data.order.id === id)
      .map((r) => verify(secret, r).type);
    expect(types).toEqual(["order.screening", "order.submitted", "order.mailed", "order.delivered"]);
  });

  it("retries a receiver that fails twice, honouring its Retry-After, then succeeds; every attempt is logged and shown with the order", async () => {
    const { id, secret } = await sandboxOrderWithHook("/flaky", { text: "Dear Ross,\n\nI have been watching you for weeks now. I know what you did.\n\nDan" });
    // A held letter: one message (order.screening, then order.held_for_review); take the first.
    const first = (await db().webhookDelivery.findMany({ where: { orderId: id }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] }))[0];
    scripts.set("/flaky", [{ status: 500 }, { status: 503, headers: { "Retry-After": "900" } }]);

    const t0 = Date.now();
    const one = await attemptWebhookDelivery(first.id);
    expect(one).toMatchObject({ kind: "retry", attempt: 1, status: 500 });
    // After the first failure: 5 s, as the schedule says.
    expect((one as { retryAt: Date }).retryAt.getTime() - t0).toBeGreaterThanOrEqual(5000);
    expect((one as { retryAt: Date }).retryAt.getTime() - t0).toBeLessThan(8000);
    // The next attempt is a pg-boss job that starts no earlier than that.
    const jobs = await (await boss()).getDb().executeSql(`SELECT start_after FROM pgboss.job WHERE name = 'webhook-deliver' AND data->>'deliveryId' = $1 AND state = 'created'`, [first.id]);
    expect(jobs.rows.map((r: { start_after: Date }) => new Date(r.start_after).getTime())).toContainEqual((one as { retryAt: Date }).retryAt.getTime());

    const two = await attemptWebhookDelivery(first.id);
    // Retry-After: 900 is later than the schedule's 5 minutes, so it wins.
    expect(two).toMatchObject({ kind: "retry", attempt: 2, status: 503 });
    expect((two as { retryAt: Date }).retryAt.getTime() - Date.now()).toBeGreaterThan(890_000);

    const three = await attemptWebhookDelivery(first.id);
    expect(three).toMatchObject({ kind: "delivered", attempt: 3, status: 200 });
    // Once delivered, a stray job for it does nothing.
    expect(await attemptWebhookDelivery(first.id)).toMatchObject({ kind: "skipped" });

    const attempts = receivedAt("/flaky").filter((r) => r.headers["webhook-id"] === first.id);
    expect(attempts).toHaveLength(3);
    // The same message each time, signed anew for each attempt, and each one verifies.
    expect(new Set(attempts.map((a) => a.body)).size).toBe(1);
    for (const a of attempts) expect(verify(secret, a).type).toBe("order.screening");

    const read = await call(getOrder, { params: { id } });
    const shown = read.json.webhook_deliveries.find((d: { id: string }) => d.id === first.id);
    expect(shown).toMatchObject({ type: "order.screening", state: "delivered", last_error: null, next_attempt_at: null });
    expect(shown.attempts.map((a: { http_status: number }) => a.http_status)).toEqual([500, 503, 200]);
    expect(shown.attempts[0].retry_at).not.toBeNull();
    expect(shown.attempts[2]).toMatchObject({ attempt: 3, error: null, retry_at: null });
    expect(typeof shown.attempts[0].duration_ms).toBe("number");
  });

  it("stops on 410 Gone: that message and every later one of the order are not sent", async () => {
    const { id } = await sandboxOrderWithHook("/gone", { text: "Dear Ross,\n\nI have been watching you for weeks now. I know what you did.\n\nDan" });
    scripts.set("/gone", [{ status: 410 }]);
    const outcomes = await deliverPending(id);
    expect(outcomes[0]).toMatchObject({ kind: "failed", status: 410 });
    const order = await db().order.findUniqueOrThrow({ where: { id } });
    expect(order.webhookStoppedAt).not.toBeNull();
    const rows = await db().webhookDelivery.findMany({ where: { orderId: id } });
    expect(rows.every((r) => r.state === "failed")).toBe(true);
    const hits = receivedAt("/gone").filter((r) => JSON.parse(r.body).data.order.id === id);
    expect(hits).toHaveLength(1);
  });

  it("does not follow a redirect: it counts as a failed attempt and is tried again later", async () => {
    const { id } = await sandboxOrderWithHook("/redirect");
    scripts.set("/redirect", [{ status: 302, headers: { Location: `${server.origin}/ok` } }]);
    const [first] = await deliverPending(id);
    expect(first).toMatchObject({ kind: "retry", status: 302 });
    expect((first as { error: string }).error).toMatch(/redirects are not followed/);
  });

  it("gives up on a receiver that does not answer within 10 seconds, trying it again later", async () => {
    const { id } = await sandboxOrderWithHook("/hang");
    scripts.set("/hang", [{ status: 200, hang: true }]);
    const first = (await db().webhookDelivery.findMany({ where: { orderId: id }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] }))[0];
    const started = Date.now();
    const outcome = await attemptWebhookDelivery(first.id);
    const took = Date.now() - started;
    expect(outcome).toMatchObject({ kind: "retry", status: null });
    expect((outcome as { error: string }).error).toMatch(/no complete answer within 10 s/);
    expect(took).toBeGreaterThanOrEqual(9_900);
    expect(took).toBeLessThan(15_000);
  }, 30_000);

  it("keeps trying for about three days, then gives up", async () => {
    const { id } = await sandboxOrderWithHook("/down");
    const first = (await db().webhookDelivery.findMany({ where: { orderId: id }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] }))[0];
    scripts.set("/down", Array.from({ length: 20 }, () => ({ status: 500 })));
    // Each attempt happens when the previous one said; the clock is moved rather than waited for.
    let clock = first.createdAt.getTime();
    const outcomes: AttemptOutcome[] = [];
    for (let i = 0; i < 12; i++) {
      const o = await attemptWebhookDelivery(first.id, () => new Date(clock));
      outcomes.push(o);
      if (o.kind !== "retry") break;
      clock = o.retryAt.getTime();
    }
    expect(outcomes.map((o) => o.kind)).toEqual([...Array(9).fill("retry"), "failed"]);
    expect((outcomes.at(-1) as { error: string }).error).toMatch(/gave up after 10 attempts/);
    const hours = (clock - first.createdAt.getTime()) / 3_600_000;
    expect(hours).toBeGreaterThan(72);
    expect(hours).toBeLessThan(80);
  });

  it("refuses a webhook_url that can only reach a private network, before anything is created", async () => {
    for (const url of ["http://10.1.2.3/hook", "http://169.254.169.254/latest/meta-data", "https://metadata.google.internal/hook", "http://[fd00::1]/hook", "http://printer.local/hook"]) {
      const res = await sendSandboxLetter({ webhook_url: url });
      expect(res.status, url).toBe(400);
      expect(res.json.code, url).toBe("validation_error");
      expect(res.json.reason, url).toMatch(/webhook_url cannot be called/);
    }
  });

  it("sends nothing and returns no secret when no webhook_url is given", async () => {
    const res = await sendSandboxLetter({});
    expect(res.json).not.toHaveProperty("webhook_secret");
    expect(await db().webhookDelivery.count({ where: { orderId: res.json.order.id } })).toBe(0);
  });
});
