import { describe, expect, it } from "vitest";
import { messageFor } from "@/lib/http/message-for";

describe("messageFor", () => {
  const table = { expired: "The link has expired." };
  it("gives a known code's message, and the fallback for anything else the address may carry", () => {
    expect(messageFor(table, "expired", "fallback")).toBe("The link has expired.");
    for (const code of ["__proto__", "constructor", "toString", "hasOwnProperty", "nope", "", null, undefined]) {
      expect(messageFor(table, code, "fallback"), String(code)).toBe("fallback");
    }
  });
});
