import { describe, expect, it } from "vitest";
import { confirmationPollDelayMs } from "@/lib/orders/order-poll-delay";
import { hasEnded, isCancelable } from "@/lib/orders/order-status-checks";

describe("order status checks", () => {
  it("says a letter has ended once nothing more can happen to it", () => {
    for (const s of ["delivered", "refused", "canceled", "failed"]) expect(hasEnded(s), s).toBe(true);
    for (const s of ["draft", "pending_payment", "screening", "held_for_review", "submitted", "mailed", "returned_someday"]) expect(hasEnded(s), s).toBe(false);
  });

  it("lets a letter be canceled only before it goes to the printer", () => {
    for (const s of ["draft", "pending_payment", "screening", "held_for_review"]) expect(isCancelable(s), s).toBe(true);
    for (const s of ["submitted", "mailed", "delivered", "canceled", "refused", "failed", "nonsense"]) expect(isCancelable(s), s).toBe(false);
  });
});

describe("confirmationPollDelayMs", () => {
  it("reads every 3 s for the first minute, then every 15 s", () => {
    expect(confirmationPollDelayMs(0)).toBe(3_000);
    expect(confirmationPollDelayMs(59_999)).toBe(3_000);
    expect(confirmationPollDelayMs(60_000)).toBe(15_000);
    expect(confirmationPollDelayMs(3 * 24 * 3600_000)).toBe(15_000);
  });
});
