import { readFileSync } from "node:fs";
import { z } from "zod";
import path from "node:path";
import { readIntentFrame, type FrameReading } from "@/lib/screening/intent-frame";
import { categoryLabel, refusalReason } from "@/lib/screening/refusal-reasons";
import { isRefusalCategory, type RefusalCategory, type Screener, type ScreeningVerdict } from "@/lib/screening/screener";
import { shippedClassifier, type ClassifierScore, type TextClassifier } from "@/lib/screening/text-classifier";

// Two-key screening. A letter is refused only when two independent readings agree that it is
// harmful: the trained classifier scores it at or above its refusal threshold, AND the intent
// frame (rules: who speaks, what is asked, how money moves, what harm is held over the reader)
// names a harmful intent at or above its key. A letter is held for a person when the
// classifier's key turns alone, when the classifier scores it above the lower hold threshold, or
// when the frame's reading is specific enough to stand on its own (its hold level); a letter
// neither reading suspects is mailed.
//
// The frame's key alone, below its hold level, does not hold a letter. Measured on the
// calibration letters, the frame names some intent in about a fifth of lawful look-alikes
// (demand letters name consequences, scam warnings quote scams, genuine agencies ask for account
// numbers): holding all of those would bury the review queue and mail nothing faster. Its key
// confirms a confident classifier; its specific readings accuse on their own. The thresholds are
// calibrated on letters each scored by a classifier that never saw their voice
// (scripts/screening/calibrate.ts), never on the training letters, and never on the blind sets.

export type ScreeningThresholds = {
  classifier: { refuse: number; hold: number };
  /** `hold` null: the frame never holds a letter on its own. */
  frame: { key: number; hold: number | null };
  /**
   * A second pair of keys: a specific frame reading (score at or above `frame`) agreeing with a
   * classifier score at or above `classifier` (lower than the main refusal threshold) also
   * refuses. Both keys still turn; the frame's higher bar buys the classifier's lower one. Null:
   * only the main pair refuses.
   */
  specific: { classifier: number; frame: number } | null;
};

const ThresholdsSchema = z.object({
  classifier: z.object({ refuse: z.number().min(0).max(1), hold: z.number().min(0).max(1) }),
  frame: z.object({ key: z.number().min(0), hold: z.number().min(0).nullable() }),
  specific: z.object({ classifier: z.number().min(0).max(1), frame: z.number().min(0) }).nullable(),
});

export type ThresholdsFile = ScreeningThresholds & { corpus_sha256: string; chosen_because: string; leave_one_voice_out: unknown };

export const THRESHOLDS_PATH = path.join("lib", "screening", "model", "thresholds.json");

/** The rule itself, on the two numbers: calibration runs it millions of times. */
export function decisionOf(harm: number, frameScore: number, frameNamesCategory: boolean, t: ScreeningThresholds): ScreeningVerdict["decision"] {
  const classifierKey = harm >= t.classifier.refuse;
  const frameKey = frameNamesCategory && frameScore >= t.frame.key;
  if (classifierKey && frameKey) return "refuse";
  if (t.specific && frameNamesCategory && harm >= t.specific.classifier && frameScore >= t.specific.frame) return "refuse";
  if (classifierKey || harm >= t.classifier.hold || (frameNamesCategory && t.frame.hold !== null && frameScore >= t.frame.hold)) return "review";
  return "allow";
}

/** The decision from the two readings, with its category, reason and evidence. */
export function decide(clf: ClassifierScore, frame: FrameReading, t: ScreeningThresholds, model: string): ScreeningVerdict {
  const clfCategory = isRefusalCategory(clf.category) ? clf.category : "threat";
  const classifierKey = clf.harm >= t.classifier.refuse;
  const frameKey = frame.category !== null && frame.score >= t.frame.key;
  const specificKeys = t.specific !== null && frame.category !== null && clf.harm >= t.specific.classifier && frame.score >= t.specific.frame;
  const evidence = {
    model,
    classifier: { harm: round(clf.harm), category: clfCategory, key: classifierKey || specificKeys },
    frame: { category: frame.category, score: frame.score, key: frameKey || specificKeys, specific: specificKeys || (t.frame.hold !== null && frame.score >= t.frame.hold), signals: frame.signals },
  };
  const category: RefusalCategory = frameKey || specificKeys ? frame.category! : clfCategory;
  const decision = decisionOf(clf.harm, frame.score, frame.category !== null, t);
  if (decision === "refuse") return { decision, category, reason: refusalReason(category), evidence };
  if (decision === "review") {
    const keys = [classifierKey ? "the classifier's key" : null, frameKey ? "the frame's key" : null].filter(Boolean).join(" and ");
    const why = `Possibly ${categoryLabel(category)}: classifier ${evidence.classifier.harm} (${categoryLabel(clfCategory)}), frame ${frame.score}${frame.category ? ` (${categoryLabel(frame.category)})` : ""}${keys ? `; ${keys} turned` : "; no key turned, the scores are near the line"}.`;
    return { decision: "review", category, reason: why, evidence };
  }
  return { decision: "allow", category: null, reason: null, evidence };
}

const round = (x: number) => Math.round(x * 1000) / 1000;

const UNREAD_FRAME: FrameReading = { category: null, score: 0, signals: ["not read: the classifier's score is below the hold threshold, so the frame could not change the decision"] };

export class TwoKeyScreener implements Screener {
  readonly name = "two-key";
  private readonly model: string;

  constructor(private readonly classifier: TextClassifier, private readonly thresholds: ScreeningThresholds) {
    this.model = classifier.artifact.corpus_sha256.slice(0, 12);
  }

  async screen(text: string): Promise<ScreeningVerdict> {
    return this.screenNow(text);
  }

  /** The same, synchronously: for the benchmark and the corpus tests. */
  screenNow(text: string): ScreeningVerdict {
    const clf = this.classifier.score(text);
    // The frame can only refuse with the classifier's key, and hold alone only at its hold level.
    // Below the classifier's hold threshold, with no frame hold level, the letter is mailed
    // whatever the frame reads: most letters, and the frame is the slower reading.
    const t = this.thresholds;
    const frameMatters = clf.harm >= Math.min(t.classifier.hold, t.specific?.classifier ?? 1) || t.frame.hold !== null;
    return decide(clf, frameMatters ? readIntentFrame(text) : UNREAD_FRAME, t, this.model);
  }
}

let shipped: TwoKeyScreener | undefined;

/** The screener the service ships: the shipped classifier with the calibrated thresholds. */
export function shippedScreener(): TwoKeyScreener {
  if (!shipped) {
    const t = ThresholdsSchema.parse(JSON.parse(readFileSync(path.join(process.cwd(), THRESHOLDS_PATH), "utf8")));
    shipped = new TwoKeyScreener(shippedClassifier(), t);
  }
  return shipped;
}
