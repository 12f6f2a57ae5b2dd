import { describe, expect, it } from "vitest";
import { CANCELABLE, HANDED_OVER, ORDER_STATUSES, canTransition, isTerminal, type OrderStatus } from "@/lib/orders/state-machine";

// The spec's transition table, written out independently of the module.
const LEGAL: Record<OrderStatus, OrderStatus[]> = {
  draft: ["pending_payment", "screening", "canceled"],
  pending_payment: ["screening", "canceled", "failed"],
  screening: ["held_for_review", "submitted", "refused", "canceled", "failed"],
  held_for_review: ["submitted", "refused", "canceled", "failed"],
  submitted: ["mailed", "failed"],
  mailed: ["delivered", "failed"],
  delivered: [],
  refused: [],
  canceled: [],
  failed: [],
};
const TERMINAL: OrderStatus[] = ["delivered", "refused", "canceled", "failed"];

describe("order state machine", () => {
  it("knows exactly the ten statuses of the spec", () => {
    expect([...ORDER_STATUSES].sort()).toEqual(Object.keys(LEGAL).sort());
  });

  describe("canTransition over every pair", () => {
    for (const from of ORDER_STATUSES) {
      for (const to of ORDER_STATUSES) {
        const legal = LEGAL[from].includes(to);
        it(`${from} -> ${to} is ${legal ? "legal" : "illegal"}`, () => {
          expect(canTransition(from, to)).toBe(legal);
        });
      }
    }
  });

  it("nothing leaves a terminal state", () => {
    for (const from of TERMINAL) {
      expect(isTerminal(from)).toBe(true);
      for (const to of ORDER_STATUSES) expect(canTransition(from, to), `${from} -> ${to}`).toBe(false);
    }
  });

  it("only the four end states are terminal", () => {
    expect(ORDER_STATUSES.filter(isTerminal).sort()).toEqual([...TERMINAL].sort());
  });

  it("nothing goes back to draft", () => {
    for (const from of ORDER_STATUSES) expect(canTransition(from, "draft"), from).toBe(false);
  });

  it("no status transitions to itself", () => {
    for (const s of ORDER_STATUSES) expect(canTransition(s, s), s).toBe(false);
  });

  it("CANCELABLE is exactly the states before hand-off, and each can reach canceled", () => {
    expect([...CANCELABLE].sort()).toEqual(["draft", "held_for_review", "pending_payment", "screening"]);
    for (const s of CANCELABLE) expect(canTransition(s, "canceled"), s).toBe(true);
  });

  it("no state outside CANCELABLE can be canceled", () => {
    for (const s of ORDER_STATUSES.filter((s) => !CANCELABLE.includes(s))) {
      expect(canTransition(s, "canceled"), s).toBe(false);
    }
  });

  it("handed-over states and cancelable states do not overlap", () => {
    expect([...HANDED_OVER].sort()).toEqual(["delivered", "mailed", "submitted"]);
    expect(HANDED_OVER.filter((s) => CANCELABLE.includes(s))).toEqual([]);
  });
});
