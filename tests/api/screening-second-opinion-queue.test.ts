import { describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  // A deployment with a second opinion configured; nothing listens at this address, and no test
  // here calls it: this file checks what screening queues.
  process.env.SCREENING_SECOND_OPINION = "anthropic";
  process.env.SCREENING_SECOND_OPINION_API_KEY = "sk-not-used";
  process.env.SCREENING_SECOND_OPINION_BASE_URL = "http://127.0.0.1:9";
});

import { db } from "@/lib/db";
import { address } from "@/tests/support/api";
import { sendSandboxLetter } from "@/tests/support/orders";

// With SCREENING_SECOND_OPINION on, a letter screening holds gets a second-opinion job in the
// same transaction that holds it; a letter it mails or refuses gets none.

const jobs = (orderId: string) =>
  db().$queryRawUnsafe<{ n: bigint }[]>(`SELECT count(*) AS n FROM pgboss.job WHERE name = 'order-second-opinion' AND singleton_key = $1`, orderId).then((r) => Number(r[0].n));

describe("the second-opinion queue", () => {
  it("queues a second opinion for a held letter, and none for a mailed one", async () => {
    const held = await sendSandboxLetter({ to: address({ name: "Sandbox Review Ada" }) });
    expect(held.json.order.status).toBe("held_for_review");
    expect(await jobs(held.json.order.id)).toBe(1);

    const mailed = await sendSandboxLetter();
    expect(mailed.json.order.status).toBe("submitted");
    expect(await jobs(mailed.json.order.id)).toBe(0);
  });
});
