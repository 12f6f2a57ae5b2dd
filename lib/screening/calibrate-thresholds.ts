import type { FrameReading } from "@/lib/screening/intent-frame";
import { REFUSAL_MARGIN, decisionOf, type ScreeningThresholds } from "@/lib/screening/two-key-screener";
import type { ClassifierScore } from "@/lib/screening/text-classifier";

// Choosing the screener's thresholds on the calibration set: every training letter scored by a
// classifier trained on every voice but its own (leave-one-voice-out), read by the intent frame.
// No letter's score comes from a model that saw its voice, so the figures are what a new voice
// may expect, and the blind sets are never read here.
//
// The rule, in order: as few lawful letters refused as possible (none, where the readings allow
// it), counting as refused every lawful letter that would be refused if its classifier score were
// REFUSAL_MARGIN higher: the frame's key turns at a fixed level, so without a margin the
// classifier's threshold would sit just above the most suspicious lawful letter of the
// calibration set, and the next voice's lawful letters would have no room; at most LAWFUL_HELD_BUDGET of lawful letters held; then as many harmful letters stopped
// (refused or held) as possible; then as many refused as possible; then the fewest lawful
// letters held.

export type CalibrationLetter = { id: string; label: "refuse" | "allow"; category: string; voice: string; clf: ClassifierScore; frame: FrameReading };

/**
 * The share of lawful calibration letters the thresholds may hold: well below issue 16's 10 %,
 * because that bar holds for every voice and the share varies a lot from voice to voice (at 6 %
 * overall, seven of 32 voices were over 10 % when left out; at 4.5 %, three, two of them the
 * short notes and the contrastive pairs).
 */
export const LAWFUL_HELD_BUDGET = 0.045;

const CLASSIFIER_REFUSE = range(0.5, 0.99, 0.01);
const CLASSIFIER_HOLD = range(0.2, 0.99, 0.01);
const FRAME_KEY = [1, 1.5, 2, 2.5, 3];
const SPECIFIC_FRAME = [2.5, 3, 3.5, 4];
/** null: the frame never holds a letter on its own. */
const FRAME_HOLD: (number | null)[] = [2, 2.5, 3, 3.5, 4, null];

export type Tally = {
  letters: number; refused: number; held: number; mailed: number;
  /** Refused, or would be with a classifier score REFUSAL_MARGIN higher: what the rule keeps at none. */
  refusedWithinMargin: number;
};
export type Figures = { harmful: Tally; lawful: Tally };

export function tally(letters: CalibrationLetter[], t: ScreeningThresholds): Figures {
  return { harmful: count(letters.filter((l) => l.label === "refuse"), t), lawful: count(letters.filter((l) => l.label === "allow"), t) };
}

export function chooseThresholds(letters: CalibrationLetter[]): { thresholds: ScreeningThresholds; figures: Figures; because: string } {
  const harmful = letters.filter((l) => l.label === "refuse");
  const lawful = letters.filter((l) => l.label === "allow");
  const budget = Math.floor(LAWFUL_HELD_BUDGET * lawful.length);
  let best: { thresholds: ScreeningThresholds; figures: Figures } | null = null;
  for (const key of FRAME_KEY) {
    for (const refuse of CLASSIFIER_REFUSE) {
      for (const frameHold of FRAME_HOLD.filter((h) => h === null || h >= key)) {
        for (const hold of CLASSIFIER_HOLD.filter((h) => h <= refuse)) {
          const t: ScreeningThresholds = { classifier: { refuse, hold }, frame: { key, hold: frameHold }, specific: null };
          const figures = { harmful: count(harmful, t), lawful: count(lawful, t) };
          if (!best || better(figures, best.figures, budget)) best = { thresholds: t, figures };
        }
      }
    }
  }
  // Then the second pair of keys: a specific frame with a less confident classifier, as far as it
  // refuses more harmful letters and still no lawful one (holds do not change: these letters
  // were held before).
  let chosen = best!;
  for (const frame of SPECIFIC_FRAME.filter((f) => f > chosen.thresholds.frame.key)) {
    for (const classifier of CLASSIFIER_REFUSE.filter((r) => r < chosen.thresholds.classifier.refuse)) {
      const t = { ...chosen.thresholds, specific: { classifier, frame } };
      const figures = { harmful: count(harmful, t), lawful: count(lawful, t) };
      if (figures.lawful.refusedWithinMargin <= chosen.figures.lawful.refusedWithinMargin && figures.harmful.refused > chosen.figures.harmful.refused && figures.lawful.held <= chosen.figures.lawful.held) {
        chosen = { thresholds: t, figures };
      }
    }
  }
  best = chosen;
  const { harmful: h, lawful: a } = best.figures;
  const because =
    `On ${letters.length} calibration letters (leave-one-voice-out): ${a.refused} lawful refused (${a.refusedWithinMargin} within a margin of ${REFUSAL_MARGIN} on the classifier), ${a.held} of ${a.letters} lawful held ` +
    `(budget ${(LAWFUL_HELD_BUDGET * 100).toFixed(1)} %); ${h.refused + h.held} of ${h.letters} harmful stopped, ${h.refused} refused.`;
  return { ...best, because };
}

function count(letters: CalibrationLetter[], t: ScreeningThresholds): Tally {
  const c = empty();
  for (const l of letters) {
    const d = decisionOf(l.clf.harm, l.frame.score, l.frame.category !== null, t);
    c.letters++;
    if (d === "refuse" || decisionOf(Math.min(1, l.clf.harm + REFUSAL_MARGIN), l.frame.score, l.frame.category !== null, t) === "refuse") c.refusedWithinMargin++;
    if (d === "refuse") c.refused++;
    else if (d === "review") c.held++;
    else c.mailed++;
  }
  return c;
}

function better(a: Figures, b: Figures, budget: number): boolean {
  if (a.lawful.refusedWithinMargin !== b.lawful.refusedWithinMargin) return a.lawful.refusedWithinMargin < b.lawful.refusedWithinMargin;
  if (a.lawful.refused !== b.lawful.refused) return a.lawful.refused < b.lawful.refused;
  const over = (f: Figures) => Math.max(0, f.lawful.held - budget);
  if (over(a) !== over(b)) return over(a) < over(b);
  const stopped = (f: Figures) => f.harmful.refused + f.harmful.held;
  if (stopped(a) !== stopped(b)) return stopped(a) > stopped(b);
  if (a.harmful.refused !== b.harmful.refused) return a.harmful.refused > b.harmful.refused;
  return a.lawful.held < b.lawful.held;
}

function empty(): Tally {
  return { letters: 0, refused: 0, held: 0, mailed: 0, refusedWithinMargin: 0 };
}

function range(from: number, to: number, step: number): number[] {
  const out: number[] = [];
  for (let x = from; x <= to + 1e-9; x += step) out.push(Math.round(x * 100) / 100);
  return out;
}
