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
    // Wed 30 Dec 2026 -> handoff Thu 31 -> Fri 1 Jan, Mon 4, Tue 5, Wed 6.
    expect(expectedDeliveryDate("first_class", at("2026-12-30T12:00:00Z"))).toBe("2027-01-06");
  });
});
