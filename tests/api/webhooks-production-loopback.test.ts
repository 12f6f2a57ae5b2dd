import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

// Production keeps webhooks off this machine: what development allows a loopback webhook_url
// (tests/api/webhooks-on-a-laptop.test.ts) production still refuses, when the order is created
// and when each attempt connects, and the development inbox is not served.
await vi.hoisted(async () => {
  Object.assign(process.env, (await import("@/tests/support/production-env")).PRODUCTION_ENV);
});

import DevWebhooksPage from "@/app/dev/webhooks/page";
import { POST as postInbox } from "@/app/dev/webhooks/inbox/route";
import { db } from "@/lib/db";
import { attemptWebhookDelivery } from "@/lib/notifications/webhooks/deliver-webhook";
import { DEV_INBOX_PATH } from "@/lib/notifications/webhooks/dev-webhook-inbox";
import { sendTestWebhook } from "@/lib/notifications/webhooks/send-test-webhook";
import { startFakeLob, type FakeLob } from "@/tests/support/fake-lob";
import { startLocalServer, type LocalServer } from "@/tests/support/local-http";
import { sendSandboxLetter } from "@/tests/support/orders";

let lob: FakeLob;
let receiver: LocalServer;
beforeAll(async () => {
  lob = await startFakeLob();
  process.env.LOB_API_BASE = lob.url.replace(/\/v1$/, "");
  receiver = await startLocalServer({ "/hook": (_req, res) => res.writeHead(200).end("ok") });
});
afterAll(async () => {
  await lob.close();
  await receiver.close();
});

describe("webhooks in production", () => {
  it("refuses a loopback webhook_url when the order is created", async () => {
    for (const url of [`${receiver.origin}/hook`, `http://[::1]:${receiver.port}/hook`]) {
      const res = await sendSandboxLetter({ webhook_url: url });
      expect(res.status, url).toBe(400);
      expect(res.json.code, url).toBe("validation_error");
      expect(res.json.reason, url).toMatch(/webhook_url cannot be called: .* is a loopback address \(this machine\)\. Webhooks go only to public internet addresses\.$/);
    }
    expect(receiver.hits).toEqual([]);
  });

  it("refuses a name that resolves to loopback when each attempt connects, and a test sent to one", async () => {
    const res = await sendSandboxLetter({ webhook_url: `http://localhost:${receiver.port}/hook` });
    expect(res.status).toBe(201);
    const first = await db().webhookDelivery.findFirstOrThrow({ where: { orderId: res.json.order.id }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
    const outcome = await attemptWebhookDelivery(first.id);
    expect(outcome).toMatchObject({ kind: "retry", status: null });
    expect((outcome as { error: string }).error).toMatch(/^localhost resolves to (127\.0\.0\.1|::1), a loopback address \(this machine\)$/);

    expect(await sendTestWebhook(res.json.order.id, `${receiver.origin}/hook`)).toEqual({ kind: "refused_url", reason: "127.0.0.1 is a loopback address (this machine)" });
    expect(await sendTestWebhook(res.json.order.id, `http://localhost:${receiver.port}/hook`)).toMatchObject({ kind: "refused_url", reason: expect.stringMatching(/^localhost resolves to .*loopback/) });
    expect(receiver.hits).toEqual([]);
  });

  it("does not serve the development webhook inbox", async () => {
    await expect(DevWebhooksPage()).rejects.toMatchObject({ digest: expect.stringMatching(/;404$/) });
    const res = await postInbox(new Request(`https://mail.example.com${DEV_INBOX_PATH}`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" }));
    expect(res.status).toBe(404);
    expect(await db().devWebhook.count({ where: { body: Buffer.from("{}") } })).toBe(0);
  });
});
