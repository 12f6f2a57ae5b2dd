import { db } from "@/lib/db";
import { isSandboxHold } from "@/lib/fulfillment/sandbox-carrier";
import { handOverOrder } from "@/lib/fulfillment/hand-over-order";
import type { Address } from "@/lib/letters/schemas";
import { endOrder } from "@/lib/orders/end-order";
import { transition, TransitionConflict } from "@/lib/orders/transition";
import { screenLetter } from "@/lib/screening/screen-letter";

export type ScreenResult = "refused" | "held" | "submitted" | "waiting" | "failed" | "skipped";

/**
 * Screens an order in `screening` (every order, sandbox included) and moves it on: refused
 * with a reason (its payment released), held for an operator, or handed over. Safe to run
 * twice at once: every move is a compare-and-set, and the loser finds the order moved on.
 * `jobDelaySeconds` is passed to the hand-off for callers that then submit it themselves.
 */
export async function screenOrder(orderId: string, opts: { jobDelaySeconds?: number } = {}): Promise<ScreenResult> {
  const order = await db().order.findUnique({ where: { id: orderId }, select: { status: true, sandbox: true, text: true, proofId: true, recipient: true } });
  if (!order || order.status !== "screening") return "skipped";
  // Magic input: a sandbox letter that waits before hand-off until it is canceled.
  if (order.sandbox && isSandboxHold(order.recipient as unknown as Address)) return "waiting";
  const verdict = await screenLetter(order);
  try {
    if (verdict.decision === "refuse") {
      await endOrder(orderId, "screening", "refused", `refused by screening (${verdict.category})`, { refusalReason: verdict.reason! });
      return "refused";
    }
    if (verdict.decision === "review") {
      await db().$transaction((tx) => transition(tx, orderId, "screening", "held_for_review", `held for review: ${verdict.reason}`));
      return "held";
    }
  } catch (err) {
    if (err instanceof TransitionConflict) return "skipped"; // canceled, or another worker got there first
    throw err;
  }
  const handed = await handOverOrder(orderId, "screening", opts);
  return handed === "submitted" ? "submitted" : handed === "skipped" ? "skipped" : "failed";
}
