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
  // What a new user or an agent sends first: the README's curl example, the compose page's and
  // the MCP test's short notes, a postcard line. A short letter is judged by what it says; a
  // classifier that had only seen letters of thirty words and more held these for a person.
  it.each([
    "Hello from the sandbox",
    "Dear Ada,\n\nThe engine is ready for your programme.\n\nCharles",
    "Dear Ada,\n\nSent by an agent.\n\nCharles",
    "Happy birthday, Ada!",
    "Greetings from the lake.",
  ])("mails the short note %j", (text) => {
    expect(screener.screenNow(text).decision).toBe("allow");
  });
});
