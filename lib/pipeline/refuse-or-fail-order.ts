import { ApiError } from "@/lib/errors/api-error";
import { handOverOrder } from "@/lib/pipeline/hand-over-order";
import { endOrder } from "@/lib/pipeline/end-order";
import { getOrderOrThrow } from "@/lib/orders/get-order";
import { isTerminal, type OrderStatus } from "@/lib/orders/state-machine";
import { TransitionConflict, type TransitionOptions } from "@/lib/orders/transition";

/**
 * Refuses a letter before hand-off with a reason the sender can understand (spec 3, charging
 * rule 5): its payment is released. Used by the operator CLI and console; `alsoWrite` (the
 * console's audit row) commits with the refusal or not at all.
 */
export async function refuseOrder(orderId: string, reason: string, opts: Pick<TransitionOptions, "alsoWrite"> = {}): Promise<void> {
  const order = await getOrderOrThrow(orderId);
  const from = order.status as OrderStatus;
  if (from !== "screening" && from !== "held_for_review") {
    throw new ApiError("order_state_conflict", `Only a letter in screening or held for review can be refused; this one is ${from}.`);
  }
  await orConflict(() => endOrder(orderId, from, "refused", `refused: ${reason}`, { refusalReason: reason }, opts));
}

/** Marks an order failed and refunds it (spec 3: every failed order is accompanied by a refund). */
export async function failOrder(orderId: string, cause: string): Promise<void> {
  const order = await getOrderOrThrow(orderId);
  const from = order.status as OrderStatus;
  if (isTerminal(from)) throw new ApiError("order_state_conflict", `The order has already ended (${from}).`);
  await orConflict(() => endOrder(orderId, from, "failed", `failed: ${cause}`));
}

/**
 * An operator releases a letter held for review: it is handed over (its card captured) as if
 * it had cleared screening, and the submit job gives it to the carrier. `alsoWrite` commits
 * with the hand-over or not at all.
 */
export async function releaseHeldOrder(orderId: string, opts: Pick<TransitionOptions, "alsoWrite"> = {}): Promise<void> {
  const order = await getOrderOrThrow(orderId);
  if (order.status !== "held_for_review") throw new ApiError("order_state_conflict", `Only a letter held for review can be released; this one is ${order.status}.`);
  const handed = await orConflict(() => handOverOrder(orderId, "held_for_review", opts));
  if (handed === "skipped") throw new ApiError("order_state_conflict", "The letter changed state while it was being released; read it again.");
  if (handed !== "submitted") throw new ApiError("order_state_conflict", "The letter could not be handed over (its card authorization lapsed, or no carrier prints it here); it failed and nothing is charged.");
}

/**
 * Another hand (an operator, the screener, the sender canceling) moved the order between our
 * read and our write: a 409 the caller can act on, not an unexplained failure.
 */
async function orConflict<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof TransitionConflict) {
      throw new ApiError("order_state_conflict", `The letter changed state (it is no longer ${err.from}) while this was being done; read it again.`);
    }
    throw err;
  }
}
