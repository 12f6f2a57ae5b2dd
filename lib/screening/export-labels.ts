import { db } from "@/lib/db";
import { letterTextForScreening } from "@/lib/screening/screen-letter";

// The review queue's decisions as labelled letters in the corpus format of
// tests/fixtures/screening (scripts/screening/check_letters.py checks it), ready to be read,
// cleaned of personal details, and added to the training set for the next `npm run
// screening:train`. A release is labelled lawful without a kind ("unsorted"); a refusal carries
// the category the operator chose.

export type ExportedLabel = { id: string; label: "refuse" | "allow"; category: string; voice: string; text: string };

export const OPERATOR_VOICE = "operator_labels";

export async function exportLabels(opts: { since?: Date } = {}): Promise<ExportedLabel[]> {
  const labels = await db().screeningLabel.findMany({
    where: opts.since ? { createdAt: { gte: opts.since } } : {},
    orderBy: [{ createdAt: "asc" }, { orderId: "asc" }],
  });
  const out: ExportedLabel[] = [];
  for (const l of labels) {
    const order = await db().order.findUnique({ where: { id: l.orderId }, select: { text: true, proofId: true } });
    if (!order) continue;
    const text = (await letterTextForScreening(order)).trim();
    if (!text) continue;
    out.push({
      id: `label-${l.orderId.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`,
      label: l.label === "refuse" ? "refuse" : "allow",
      category: l.label === "refuse" && l.category ? l.category : "unsorted",
      voice: OPERATOR_VOICE,
      text,
    });
  }
  return out;
}
