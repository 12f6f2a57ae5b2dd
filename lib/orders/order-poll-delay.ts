// How often the confirmation page reads its order again. A status change right after sending
// (screening, then the printer) should show within seconds; after that a letter moves in
// hours or days, and a tab left open should not read it every few seconds for days.

export const FAST_POLL_MS = 3_000;
export const SLOW_POLL_MS = 15_000;
/** How long after the page opened it keeps reading fast. */
export const FAST_POLL_FOR_MS = 60_000;

/** The wait before the next read, `sinceOpenedMs` after the page opened. */
export function confirmationPollDelayMs(sinceOpenedMs: number): number {
  return sinceOpenedMs < FAST_POLL_FOR_MS ? FAST_POLL_MS : SLOW_POLL_MS;
}
