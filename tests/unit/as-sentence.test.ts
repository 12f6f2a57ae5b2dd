import { describe, expect, it } from "vitest";
import { asSentence } from "@/lib/text/as-sentence";

describe("asSentence", () => {
  it("ends a reason without a full stop with one", () => {
    expect(asSentence("It reads as a threat")).toBe("It reads as a threat.");
  });
  it("leaves a reason that already ends its sentence alone, even after a closing quote", () => {
    expect(asSentence("It reads as a threat.")).toBe("It reads as a threat.");
    expect(asSentence("Is this legal?")).toBe("Is this legal?");
    expect(asSentence('It says "pay or else."')).toBe('It says "pay or else."');
    expect(asSentence("  Too long (over 6 pages).  ")).toBe("Too long (over 6 pages).");
  });
});
