import { createHash } from "node:crypto";
import { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/db";
import { ApiError } from "@/lib/errors/api-error";

// Idempotency-Key handling for POST /v1/orders (spec 4.1 rules 3 and 4) and POST /v1/credits/checkout. A key is claimed by
// inserting its row; the request that inserted it does the work and stores its response in
// the same transaction that creates the order, so there is never an order without its record.

const LOCK_MS = 30_000;
/**
 * How long a key is remembered (Stripe keeps keys 24 hours too): within it the same key replays
 * the first answer; after it the key is new again, and the hourly sweep deletes the record.
 */
export const IDEMPOTENCY_RETENTION_HOURS = 24;

export type IdempotencyScope = { scope: string; key: string; requestHash: string };
export type Claim = { kind: "claimed" } | { kind: "replay"; status: number; body: Record<string, unknown>; orderId: string | null };

export function parseIdempotencyKey(header: string | null): string | null {
  if (header === null) return null;
  if (!/^[\x21-\x7e]{1,255}$/.test(header)) {
    throw new ApiError("validation_error", "Invalid request: the Idempotency-Key header must be 1 to 255 visible ASCII characters (a UUID is a good choice).");
  }
  return header;
}

export function hashRequest(body: unknown): string {
  return createHash("sha256").update(JSON.stringify(body)).digest("hex");
}

export async function claimIdempotencyKey({ scope, key, requestHash }: IdempotencyScope): Promise<Claim> {
  const lockedUntil = new Date(Date.now() + LOCK_MS);
  const inserted = await db().$executeRaw`
    INSERT INTO idempotency_records (scope, key, request_hash, state, locked_until)
    VALUES (${scope}, ${key}, ${requestHash}, 'in_flight', ${lockedUntil})
    ON CONFLICT (scope, key) DO UPDATE
      SET request_hash = EXCLUDED.request_hash, state = 'in_flight', locked_until = EXCLUDED.locked_until,
          response_status = NULL, response_body = NULL, order_id = NULL, created_at = now()
      WHERE idempotency_records.created_at < now() - make_interval(hours => ${IDEMPOTENCY_RETENTION_HOURS})`;
  if (inserted === 1) return { kind: "claimed" };

  const row = await db().idempotencyRecord.findUnique({ where: { scope_key: { scope, key } } });
  if (!row) return claimIdempotencyKey({ scope, key, requestHash }); // released between our two statements
  if (row.requestHash !== requestHash) throw new ApiError("idempotency_key_reused");
  if (row.state === "done") {
    return { kind: "replay", status: row.responseStatus ?? 200, body: (row.responseBody ?? {}) as Record<string, unknown>, orderId: row.orderId };
  }
  // A claim whose holder died (its lock ran out) may be taken over.
  const { count } = await db().idempotencyRecord.updateMany({
    where: { scope, key, state: "in_flight", lockedUntil: { lte: new Date() } },
    data: { lockedUntil },
  });
  if (count === 1) return { kind: "claimed" };
  const wait = Math.max(1, Math.ceil((row.lockedUntil.getTime() - Date.now()) / 1000));
  throw new ApiError("idempotency_in_flight", undefined, { headers: { "Retry-After": String(Math.min(wait, 5)) } });
}

export async function completeIdempotencyKey(
  tx: Prisma.TransactionClient,
  { scope, key }: IdempotencyScope,
  response: { status: number; body: Record<string, unknown>; orderId: string | null },
) {
  await tx.idempotencyRecord.update({
    where: { scope_key: { scope, key } },
    data: { state: "done", responseStatus: response.status, responseBody: response.body as Prisma.InputJsonValue, orderId: response.orderId },
  });
}

/** Forgets a claim whose request failed, so that a retry with the same key runs afresh. */
export async function releaseIdempotencyKey({ scope, key }: IdempotencyScope) {
  await db().idempotencyRecord.deleteMany({ where: { scope, key, state: "in_flight" } });
}

/** Replaces a finished request's stored response (an order whose outcome came after its creation). */
export async function replaceIdempotentResponse({ scope, key }: IdempotencyScope, response: { status: number; body: Record<string, unknown> }) {
  await db().idempotencyRecord.updateMany({
    where: { scope, key, state: "done" },
    data: { responseStatus: response.status, responseBody: response.body as Prisma.InputJsonValue },
  });
}

/** Deletes the records of keys older than the retention (the hourly sweep); returns how many. */
export async function purgeExpiredIdempotencyRecords(now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - IDEMPOTENCY_RETENTION_HOURS * 3_600_000);
  // An in-flight claim that old has long lost its lock: nothing is still working on it.
  const { count } = await db().idempotencyRecord.deleteMany({ where: { createdAt: { lt: cutoff } } });
  return count;
}
