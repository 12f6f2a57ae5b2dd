// When a webhook message is tried again (Standard Webhooks' schedule, stretched to about three
// days): after the 1st failed attempt wait 5 s, after the 2nd 5 min, and so on. Ten attempts
// in all; the last one comes about 75.6 hours after the first.
export const RETRY_DELAYS_SECONDS = [5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600, 14 * 3600, 20 * 3600, 24 * 3600] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_SECONDS.length + 1;
/** No attempt is made later than this after the message was created, whatever Retry-After asks. */
export const GIVE_UP_AFTER_MS = 80 * 3600 * 1000;
/** A receiver's Retry-After is honoured up to a day; longer would outlast the whole schedule. */
const RETRY_AFTER_CAP_SECONDS = 24 * 3600;

/**
 * When to try again after failed attempt number `attempt` (1-based), or null to give up. A
 * Retry-After (seconds or an HTTP date) later than the schedule pushes the next attempt back;
 * an earlier one never brings it forward, so a receiver cannot make us hammer it.
 */
export function nextAttemptAt(attempt: number, createdAt: Date, now: Date, retryAfter?: string | null): Date | null {
  if (attempt >= MAX_ATTEMPTS) return null;
  const scheduled = RETRY_DELAYS_SECONDS[attempt - 1];
  const asked = parseRetryAfter(retryAfter, now);
  const waitSeconds = Math.max(scheduled, Math.min(asked ?? 0, RETRY_AFTER_CAP_SECONDS));
  const at = new Date(now.getTime() + waitSeconds * 1000);
  return at.getTime() - createdAt.getTime() > GIVE_UP_AFTER_MS ? null : at;
}

/** Seconds to wait from a Retry-After header (delta-seconds or HTTP-date), or null if absent or unreadable. */
export function parseRetryAfter(value: string | null | undefined, now: Date): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  // An HTTP date names its weekday and month ("Sat, 21 Nov 2026 12:00:00 GMT"); Date.parse
  // alone would also read "-1" or "2026" as dates.
  if (!/[a-z]{3}/i.test(trimmed)) return null;
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return null;
  return Math.max(0, Math.ceil((date - now.getTime()) / 1000));
}
