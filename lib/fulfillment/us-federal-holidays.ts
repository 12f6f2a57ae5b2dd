// US federal holidays (5 U.S.C. 6103), the days the Postal Service does not deliver or accept
// mail for dispatch. A holiday on a Saturday is observed the Friday before, on a Sunday the
// Monday after.

const day = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d));

/** The `n`th (1-based; -1 = last) `weekday` (0 = Sunday) of a month. */
function nthWeekday(y: number, m: number, weekday: number, n: number): Date {
  if (n > 0) {
    const first = day(y, m, 1);
    return day(y, m, 1 + ((weekday - first.getUTCDay() + 7) % 7) + 7 * (n - 1));
  }
  const last = day(y, m + 1, 0);
  return day(y, m, last.getUTCDate() - ((last.getUTCDay() - weekday + 7) % 7));
}

function observed(d: Date): Date {
  const dow = d.getUTCDay();
  return dow === 6 ? day(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate() - 1) : dow === 0 ? day(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate() + 1) : d;
}

export function federalHolidays(year: number): { name: string; date: string }[] {
  const list: [string, Date][] = [
    ["New Year's Day", observed(day(year, 1, 1))],
    ["Birthday of Martin Luther King, Jr.", nthWeekday(year, 1, 1, 3)],
    ["Washington's Birthday", nthWeekday(year, 2, 1, 3)],
    ["Memorial Day", nthWeekday(year, 5, 1, -1)],
    ["Juneteenth National Independence Day", observed(day(year, 6, 19))],
    ["Independence Day", observed(day(year, 7, 4))],
    ["Labor Day", nthWeekday(year, 9, 1, 1)],
    ["Columbus Day", nthWeekday(year, 10, 1, 2)],
    ["Veterans Day", observed(day(year, 11, 11))],
    ["Thanksgiving Day", nthWeekday(year, 11, 4, 4)],
    ["Christmas Day", observed(day(year, 12, 25))],
  ];
  return list.map(([name, d]) => ({ name, date: d.toISOString().slice(0, 10) }));
}

const cache = new Map<number, Set<string>>();

/** Whether a UTC calendar day is a federal holiday as observed (next year's New Year's Day can fall on Dec 31). */
export function isFederalHoliday(d: Date): boolean {
  const iso = d.toISOString().slice(0, 10);
  for (const year of [d.getUTCFullYear(), d.getUTCFullYear() + 1]) {
    if (!cache.has(year)) cache.set(year, new Set(federalHolidays(year).map((h) => h.date)));
    if (cache.get(year)!.has(iso)) return true;
  }
  return false;
}
