// Times on the tracking page. The server does not know the reader's time zone and the page
// runs no script, so times are written in UTC and say so; <time dateTime> carries the instant.

const DATE_TIME = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", weekday: "short", month: "short", day: "numeric", hour: "numeric", minute: "2-digit" });
const DAY = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", weekday: "long", month: "long", day: "numeric", year: "numeric" });

/** "Tue, May 12, 3:04 PM UTC" */
export function formatInstant(iso: string): string {
  return `${DATE_TIME.format(new Date(iso))} UTC`;
}

/** A calendar date (YYYY-MM-DD) as "Thursday, May 14, 2026"; anything else is returned as is. */
export function formatDay(ymd: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(ymd)) return ymd;
  return DAY.format(new Date(`${ymd}T12:00:00Z`));
}
