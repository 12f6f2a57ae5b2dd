import { describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  delete process.env.SMTP_URL; // e-mails go to the development mailbox
});

import { db } from "@/lib/db";
import { newEmailId, newWebhookMessageId } from "@/lib/ids";
import { enqueueJob, jobLifetimeSeconds, NOTIFY_QUEUES } from "@/lib/jobs/queues";
import { sendOrderEmail } from "@/lib/notifications/email/send-order-email";
import { EMAIL_MAX_ATTEMPTS, requeueStuckNotifications } from "@/lib/notifications/requeue-stuck-notifications";
import { MAX_ATTEMPTS as WEBHOOK_MAX_ATTEMPTS } from "@/lib/notifications/webhooks/retry-schedule";
import { sendSandboxLetter } from "@/tests/support/orders";

// The worker's sweep of notifications whose pg-boss jobs ran out while still pending. The rows
// are written as pg-boss leaves them when a job's retries are spent (the row pending, no job
// waiting) and back-dated past a job's lifetime, instead of waiting days. Other files share the
// database (and worker.test.ts runs real workers), so every assertion is about this file's rows.

const HOUR = 3_600_000;

async function liveJobs(queue: string, field: "emailId" | "deliveryId", id: string): Promise<number> {
  const [row] = await db().$queryRaw<{ n: bigint }[]>`
    SELECT count(*) AS n FROM pgboss.job WHERE name = ${queue} AND data->>${field} = ${id} AND state IN ('created', 'retry', 'active')`;
  return Number(row.n);
}

async function anOrder(over: Record<string, unknown> = {}): Promise<string> {
  const res = await sendSandboxLetter(over);
  expect(res.status).toBe(201);
  return res.json.order.id as string;
}

describe("e-mails whose jobs ran out", () => {
  it("are queued again and then sent; one whose job still waits, or that is young, is left alone; past the cap it fails and says why", async () => {
    const orderId = await anOrder();
    const longAgo = new Date(Date.now() - jobLifetimeSeconds(NOTIFY_QUEUES.email) * 1000 - HOUR);
    const email = (kind: string, over: { attempts?: number; lastError?: string; createdAt?: Date } = {}) =>
      db().orderEmail.create({ data: { id: newEmailId(), orderId, kind, to: "stuck@example.com", state: "pending", ...over } });

    const stuck = await email("mailed", { attempts: 13, lastError: "451 4.3.0 Try again later", createdAt: longAgo });
    const spent = await email("delivered", { attempts: EMAIL_MAX_ATTEMPTS, lastError: "451 4.3.0 Try again later", createdAt: longAgo });
    const young = await email("failed", { attempts: 13, lastError: "451 4.3.0 Try again later" });
    const waiting = await email("canceled", { attempts: 2, createdAt: longAgo });
    // A job that still waits for its turn (a retry tomorrow): not stuck, however old the row.
    await db().$transaction((tx) => enqueueJob(tx, NOTIFY_QUEUES.email, { emailId: waiting.id }, { startAfter: new Date(Date.now() + 24 * HOUR) }));

    await requeueStuckNotifications();

    // Queued again (a worker of another test file may already have sent it).
    const requeued = await db().orderEmail.findUniqueOrThrow({ where: { id: stuck.id } });
    expect(requeued.state === "sent" || (await liveJobs(NOTIFY_QUEUES.email, "emailId", stuck.id)) === 1).toBe(true);
    // Given up: failed, with the reason an operator reads on the order.
    const failed = await db().orderEmail.findUniqueOrThrow({ where: { id: spent.id } });
    expect(failed.state).toBe("failed");
    expect(failed.lastError).toBe(`gave up after ${EMAIL_MAX_ATTEMPTS} attempts to send it over several days (last error: 451 4.3.0 Try again later)`);
    expect(await liveJobs(NOTIFY_QUEUES.email, "emailId", spent.id)).toBe(0);
    // Left alone.
    expect(await db().orderEmail.findUniqueOrThrow({ where: { id: young.id } })).toMatchObject({ state: "pending", attempts: 13 });
    expect(await liveJobs(NOTIFY_QUEUES.email, "emailId", young.id)).toBe(0);
    expect(await liveJobs(NOTIFY_QUEUES.email, "emailId", waiting.id)).toBe(1);

    // A second sweep queues nothing twice.
    await requeueStuckNotifications();
    expect(await liveJobs(NOTIFY_QUEUES.email, "emailId", stuck.id)).toBeLessThanOrEqual(1);

    // The queued job does what the worker does: the e-mail goes out.
    await sendOrderEmail(stuck.id);
    expect(await db().orderEmail.findUniqueOrThrow({ where: { id: stuck.id } })).toMatchObject({ state: "sent", lastError: null });
    expect(await db().devMail.findUnique({ where: { id: stuck.id } })).toMatchObject({ to: "stuck@example.com" });
  });
});

describe("webhook messages whose jobs ran out", () => {
  it("are queued again from where they were, and past the last attempt they fail and say why", async () => {
    const orderId = await anOrder({ webhook_url: "https://hooks.example.com/mail" });
    const longAgo = new Date(Date.now() - jobLifetimeSeconds(NOTIFY_QUEUES.webhook) * 1000 - HOUR);
    const message = (attempts: number) =>
      db().webhookDelivery.create({
        data: { id: newWebhookMessageId(), orderId, type: "order.mailed", payload: {}, state: "pending", attempts, lastError: "the receiver answered 503", nextAttemptAt: longAgo, createdAt: longAgo },
      });
    const stuck = await message(3);
    const spent = await message(WEBHOOK_MAX_ATTEMPTS);

    await requeueStuckNotifications();

    const requeued = await db().webhookDelivery.findUniqueOrThrow({ where: { id: stuck.id } });
    expect(requeued.state !== "pending" || (await liveJobs(NOTIFY_QUEUES.webhook, "deliveryId", stuck.id)) === 1).toBe(true);
    expect(requeued.attempts).toBeGreaterThanOrEqual(3);
    const failed = await db().webhookDelivery.findUniqueOrThrow({ where: { id: spent.id } });
    expect(failed).toMatchObject({ state: "failed", nextAttemptAt: null });
    expect(failed.lastError).toBe(`gave up after ${WEBHOOK_MAX_ATTEMPTS} attempts; its last one never finished (last error: the receiver answered 503)`);
    expect(await liveJobs(NOTIFY_QUEUES.webhook, "deliveryId", spent.id)).toBe(0);
  });
});
