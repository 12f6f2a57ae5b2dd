/**
 * The message a page shows for a code it read from its own query string. The code is whatever
 * the address says, so it is looked up as an own key only: `?error=__proto__` or
 * `?error=constructor` must fall back, not pull an Object method into the page.
 */
export function messageFor<T>(table: Record<string, T>, code: string | null | undefined, fallback: T): T {
  return code && Object.hasOwn(table, code) ? table[code] : fallback;
}
