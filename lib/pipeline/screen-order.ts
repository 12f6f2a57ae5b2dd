import { db } from "@/lib/db";
import type { Order, Prisma } from "@/lib/generated/prisma/client";
import { isSandboxHold, isSandboxReview } from "@/lib/fulfillment/sandbox-carrier";
import { handOverOrder } from "@/lib/pipeline/hand-over-order";
import { enqueueOrderJob, ORDER_QUEUES } from "@/lib/jobs/queues";
import type { Address } from "@/lib/letters/schemas";
import { endOrder } from "@/lib/pipeline/end-order";
import { transition, TransitionConflict } from "@/lib/orders/transition";
import { secondOpinionFromEnv } from "@/lib/screening/second-opinion/second-opinion-from-env";
import { screenLetter } from "@/lib/screening/screen-letter";
import { screeningDecisions } from "@/lib/metrics/metrics";

/** What screening reads of an order. */
type ScreenedOrder = Pick<Order, "status" | "sandbox" | "text" | "proofId" | "recipient">;

export type ScreenResult = "refused" | "held" | "submitted" | "waiting" | "failed" | "skipped";

/**
 * Screens an order in `screening` (every order, sandbox included) and moves it on: refused
 * with a reason (its payment released), held for an operator (and for a hosted second opinion
 * first, when one is configured), or handed over. What screening saw is stored on the order in
 * the same transaction as the move. Safe to run twice at once: every move is a compare-and-set,
 * and the loser finds the order moved on. `jobDelaySeconds` is passed to the hand-off for
 * callers that then submit it themselves.
 */
export async function screenOrder(orderId: string, opts: { jobDelaySeconds?: number; order?: ScreenedOrder } = {}): Promise<ScreenResult> {
  // The caller's row when it has just read one (advanceOrder): every move below is a
  // compare-and-set on the status, so a row that changed since is found out there.
  const order = opts.order ?? (await db().order.findUnique({ where: { id: orderId }, select: { status: true, sandbox: true, text: true, proofId: true, recipient: true } }));
  if (!order || order.status !== "screening") return "skipped";
  // Magic input: a sandbox letter that waits before hand-off until it is canceled.
  if (order.sandbox && isSandboxHold(order.recipient as unknown as Address)) return "waiting";
  const screened = await screenLetter(order);
  // Magic input: "sandbox review" holds a sandbox letter that screening would otherwise let through.
  const verdict =
    order.sandbox && isSandboxReview(order.recipient as unknown as Address) && screened.decision === "allow"
      ? { ...screened, decision: "review" as const, reason: "the sandbox magic input \"sandbox review\" holds every letter for a person" }
      : screened;
  // What screening saw, written by the move's own update (no second write of the row).
  const screening = verdict.evidence as unknown as Prisma.InputJsonValue;
  try {
    if (verdict.decision === "refuse") {
      await endOrder(orderId, "screening", "refused", `refused by screening (${verdict.category})`, { refusalReason: verdict.reason!, screening });
      screeningDecisions.inc({ outcome: "refused", category: verdict.category ?? "none" });
      return "refused";
    }
    if (verdict.decision === "review") {
      const askSecondOpinion = secondOpinionFromEnv() !== null;
      await db().$transaction((tx) =>
        transition(tx, orderId, "screening", "held_for_review", `held for review: ${verdict.reason}`, { screening }, {
          alsoWrite: askSecondOpinion ? (t) => enqueueOrderJob(t, ORDER_QUEUES.secondOpinion, orderId) : undefined,
        }),
      );
      screeningDecisions.inc({ outcome: "held", category: verdict.category ?? "none" });
      return "held";
    }
  } catch (err) {
    if (err instanceof TransitionConflict) return "skipped"; // canceled, or another worker got there first
    throw err;
  }
  const handed = await handOverOrder(orderId, "screening", { jobDelaySeconds: opts.jobDelaySeconds, screening });
  // Cleared: counted as mailed whatever the hand-off then found (a lapsed card is a transition to `failed`).
  if (handed !== "skipped") screeningDecisions.inc({ outcome: "mailed", category: "none" });
  return handed === "submitted" ? "submitted" : handed === "skipped" ? "skipped" : "failed";
}
