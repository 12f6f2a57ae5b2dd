import type { MailClass } from "@/lib/letters/formats";
import { isFederalHoliday } from "@/lib/fulfillment/us-federal-holidays";

// Business days in transit after the carrier accepts the piece (USPS service standards,
// upper end for First-Class within the contiguous US).
export const SERVICE_STANDARD_DAYS: Record<MailClass, number> = {
  first_class: 4,
  certified: 4,
  certified_err: 4,
  priority: 2,
};

const isBusinessDay = (d: Date) => d.getUTCDay() !== 0 && d.getUTCDay() !== 6 && !isFederalHoliday(d);

function addBusinessDays(date: Date, days: number): Date {
  const d = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  let left = days;
  while (left > 0) {
    d.setUTCDate(d.getUTCDate() + 1);
    if (isBusinessDay(d)) left -= 1;
  }
  return d;
}

/**
 * Handed to the carrier the next business day, then the class's service standard. Weekends
 * and US federal holidays are not business days. Dates are UTC calendar days.
 */
export function expectedDeliveryDate(mailClass: MailClass, submittedAt: Date): string {
  const handoff = addBusinessDays(submittedAt, 1);
  return addBusinessDays(handoff, SERVICE_STANDARD_DAYS[mailClass]).toISOString().slice(0, 10);
}
