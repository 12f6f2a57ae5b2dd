import { describe, expect, it } from "vitest";
import { dollars } from "@/lib/text/dollars";

describe("dollars", () => {
  it("writes cents as dollars with two decimals", () => {
    expect(dollars(0)).toBe("$0.00");
    expect(dollars(99)).toBe("$0.99");
    expect(dollars(648)).toBe("$6.48");
    expect(dollars(100_000)).toBe("$1000.00");
  });
  it("puts a negative amount's sign before the dollar sign", () => {
    expect(dollars(-150)).toBe("-$1.50");
  });
});
