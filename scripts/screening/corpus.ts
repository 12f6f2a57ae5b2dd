import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { tally, type CalibrationLetter, type Figures } from "@/lib/screening/calibrate-thresholds";
import { readIntentFrame } from "@/lib/screening/intent-frame";
import type { ClassifierScore } from "@/lib/screening/text-classifier";
import type { ScreeningThresholds } from "@/lib/screening/two-key-screener";

// The labelled letters of tests/fixtures/screening, for training, calibration, the corpus test
// and the benchmark. train/ holds one file per voice (what the classifier learns from and the
// thresholds are calibrated on); blind/ holds voices nothing is trained or calibrated on.

export type LabelledLetter = { id: string; label: "refuse" | "allow"; category: string; voice: string; text: string };

export const SCREENING_FIXTURES = path.join("tests", "fixtures", "screening");

export function loadLetters(set: "train" | "blind"): { file: string; letters: LabelledLetter[] }[] {
  const dir = path.join(process.cwd(), SCREENING_FIXTURES, set);
  return readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((file) => ({ file: `${set}/${file}`, letters: JSON.parse(readFileSync(path.join(dir, file), "utf8")) as LabelledLetter[] }));
}

export const LEAVE_ONE_VOICE_OUT_PATH = path.join("lib", "screening", "model", "leave-one-voice-out.json");

type OutOfFold = { corpus_sha256: string; classes: string[]; scores: Record<string, number[]> };

/** A classifier score from the probabilities of the artifact's classes. */
export function scoreFrom(classes: string[], p: number[]): ClassifierScore {
  const allow = classes.indexOf("allow");
  let best = -1;
  p.forEach((q, c) => {
    if (c !== allow && (best < 0 || q > p[best])) best = c;
  });
  return { harm: 1 - p[allow], category: classes[best], categoryProbability: p[best], probabilities: Object.fromEntries(classes.map((c, i) => [c, p[i]])) };
}

/** Every training letter with its leave-one-voice-out score and its intent frame. */
export function calibrationLetters(): { sha: string; letters: CalibrationLetter[] } {
  const oof = JSON.parse(readFileSync(path.join(process.cwd(), LEAVE_ONE_VOICE_OUT_PATH), "utf8")) as OutOfFold;
  const letters = loadLetters("train").flatMap((f) => f.letters);
  const missing = letters.filter((l) => !oof.scores[l.id]);
  if (missing.length) throw new Error(`${missing.length} training letters have no leave-one-voice-out score (first: ${missing[0].id}): run npm run screening:train`);
  return {
    sha: oof.corpus_sha256,
    letters: letters.map((l) => ({ id: l.id, label: l.label, category: l.category, voice: l.voice, clf: scoreFrom(oof.classes, oof.scores[l.id]), frame: readIntentFrame(l.text) })),
  };
}

/** The figures of each group of letters (a voice, a category). */
export function perGroup(letters: CalibrationLetter[], t: ScreeningThresholds, key: (l: CalibrationLetter) => string): Record<string, Figures> {
  const groups = new Map<string, CalibrationLetter[]>();
  for (const l of letters) groups.set(key(l), [...(groups.get(key(l)) ?? []), l]);
  return Object.fromEntries([...groups.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([k, ls]) => [k, tally(ls, t)]));
}
