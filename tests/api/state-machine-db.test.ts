import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DELETE as deleteOrder } from "@/app/v1/orders/[id]/route";
import { db } from "@/lib/db";
import { ORDER_STATUSES, canTransition } from "@/lib/orders/state-machine";
import { refuseOrder, releaseHeldOrder } from "@/lib/pipeline/refuse-or-fail-order";
import { screenOrder } from "@/lib/pipeline/screen-order";
import { address, call } from "@/tests/support/api";
import { sendSandboxLetter } from "@/tests/support/orders";

// The transition table holds in the database itself (a trigger), not only in our code: every
// pair of statuses is tried with a raw UPDATE, and racing actors on one order leave exactly
// one transition.

let client: pg.Client;
beforeAll(async () => {
  client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
});
afterAll(() => client.end());

describe("the database enforces the state machine", () => {
  it("allows exactly the legal pairs, over all 100 pairs of the ten statuses", async () => {
    const { json } = await sendSandboxLetter();
    const id = json.order.id;
    const refusedIllegal: string[] = [];
    const acceptedLegal: string[] = [];
    for (const from of ORDER_STATUSES) {
      for (const to of ORDER_STATUSES) {
        await client.query("BEGIN");
        // Put the row in `from` with triggers off (test setup only), then try the move as any code would.
        await client.query("SET LOCAL session_replication_role = replica");
        await client.query("UPDATE orders SET status = $1 WHERE id = $2", [from, id]);
        await client.query("SET LOCAL session_replication_role = origin");
        await client.query("SAVEPOINT try");
        const ok = await client.query("UPDATE orders SET status = $1 WHERE id = $2", [to, id]).then(() => true, () => false);
        await client.query("ROLLBACK");
        const legal = canTransition(from, to) || from === to;
        expect(ok, `${from} -> ${to}`).toBe(legal);
        if (!ok) refusedIllegal.push(`${from}->${to}`);
        else if (from !== to) acceptedLegal.push(`${from}->${to}`);
      }
    }
    expect(acceptedLegal).toHaveLength(19);
    expect(refusedIllegal).toHaveLength(100 - 19 - 10);
    expect((await db().order.findUniqueOrThrow({ where: { id } })).status).toBe("submitted"); // every try rolled back
  });

  it("refuses a status the spec does not have", async () => {
    const { json } = await sendSandboxLetter();
    await expect(client.query("UPDATE orders SET status = 'lost' WHERE id = $1", [json.order.id])).rejects.toThrow();
  });
});

describe("racing actors on one order", () => {
  it("release, refuse and cancel of one held letter at once: exactly one wins, with one event", async () => {
    const held = await sendSandboxLetter({ to: address({ name: "Sandbox Review Tester" }) });
    const id = held.json.order.id;
    expect(held.json.order.status).toBe("held_for_review");
    const outcomes = await Promise.allSettled([
      releaseHeldOrder(id),
      refuseOrder(id, "An operator refused it."),
      call(deleteOrder, { method: "DELETE", params: { id }, headers: { "X-Capability-Token": held.json.capability.cancel_token } }).then((r) => {
        if (r.status !== 200) throw new Error(r.json.code);
      }),
      screenOrder(id),
    ]);
    const winners = outcomes.slice(0, 3).filter((o) => o.status === "fulfilled");
    expect(winners).toHaveLength(1);
    // The losers are told why, as a 409 they can act on, never an unexplained error.
    for (const lost of outcomes.slice(0, 2).filter((o) => o.status === "rejected")) {
      expect((lost as PromiseRejectedResult).reason).toMatchObject({ code: "order_state_conflict" });
    }
    const events = await db().orderEvent.findMany({ where: { orderId: id, kind: "status", fromStatus: "held_for_review" } });
    expect(events).toHaveLength(1);
    expect(["submitted", "refused", "canceled"]).toContain(events[0].toStatus);
    expect((await db().order.findUniqueOrThrow({ where: { id } })).status).toBe(events[0].toStatus);
  });

  it("refusing a letter twice, or after it was released, answers 409 order_state_conflict", async () => {
    const held = await sendSandboxLetter({ to: address({ name: "Sandbox Review Tester" }) });
    const id = held.json.order.id;
    const twice = await Promise.allSettled([refuseOrder(id, "first"), refuseOrder(id, "second")]);
    expect(twice.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    expect((twice.find((o) => o.status === "rejected") as PromiseRejectedResult).reason).toMatchObject({ code: "order_state_conflict" });
    await expect(releaseHeldOrder(id)).rejects.toMatchObject({ code: "order_state_conflict" });
    expect(await db().orderEvent.count({ where: { orderId: id, kind: "status", toStatus: "refused" } })).toBe(1);
  });

  it("ten screening passes of one order at once (job retries, a request and its backstop) hand it over once", async () => {
    const hold = await sendSandboxLetter({ to: address({ name: "Sandbox Hold Tester" }) });
    const id = hold.json.order.id;
    expect(hold.json.order.status).toBe("screening");
    // Lift the sandbox hold (a magic phrase in the recipient's name) so that screening may hand it over.
    const { recipient } = await db().order.findUniqueOrThrow({ where: { id } });
    await db().order.update({ where: { id }, data: { recipient: { ...(recipient as object), name: "Ann Tester" } } });
    const results = await Promise.all(Array.from({ length: 10 }, () => screenOrder(id)));
    expect(results.filter((r) => r === "submitted")).toHaveLength(1);
    const events = await db().orderEvent.findMany({ where: { orderId: id, kind: "status", toStatus: "submitted" } });
    expect(events).toHaveLength(1);
  });
});
