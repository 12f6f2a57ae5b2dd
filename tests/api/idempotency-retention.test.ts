import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { claimIdempotencyKey, completeIdempotencyKey, hashRequest, purgeExpiredIdempotencyRecords } from "@/lib/http/idempotency";

// An Idempotency-Key is remembered for 24 hours (README, OpenAPI): within them the same key
// replays the first answer or refuses another body; after them the key is new again, and the
// hourly sweep forgets it.

const HOUR = 3_600_000;

async function answered(scope: string, key: string, body: unknown, hoursAgo: number) {
  const id = { scope, key, requestHash: hashRequest(body) };
  expect(await claimIdempotencyKey(id)).toEqual({ kind: "claimed" });
  await db().$transaction((tx) => completeIdempotencyKey(tx, id, { status: 201, body: { status: "ok", first: true }, orderId: null }));
  await db().idempotencyRecord.update({ where: { scope_key: { scope, key } }, data: { createdAt: new Date(Date.now() - hoursAgo * HOUR) } });
}

describe("Idempotency-Key retention", () => {
  it("replays a key answered 23 hours ago, and refuses it with another body", async () => {
    const [scope, key] = ["anonymous", randomUUID()];
    await answered(scope, key, { pack: "starter" }, 23);
    expect(await claimIdempotencyKey({ scope, key, requestHash: hashRequest({ pack: "starter" }) })).toMatchObject({ kind: "replay", status: 201, body: { first: true } });
    await expect(claimIdempotencyKey({ scope, key, requestHash: hashRequest({ pack: "pro" }) })).rejects.toMatchObject({ code: "idempotency_key_reused" });
  });

  it("treats a key answered 25 hours ago as new, whatever the body", async () => {
    const [scope, key] = ["anonymous", randomUUID()];
    await answered(scope, key, { pack: "starter" }, 25);
    expect(await claimIdempotencyKey({ scope, key, requestHash: hashRequest({ pack: "pro" }) })).toEqual({ kind: "claimed" });
    const row = await db().idempotencyRecord.findUniqueOrThrow({ where: { scope_key: { scope, key } } });
    expect(row).toMatchObject({ state: "in_flight", responseBody: null, requestHash: hashRequest({ pack: "pro" }) });
  });

  it("the sweep deletes the records older than 24 hours and keeps the others", async () => {
    const [old, recent] = [randomUUID(), randomUUID()];
    await answered("anonymous", old, {}, 30);
    await answered("anonymous", recent, {}, 1);
    expect(await purgeExpiredIdempotencyRecords()).toBeGreaterThanOrEqual(1);
    expect(await db().idempotencyRecord.findUnique({ where: { scope_key: { scope: "anonymous", key: old } } })).toBeNull();
    expect(await db().idempotencyRecord.findUnique({ where: { scope_key: { scope: "anonymous", key: recent } } })).not.toBeNull();
  });
});
