// The order statuses of spec section 3 and the one table of legal transitions. Every status
// change goes through `transition()` in `lib/orders/transition.ts`, which applies this table
// with a compare-and-set, so concurrent requests and job retries cannot break it.
export const ORDER_STATUSES = [
  "draft",
  "pending_payment",
  "screening",
  "held_for_review",
  "submitted",
  "mailed",
  "delivered",
  "refused",
  "canceled",
  "failed",
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

const TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
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

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

/** Before the letter is handed to the provider: the states DELETE may cancel from. */
export const CANCELABLE: readonly OrderStatus[] = ["draft", "pending_payment", "screening", "held_for_review"];

/** Handed to the provider: cancel answers 409 already_submitted. */
export const HANDED_OVER: readonly OrderStatus[] = ["submitted", "mailed", "delivered"];

export const isTerminal = (s: OrderStatus) => TRANSITIONS[s].length === 0;
