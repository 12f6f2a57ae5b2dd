import { describe, expect, it } from "vitest";
import { shippedScreener } from "@/lib/screening/two-key-screener";
import { HELD_LETTER, LAWFUL_DEMAND, THREAT_LETTER } from "@/tests/support/screening-letters";

// The letters other tests rely on are still decided as they expect (see tests/support/screening-letters.ts).

describe("the letters the other tests rely on", () => {
  const screener = shippedScreener();
  it("refuses the threat as a threat", () => {
    expect(screener.screenNow(THREAT_LETTER)).toMatchObject({ decision: "refuse", category: "threat" });
  });
  it("holds the suspicious letter for a person", () => {
    expect(screener.screenNow(HELD_LETTER).decision).toBe("review");
  });
  it("mails the lawful demand", () => {
    expect(screener.screenNow(LAWFUL_DEMAND).decision).toBe("allow");
  });
});
