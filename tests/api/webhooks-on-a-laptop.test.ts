import { vi, describe, expect, it, beforeAll, afterAll } from "vitest";

// Webhooks on a laptop (issue 21.2) outside production: a loopback webhook_url without
// OUTBOUND_ALLOW_LOOPBACK, the development inbox that checks what it receives, and the CLI that
// sends a message again or a test to any URL. (Set explicitly: a test file run earlier in the
// same worker may have changed them.)
vi.hoisted(() => {
  process.env.SERVICE_ENV = "test";
  process.env.OUTBOUND_ALLOW_LOOPBACK = "0";
});

import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { renderToStaticMarkup } from "react-dom/server";
import { Webhook } from "standardwebhooks";
import DevWebhooksPage from "@/app/dev/webhooks/page";
import { POST as postInbox } from "@/app/dev/webhooks/inbox/route";
import { GET as getOrder } from "@/app/v1/orders/[id]/route";
import { db } from "@/lib/db";
import { refusedUrlReason } from "@/lib/net/safe-fetch";
import { attemptWebhookDelivery } from "@/lib/notifications/webhooks/deliver-webhook";
import { DEV_INBOX_KEEPS, DEV_INBOX_MAX_BODY_BYTES, DEV_INBOX_PATH, devWebhookInboxUrl } from "@/lib/notifications/webhooks/dev-webhook-inbox";
import { call } from "@/tests/support/api";
import { recordingRoute, startLocalServer, type LocalServer, type ReceivedRequest } from "@/tests/support/local-http";
import { sendSandboxLetter } from "@/tests/support/orders";
import { serveRoute } from "@/tests/support/serve-route";

let receiver: LocalServer;
let inbox: LocalServer;
const received: ReceivedRequest[] = [];
/** What each receiver path answers next, in turn; 200 once the script runs out. */
const scripts = new Map<string, number[]>();

beforeAll(async () => {
  const record = recordingRoute(received, (path, res) => res.writeHead(scripts.get(path)?.shift() ?? 200, { "content-type": "text/plain" }).end("ok"));
  receiver = await startLocalServer({ "/hook": record, "/listener": record, "/flaky": record });
  // The inbox's own route handler behind a real port, as `npm start` serves it.
  inbox = await serveRoute(DEV_INBOX_PATH, postInbox);
});
afterAll(async () => {
  await receiver.close();
  await inbox.close();
});

/** Verifies a received message as a customer's receiver would (throws if it does not verify). */
const verify = (secret: string, r: ReceivedRequest) =>
  new Webhook(secret).verify(r.body, {
    "webhook-id": String(r.headers["webhook-id"]),
    "webhook-timestamp": String(r.headers["webhook-timestamp"]),
    "webhook-signature": String(r.headers["webhook-signature"]),
  }) as { type: string; data: { order: { id: string } } };

