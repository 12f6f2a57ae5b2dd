import type { Prisma } from "@/lib/generated/prisma/client";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/errors/api-error";
import type { ErrorCode } from "@/lib/errors/error-catalogue";
import type { Address } from "@/lib/letters/schemas";
import { dollars } from "@/lib/text/dollars";

// The sending caps of spec 8.2, for live orders only (sandbox orders skip them). Windows are the
// calendar UTC day and UTC month, so a full window reopens at the next UTC midnight or on the
// 1st of next month at 00:00 UTC, and every caller sees the same boundaries.
//
// What counts: live orders created in the window that were not canceled or failed (those were
// never mailed nor charged). A refused letter still counts toward the letter caps, so that
// screening cannot be probed for free, but not toward spend, since nothing was charged for it.
// Payment-link orders count from creation, paid or not yet paid.

export const SENDING_CAPS = {
  sender: { code: "velocity_limit", unit: "letters", day: 5, month: 20, label: "Sender cap", who: "this sender (you with this sender e-mail, or this return address when no e-mail is given)" },
  actor: { code: "velocity_limit", unit: "letters", day: 15, month: 60, label: "Caller cap", who: "this caller (your API key, or your address without one)" },
  actor_spend: { code: "spend_cap", unit: "cents", day: 10_000, month: 20_000, label: "Spend cap", who: "this caller (your API key, or your address without one)" },
} as const satisfies Record<string, { code: ErrorCode; unit: "letters" | "cents"; day: number; month: number; label: string; who: string }>;

export type SendingCap = keyof typeof SENDING_CAPS;
type Window = "day" | "month";

/**
 * Who a letter is from, for the sender cap: the caller plus the declared sender e-mail, or,
 * when the order gives no e-mail, the caller plus the return address as it prints (name, first
 * line and 5-digit ZIP). Lower-cased with runs of spaces collapsed so that trivial variants are
 * the same sender. prisma/migrations/20261122000000_sending_caps backfills it the same way.
 */
export function senderFingerprint(actor: string, email: string | null | undefined, from: Pick<Address, "name" | "line1" | "zip">): string {
  const norm = (s: string) => s.trim().toLowerCase().replace(/\s+/g, " ");
  if (email) return `${actor}|email:${norm(email)}`;
  return `${actor}|from:${norm(from.name)}|${norm(from.line1)}|${from.zip.trim().slice(0, 5)}`;
}

/** The UTC window holding `now`: [start, end). */
export function utcWindow(window: Window, now: Date): { start: Date; end: Date } {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  if (window === "month") return { start: new Date(Date.UTC(y, m, 1)), end: new Date(Date.UTC(y, m + 1, 1)) };
  const d = now.getUTCDate();
  return { start: new Date(Date.UTC(y, m, d)), end: new Date(Date.UTC(y, m, d + 1)) };
}

type Usage = { dayLetters: number; monthLetters: number; dayCents: number; monthCents: number };

type Blocked = { cap: SendingCap; window: Window; used: number; end: Date };

/**
 * Refuses a live order that would go over a sending cap, with 429 velocity_limit (letters) or
 * spend_cap (cents) and Retry-After up to the end of the latest-ending full window, since
 * retrying earlier cannot succeed. Must run inside the transaction that creates the order and
 * before the order row is written: the advisory locks make parallel orders of one actor (and
 * one sender) queue, so each counts the ones committed before it and the caps hold exactly.
 */
