import { db } from "@/lib/db";
import { handOverOrder } from "@/lib/pipeline/hand-over-order";
import type { Prisma } from "@/lib/generated/prisma/client";
import { endOrder } from "@/lib/pipeline/end-order";
import { TransitionConflict } from "@/lib/orders/transition";
import { refusalReason } from "@/lib/screening/refusal-reasons";
import { letterTextForScreening } from "@/lib/screening/screen-letter";
import type { ScreeningEvidence } from "@/lib/screening/screener";
import type { SecondOpinionProvider } from "@/lib/screening/second-opinion/second-opinion";
import { secondOpinionFromEnv } from "@/lib/screening/second-opinion/second-opinion-from-env";

// What the worker does with a hosted second opinion on a held letter. The letter was held
// because one of screening's two keys turned, or a score came near the line:
// - the model refuses it with confidence >= REFUSE_CONFIDENCE: that is the second, independent
//   voice a refusal needs, and the letter is refused in the model's category (its payment
//   released);
// - the model allows it with confidence >= RELEASE_CONFIDENCE, and the classifier's key did not
//   turn: it is handed to the carrier as if it had cleared screening;
// - anything else (unsure, lower confidence, an allow against the classifier's key, a timeout,
//   an error): it stays held for a person, with the opinion shown in the review queue.

export const REFUSE_CONFIDENCE = 0.8;
export const RELEASE_CONFIDENCE = 0.9;

export type SecondOpinionOutcome = "refused" | "released" | "still_held" | "skipped";

type StoredEvidence = ScreeningEvidence & { second_opinion?: unknown };

export async function applySecondOpinion(orderId: string, provider: SecondOpinionProvider | null = secondOpinionFromEnv()): Promise<SecondOpinionOutcome> {
  if (!provider) return "skipped";
  const order = await db().order.findUnique({ where: { id: orderId }, select: { status: true, text: true, proofId: true, screening: true } });
  if (!order || order.status !== "held_for_review") return "skipped";
  const opinion = await provider.judge(await letterTextForScreening(order));
  const before = (order.screening ?? {}) as StoredEvidence;
  const evidence = { ...before, second_opinion: { ...opinion, at: new Date().toISOString() } } as unknown as Prisma.InputJsonValue;
  const store = async (tx: Prisma.TransactionClient) => {
    await tx.order.update({ where: { id: orderId }, data: { screening: evidence } });
  };
  const who = `${opinion.provider} ${opinion.model}`;
  try {
    if (opinion.kind === "verdict" && opinion.decision === "refuse" && opinion.category && opinion.confidence >= REFUSE_CONFIDENCE) {
      await endOrder(orderId, "held_for_review", "refused", `refused by screening after a second opinion from ${who} (${opinion.category})`, { refusalReason: refusalReason(opinion.category) }, { alsoWrite: store });
      return "refused";
    }
    if (opinion.kind === "verdict" && opinion.decision === "allow" && opinion.confidence >= RELEASE_CONFIDENCE && !before.classifier?.key) {
      const handed = await handOverOrder(orderId, "held_for_review", { alsoWrite: store, clearedBy: `cleared by a second opinion from ${who}` });
      if (handed === "submitted") return "released";
      return handed === "skipped" ? "skipped" : "still_held";
    }
  } catch (err) {
    if (err instanceof TransitionConflict) return "skipped"; // an operator or the sender got there first
    throw err;
  }
  const { count } = await db().order.updateMany({ where: { id: orderId, status: "held_for_review" }, data: { screening: evidence } });
  return count === 1 ? "still_held" : "skipped";
}