async function orderWithHook(url: string) {
  const res = await sendSandboxLetter({ webhook_url: url });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  const first = await db().webhookDelivery.findFirstOrThrow({ where: { orderId: res.json.order.id }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  return { id: res.json.order.id as string, secret: res.json.webhook_secret as string, first };
}

/** Posts to the inbox the way a sender would, with the body as given. */
async function postToInbox(body: string, headers: Record<string, string>) {
  const res = await postInbox(new Request(`http://mail.test${DEV_INBOX_PATH}`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body }));
  return { status: res.status, json: await res.json() };
}

const cli = (...args: string[]) =>
  promisify(execFile)("node_modules/.bin/tsx", ["scripts/webhooks.ts", ...args], { env: process.env }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (err: { code: number; stdout: string; stderr: string }) => ({ code: err.code, stdout: err.stdout, stderr: err.stderr }),
  );

describe("a loopback webhook_url in development", () => {
  it("is accepted without OUTBOUND_ALLOW_LOOPBACK, and its messages arrive signed; pdf_url still may not reach this machine", async () => {
    const { id, secret, first } = await orderWithHook(`${receiver.origin}/hook`);
    expect(await attemptWebhookDelivery(first.id)).toMatchObject({ kind: "delivered", attempt: 1, status: 200 });
    const got = received.filter((r) => r.headers["webhook-id"] === first.id);
    expect(got).toHaveLength(1);
    expect(verify(secret, got[0]).data.order.id).toBe(id);
    // localhost too, a name that DNS answers with loopback when each attempt connects.
    const byName = await orderWithHook(`http://localhost:${receiver.port}/hook`);
    expect(await attemptWebhookDelivery(byName.first.id)).toMatchObject({ kind: "delivered" });
    // Only webhooks: other outbound fetches keep OUTBOUND_ALLOW_LOOPBACK's default.
    expect(refusedUrlReason(`${receiver.origin}/letter.pdf`)).toMatch(/loopback/);
    // Private networks stay refused, here as in production.
    const res = await sendSandboxLetter({ webhook_url: "http://10.1.2.3/hook" });
    expect(res.status).toBe(400);
    expect(res.json.reason).toMatch(/webhook_url cannot be called: 10\.1\.2\.3 is a private address/);
  });
});

describe("the development webhook inbox", () => {
  it("keeps a delivery with its headers and body, and reports its signature verified; the page lists it", async () => {
    expect(devWebhookInboxUrl()).toBe(`http://mail.test${DEV_INBOX_PATH}`);
    const { id, first } = await orderWithHook(`${inbox.origin}${DEV_INBOX_PATH}`);
    expect(await attemptWebhookDelivery(first.id)).toMatchObject({ kind: "delivered", status: 200 });

    const kept = await db().devWebhook.findFirstOrThrow({ where: { messageId: first.id } });
    expect(kept).toMatchObject({ orderId: id, verified: true, verdict: "signature verified" });
    expect(Buffer.from(kept.body).toString("utf8")).toBe(JSON.stringify(first.payload));
    expect(kept.headers).toMatchObject({ "content-type": "application/json", "webhook-id": first.id, "webhook-timestamp": expect.stringMatching(/^\d+$/), "webhook-signature": expect.stringMatching(/^v1,/) });

    const page = renderToStaticMarkup(await DevWebhooksPage());
    expect(page).toContain(`http://mail.test${DEV_INBOX_PATH}`);
    const entry = page.slice(page.indexOf(`data-order="${id}"`));
    expect(entry).toMatch(/^data-order="[^"]+"><h2[^>]*>order\.screening<\/h2>/);
    expect(entry).toContain(first.id);
    expect(entry).toContain("Signature verified");
    expect(entry).toContain("webhook-signature");
    // The body, indented.
    expect(entry).toMatch(/<pre[^>]*>\{\n {2}&quot;/);
    expect(entry).toContain(`\n  &quot;type&quot;: &quot;order.screening&quot;`);
  });

  it("reports a tampered body, a foreign secret, a stale timestamp and missing headers as not verified", async () => {
    const { id, secret, first } = await orderWithHook("https://hooks.example.com/x");
    const body = JSON.stringify(first.payload);
    const signed = (text: string, key = secret, at = new Date()) => ({
      "webhook-id": first.id,
      "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
      "webhook-signature": new Webhook(key).sign(first.id, at, text),
    });

    const genuine = await postToInbox(body, signed(body));
    expect(genuine).toMatchObject({ status: 200, json: { status: "ok", verified: true, verdict: "signature verified" } });

    const tampered = await postToInbox(body.replace('"order.screening"', '"order.delivered"'), signed(body));
    expect(tampered.status).toBe(200);
    expect(tampered.json).toMatchObject({ verified: false });
    expect(tampered.json.verdict).toBe(`not verified: the signature does not match this body, webhook-id and webhook-timestamp (checked with ${id}'s webhook_secret)`);
    const row = await db().devWebhook.findUniqueOrThrow({ where: { id: tampered.json.received } });
    expect(row).toMatchObject({ verified: false, orderId: id });

    const foreign = await postToInbox(body, signed(body, "whsec_" + Buffer.alloc(24, 7).toString("base64")));
    expect(foreign.json).toMatchObject({ verified: false, verdict: expect.stringMatching(/does not match/) });
    const stale = await postToInbox(body, signed(body, secret, new Date(Date.now() - 10 * 60_000)));
    expect(stale.json).toMatchObject({ verified: false, verdict: expect.stringMatching(/more than 5 minutes old/) });
    const bare = await postToInbox(body, {});
    expect(bare.json).toMatchObject({ verified: false, verdict: "not verified: no webhook-id, webhook-timestamp, webhook-signature header" });
    const stranger = await postToInbox('{"type":"x"}', { ...signed('{"type":"x"}'), "webhook-id": "msg_unknown" });
    expect(stranger.json).toMatchObject({ verified: false, verdict: expect.stringMatching(/no message of this service's/) });

    const page = renderToStaticMarkup(await DevWebhooksPage());
    expect(page).toContain("Signature not verified: the signature does not match");
  });

  it("refuses a body over its cap and keeps only the newest messages", async () => {
    const big = await postToInbox("x".repeat(DEV_INBOX_MAX_BODY_BYTES + 1), {});
    expect(big).toMatchObject({ status: 400, json: { code: "body_too_large" } });
    const marks: string[] = [];
    for (let i = 0; i <= DEV_INBOX_KEEPS; i++) marks.push((await postToInbox(`{"n":${i}}`, {})).json.received);
    expect(await db().devWebhook.count()).toBe(DEV_INBOX_KEEPS);
    expect(await db().devWebhook.findUnique({ where: { id: marks[0] } })).toBeNull();
    expect(await db().devWebhook.findUnique({ where: { id: marks.at(-1)! } })).not.toBeNull();
  });
});

describe("npm run webhooks", () => {
  it("test ORDER_ID URL delivers a test.ping a standardwebhooks receiver verifies with the order's secret", async () => {
    const { id, secret } = await orderWithHook("https://hooks.example.com/x");
    const run = await cli("test", id, `${receiver.origin}/listener?token=abc`);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const got = received.filter((r) => r.path === "/listener");
    expect(got).toHaveLength(1);
    const event = verify(secret, got[0]);
    expect(event).toMatchObject({ type: "test.ping", data: { order: { id } } });
    expect(run.stdout).toContain(`test.ping ${got[0].headers["webhook-id"]} about ${id} sent to ${receiver.origin}/listener, signed with its webhook_secret:`);
    expect(run.stdout).not.toContain("token=abc");
    expect(run.stdout).toMatch(/accepted: HTTP 200 in \d+ ms/);
    // Recorded nowhere: the order's own messages are only what its webhook_url was sent.
    expect(await db().webhookDelivery.count({ where: { id: String(got[0].headers["webhook-id"]) } })).toBe(0);
  });

  it("resend MESSAGE_ID sends a logged message again, signed afresh, as a new attempt in its log", async () => {
    const { id, secret, first } = await orderWithHook(`${receiver.origin}/flaky`);
    expect(await attemptWebhookDelivery(first.id)).toMatchObject({ kind: "delivered", attempt: 1 });

    const again = await cli("resend", first.id);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain(`${first.id} (order.screening of ${id}) sent again to ${receiver.origin}/flaky, recorded as attempt 2:`);
    // A receiver that refuses: exit 1, the attempt still logged, the message still delivered.
    scripts.set("/flaky", [500]);
    const refused = await cli("resend", first.id);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/not accepted: the receiver answered 500/);

    const got = received.filter((r) => r.headers["webhook-id"] === first.id);
    expect(got).toHaveLength(3);
    expect(new Set(got.map((r) => r.body)).size).toBe(1);
    for (const r of got) expect(verify(secret, r).type).toBe("order.screening");
    const read = await call(getOrder, { params: { id } });
    const shown = read.json.webhook_deliveries.find((d: { id: string }) => d.id === first.id);
    expect(shown).toMatchObject({ state: "delivered", last_error: null });
    expect(shown.attempts.map((a: { attempt: number; http_status: number }) => [a.attempt, a.http_status])).toEqual([
      [1, 200],
      [2, 200],
      [3, 500],
    ]);
  });

  it("resend delivers a message that had failed", async () => {
    const { first } = await orderWithHook(`${receiver.origin}/hook`);
    await db().webhookDelivery.update({ where: { id: first.id }, data: { state: "failed", attempts: 10, lastError: "gave up", nextAttemptAt: null } });
    const run = await cli("resend", first.id);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain("recorded as attempt 11:");
    expect(await db().webhookDelivery.findUniqueOrThrow({ where: { id: first.id } })).toMatchObject({ state: "delivered", lastError: null, lastStatus: 200 });
  });

  it("fails with a clear message and exit code 2 when nothing could be sent", async () => {
    const { id } = await orderWithHook("https://hooks.example.com/x");
    const plain = await sendSandboxLetter({});
    const [noMessage, noOrder, noSecret, privateUrl, usage] = await Promise.all([
      cli("resend", "msg_doesnotexist"),
      cli("test", "ord_test_doesnotexist", `${receiver.origin}/listener`),
      cli("test", plain.json.order.id, `${receiver.origin}/listener`),
      cli("test", id, "http://10.0.0.1/hook"),
      cli("send", id),
    ]);
    expect(noMessage).toMatchObject({ code: 2, stdout: "" });
    expect(noMessage.stderr).toMatch(/^No webhook message msg_doesnotexist\. /);
    expect(noOrder).toMatchObject({ code: 2, stderr: "No order ord_test_doesnotexist.\n" });
    expect(noSecret.code).toBe(2);
    expect(noSecret.stderr).toContain(`${plain.json.order.id} was created without webhook_url, so it has no webhook_secret to sign a test with.`);
    expect(privateUrl.code).toBe(2);
    expect(privateUrl.stderr).toMatch(/^Not sent: 10\.0\.0\.1 is a private address\./);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/^Usage: npm run webhooks -- resend MESSAGE_ID/);
    expect(received.filter((r) => r.path === "/listener")).toHaveLength(1); // only the test above
  }, 60_000);
});