export async function enforceSendingCaps(
  tx: Prisma.TransactionClient,
  input: { actor: string; senderFingerprint: string; priceCents: number; now: Date },
): Promise<void> {
  if (env().SENDING_CAPS_DISABLED) return; // `npm run bench` only; production refuses the setting
  const { actor, priceCents, now } = input;
  // Always actor first, then sender, so that two orders can never wait on each other.
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`sending-cap:${actor}`}, 0))`;
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`sending-cap:${input.senderFingerprint}`}, 0))`;

  const day = utcWindow("day", now);
  const month = utcWindow("month", now);
  const [actorUsage, senderUsage] = await Promise.all([usage(tx, "actor", actor, day, month), usage(tx, "sender_fingerprint", input.senderFingerprint, day, month)]);

  const blocked: Blocked[] = [];
  const check = (cap: SendingCap, window: Window, used: number, adding: number) => {
    if (used + adding > SENDING_CAPS[cap][window]) blocked.push({ cap, window, used, end: window === "day" ? day.end : month.end });
  };
  check("sender", "day", senderUsage.dayLetters, 1);
  check("sender", "month", senderUsage.monthLetters, 1);
  check("actor", "day", actorUsage.dayLetters, 1);
  check("actor", "month", actorUsage.monthLetters, 1);
  check("actor_spend", "day", actorUsage.dayCents, priceCents);
  check("actor_spend", "month", actorUsage.monthCents, priceCents);
  if (blocked.length === 0) return;

  const reopens = new Date(Math.max(...blocked.map((b) => b.end.getTime())));
  const retryAfter = Math.max(1, Math.ceil((reopens.getTime() - now.getTime()) / 1000));
  // A letter-count cap is the code when one is full; spend alone is spend_cap.
  const code: ErrorCode = blocked.some((b) => SENDING_CAPS[b.cap].code === "velocity_limit") ? "velocity_limit" : "spend_cap";
  const reason = [
    ...blocked.map((b) => explain(b, priceCents)),
    `Nothing was created or charged. Sending reopens at ${reopens.toISOString()} (in ${retryAfter} s).`,
  ].join(" ");
  throw new ApiError(code, reason, {
    headers: { "Retry-After": String(retryAfter) },
    next: [
      `Send again after Retry-After seconds (at ${reopens.toISOString()}). A confirmation_token lasts 30 minutes, so quote the letter again first if it has expired.`,
      "Canceling a letter that has not been handed to the carrier frees its place in these caps.",
    ],
  });
}

function explain(b: Blocked, priceCents: number): string {
  const cap = SENDING_CAPS[b.cap];
  const period = b.window === "day" ? "this UTC day" : "this UTC month";
  const limit = cap[b.window];
  if (cap.unit === "cents") {
    return `${cap.label}: ${cap.who} has ${dollars(b.used)} of live letters ${period} and this one costs ${dollars(priceCents)}, over the limit of ${dollars(limit)} a ${b.window}; it reopens at ${b.end.toISOString()}.`;
  }
  return `${cap.label}: ${cap.who} has sent ${b.used} live letter${b.used === 1 ? "" : "s"} ${period}, the limit is ${limit} a ${b.window}; it reopens at ${b.end.toISOString()}.`;
}

/** Letters and cents counted against one key in the current day and month (one index range scan). */
async function usage(
  tx: Prisma.TransactionClient,
  column: "actor" | "sender_fingerprint",
  key: string,
  day: { start: Date; end: Date },
  month: { start: Date; end: Date },
): Promise<Usage> {
  // The column name is one of two literals above, never input; the values are bound.
  const rows = await tx.$queryRawUnsafe<{ day_letters: bigint; month_letters: bigint; day_cents: bigint; month_cents: bigint }[]>(
    `SELECT
       count(*) FILTER (WHERE "created_at" >= $2 AND "created_at" < $3) AS day_letters,
       count(*) AS month_letters,
       coalesce(sum("price_cents") FILTER (WHERE "created_at" >= $2 AND "created_at" < $3 AND "status" <> 'refused'), 0)::bigint AS day_cents,
       coalesce(sum("price_cents") FILTER (WHERE "status" <> 'refused'), 0)::bigint AS month_cents
     FROM "orders"
     WHERE "${column}" = $1 AND "sandbox" = false
       AND "created_at" >= $4 AND "created_at" < $5
       -- canceled and failed letters were never mailed nor charged: they leave every cap.
       AND "status" NOT IN ('canceled', 'failed')`,
    key,
    day.start,
    day.end,
    month.start,
    month.end,
  );
  const r = rows[0];
  return { dayLetters: Number(r.day_letters), monthLetters: Number(r.month_letters), dayCents: Number(r.day_cents), monthCents: Number(r.month_cents) };
}
