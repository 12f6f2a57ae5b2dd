import { describe, expect, it } from "vitest";
import { expectedDeliveryDate } from "@/lib/fulfillment/delivery-estimate";

// March 2026: Mon 2, Tue 3, Wed 4, Thu 5, Fri 6, Sat 7, Sun 8, Mon 9, ..., Fri 13, ... Mon 16.
const at = (iso: string) => new Date(iso);

describe("expectedDeliveryDate", () => {
  it("formats the date as YYYY-MM-DD", () => {
    expect(expectedDeliveryDate("first_class", at("2026-03-02T12:00:00Z"))).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("first-class: handed off the next business day, then 4 business days", () => {
    // Monday -> handoff Tuesday -> Wed, Thu, Fri, Mon.
    expect(expectedDeliveryDate("first_class", at("2026-03-02T12:00:00Z"))).toBe("2026-03-09");
  });

  it("a Friday submission is handed off Monday", () => {
    // Friday -> handoff Monday 9 -> Tue, Wed, Thu, Fri 13 (first-class); Tue, Wed 11 (priority).
    expect(expectedDeliveryDate("first_class", at("2026-03-06T09:00:00Z"))).toBe("2026-03-13");
    expect(expectedDeliveryDate("priority", at("2026-03-06T09:00:00Z"))).toBe("2026-03-11");
  });

  it("weekend submissions are handed off Monday too", () => {
    expect(expectedDeliveryDate("priority", at("2026-03-07T10:00:00Z"))).toBe("2026-03-11");
    expect(expectedDeliveryDate("priority", at("2026-03-08T23:59:59Z"))).toBe("2026-03-11");
  });

  it("priority: handoff plus 2 business days", () => {
    // Monday -> handoff Tuesday -> Wed, Thu.
    expect(expectedDeliveryDate("priority", at("2026-03-02T12:00:00Z"))).toBe("2026-03-05");
    // Wednesday -> handoff Thursday -> Fri, Mon.
    expect(expectedDeliveryDate("priority", at("2026-03-04T12:00:00Z"))).toBe("2026-03-09");
  });

  it("certified classes take as long as first-class", () => {
    const d = at("2026-03-04T12:00:00Z");
    expect(expectedDeliveryDate("certified", d)).toBe(expectedDeliveryDate("first_class", d));
    expect(expectedDeliveryDate("certified_err", d)).toBe(expectedDeliveryDate("first_class", d));
    // Wednesday -> handoff Thursday -> Fri, Mon, Tue, Wed.
    expect(expectedDeliveryDate("certified", d)).toBe("2026-03-11");
  });

  it("never falls on a weekend and always lands after the submission", () => {
    for (let day = 1; day <= 31; day++) {
      const d = new Date(Date.UTC(2026, 2, day, 15));
      for (const cls of ["first_class", "priority"] as const) {
        const result = expectedDeliveryDate(cls, d);
        const dow = new Date(`${result}T00:00:00Z`).getUTCDay();
        expect(dow, `${cls} from ${d.toISOString()}`).not.toBe(0);
        expect(dow, `${cls} from ${d.toISOString()}`).not.toBe(6);
        expect(result > d.toISOString().slice(0, 10)).toBe(true);
      }
    }
  });

  it("crosses month and year ends", () => {
    // Wed 30 Dec 2026 -> handoff Thu 31 -> (New Year's Day Fri 1 Jan skipped) Mon 4, Tue 5, Wed 6, Thu 7.
    expect(expectedDeliveryDate("first_class", at("2026-12-30T12:00:00Z"))).toBe("2027-01-07");
  });
});

describe("US federal holidays", () => {
  it("lists 2026's holidays as observed (Independence Day on a Saturday is observed Friday July 3)", async () => {
    const { federalHolidays } = await import("@/lib/fulfillment/us-federal-holidays");
    expect(federalHolidays(2026).map((h) => h.date)).toEqual([
      "2026-01-01", "2026-01-19", "2026-02-16", "2026-05-25", "2026-06-19", "2026-07-03",
      "2026-09-07", "2026-10-12", "2026-11-11", "2026-11-26", "2026-12-25",
    ]);
    // 2027: Juneteenth and Christmas fall on Saturdays, New Year's Day 2028 on a Saturday too.
    expect(federalHolidays(2027).map((h) => h.date)).toEqual([
      "2027-01-01", "2027-01-18", "2027-02-15", "2027-05-31", "2027-06-18", "2027-07-05",
      "2027-09-06", "2027-10-11", "2027-11-11", "2027-11-25", "2027-12-24",
    ]);
  });

  it("skips holidays for the hand-off and in transit", () => {
    // Wed 2026-11-25 -> hand-off Fri 27 (Thanksgiving Thu 26 skipped) -> Mon 30, Tue 1, Wed 2, Thu 3.
    expect(expectedDeliveryDate("first_class", at("2026-11-25T15:00:00Z"))).toBe("2026-12-03");
    // Thu 2026-12-24 -> hand-off Mon 28 (Christmas Fri 25) -> Tue 29, Wed 30.
    expect(expectedDeliveryDate("priority", at("2026-12-24T15:00:00Z"))).toBe("2026-12-30");
    // Thu 2027-12-30 -> hand-off Fri 31 is New Year's Day 2028 observed -> Mon 2028-01-03; +2 -> Wed 5.
    expect(expectedDeliveryDate("priority", at("2027-12-30T15:00:00Z"))).toBe("2028-01-05");
  });
});
