import { z } from "zod";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { ApiError } from "@/lib/errors/api-error";
import type { Address } from "@/lib/letters/schemas";
import { refuseOrder, releaseHeldOrder } from "@/lib/pipeline/refuse-or-fail-order";
import { operatorTag } from "@/lib/ops/operators";
import { recordOpsAction, type OpsAction } from "@/lib/ops/record-ops-action";
import { refusalReason } from "@/lib/screening/refusal-reasons";
import { isRefusalCategory, type RefusalCategory, type ScreeningEvidence } from "@/lib/screening/screener";
import type { SecondOpinion } from "@/lib/screening/second-opinion/second-opinion";

// The review queue: letters screening held for a person, oldest first, with what made it
// hesitate, the letter itself and its proof. Releasing and refusing are the same lib calls as
// `npm run orders -- release|refuse`; the console adds who did it, in an order event of kind
// `operator` (kept out of the public timeline) and in the audit log, both written in the
// transaction that moves the order: an action that loses its race records nothing. Each
// decision is also kept as a screening label (screening_labels), the letters the next training
// run learns from (`npm run screening -- export-labels`).

/** What a refusal says to the sender, word for word (refusal_reason and the refused e-mail). */
export const RefusalReasonSchema = z
  .string()
  .trim()
  .min(10, { error: "Write the reason the sender will read, at least 10 characters (for example: It threatens the recipient.)." })
  .max(500, { error: "Shorten the reason to at most 500 characters: the sender reads it in an e-mail." });

/** An order's proof for the console: the PDF, the PNG of its pages (?page=N), and how many. */
export const proofPaths = (proofId: string | null, pageCount: number) => (proofId ? { pdf: `/v1/proofs/${proofId}.pdf`, png: `/v1/proofs/${proofId}.png`, pageCount } : null);

export async function listReviewQueue(limit = 50) {
  const rows = await db().order.findMany({
    where: { status: "held_for_review" },
    orderBy: [{ updatedAt: "asc" }, { id: "asc" }],
    take: limit,
    include: { events: { where: { toStatus: "held_for_review" }, orderBy: { occurredAt: "desc" }, take: 1 } },
  });
  return rows.map((o) => {
    const to = o.recipient as unknown as Address;
    const held = o.events[0];
    return {
      id: o.id,
      sandbox: o.sandbox,
      heldAt: held?.occurredAt ?? o.updatedAt,
      createdAt: o.createdAt,
      why: (held?.cause ?? "").replace(/^held for review:\s*/, "") || "Screening could not decide.",
      format: o.format,
      mailClass: o.mailClass,
      pageCount: o.pageCount,
      priceCents: o.priceCents,
      text: o.text,
      contentKind: o.contentKind,
      proof: proofPaths(o.proofId, o.pageCount),
      to: { city: to.city, state: to.state },
      screening: readScreeningEvidence(o.screening),
    };
  });
}

export type HeldEvidence = ScreeningEvidence & { second_opinion?: SecondOpinion & { at: string } };

/** What screening stored on the order, or null for letters held before it stored anything. */
export function readScreeningEvidence(value: unknown): HeldEvidence | null {
  const e = value as HeldEvidence | null;
  return e && typeof e === "object" && e.classifier && e.frame ? e : null;
}

/** The reason the refuse form starts from: the screener's standard words for its category. */
export function suggestedRefusal(evidence: HeldEvidence | null): { category: RefusalCategory; reason: string } {
  const category = evidence?.frame.key && evidence.frame.category ? evidence.frame.category : (evidence?.classifier.category ?? "threat");
  return { category, reason: refusalReason(category) };
}

export async function countHeldOrders(): Promise<number> {
  return db().order.count({ where: { status: "held_for_review" } });
}

/** Hands a held letter to the carrier (its card is captured), records the operator and labels the letter lawful. */
export async function releaseByOperator(orderId: string, operator: string): Promise<void> {
  const cause = `released by ${operatorTag(operator)}`;
  await releaseHeldOrder(orderId, {
    alsoWrite: async (tx) => {
      await recordOperatorEvent(tx, orderId, operator, "order.release", cause);
      await recordLabel(tx, orderId, "allow", null, operatorTag(operator));
    },
  });
}

/** Refuses a held letter with the reason its sender will read (its payment is released), and labels it with its category. */
export async function refuseByOperator(orderId: string, reason: string, operator: string, category: RefusalCategory): Promise<void> {
  const parsed = RefusalReasonSchema.safeParse(reason);
  if (!parsed.success) throw new ApiError("validation_error", parsed.error.issues[0].message, { next: ["Write the reason again as it says, then press Refuse."] });
  if (!isRefusalCategory(category)) throw new ApiError("validation_error", "Choose the kind of letter this is from the list.", { next: ["Choose a category, then press Refuse."] });
  const why = parsed.data;
  const cause = `refused by ${operatorTag(operator)} (${category}): ${why}`;
  await refuseOrder(orderId, why, {
    alsoWrite: async (tx) => {
      await recordOperatorEvent(tx, orderId, operator, "order.refuse", cause);
      await recordLabel(tx, orderId, "refuse", category, operatorTag(operator));
    },
  });
}

async function recordOperatorEvent(tx: Prisma.TransactionClient, orderId: string, operator: string, action: OpsAction, cause: string): Promise<void> {
  await tx.orderEvent.create({ data: { orderId, kind: "operator", cause } });
  await recordOpsAction(tx, operator, action, orderId, cause);
}

/** A person's decision as a training label, with what screening saw when it held the letter. */
export async function recordLabel(tx: Prisma.TransactionClient, orderId: string, label: "refuse" | "allow", category: RefusalCategory | null, decidedBy: string): Promise<void> {
  const order = await tx.order.findUniqueOrThrow({ where: { id: orderId }, select: { screening: true } });
  const screening = (order.screening ?? undefined) as Prisma.InputJsonValue | undefined;
  await tx.screeningLabel.upsert({
    where: { orderId },
    create: { orderId, label, category, decidedBy, screening },
    update: { label, category, decidedBy, screening, createdAt: new Date() },
  });
}
