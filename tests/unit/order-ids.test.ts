import { describe, expect, it } from "vitest";
import { isOrderId, isSandboxOrderId } from "@/lib/letters/order-ids";

const body = "0123456789abcdefghijklmn";

describe("order ids", () => {
  it("accepts live and sandbox order ids and nothing else", () => {
    expect(isOrderId(`ord_${body}`)).toBe(true);
    expect(isOrderId(`ord_test_${body}`)).toBe(true);
    for (const bad of [`ord_${body}x`, `ord_${body.slice(1)}`, `ORD_${body}`, `ord_${body.toUpperCase()}`, `pay_${body}`, `ord_live_${body}`, ""]) {
      expect(isOrderId(bad), bad).toBe(false);
    }
  });

  it("tells a sandbox order (never paid for) from a live one", () => {
    expect(isSandboxOrderId(`ord_test_${body}`)).toBe(true);
    expect(isSandboxOrderId(`ord_${body}`)).toBe(false);
  });
});
