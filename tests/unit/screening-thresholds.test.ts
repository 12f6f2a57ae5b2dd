import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { LAWFUL_HELD_BUDGET, chooseThresholds } from "@/lib/screening/calibrate-thresholds";
import { REFUSAL_MARGIN, THRESHOLDS_PATH, decisionOf, type ThresholdsFile } from "@/lib/screening/two-key-screener";
import { calibrationLetters } from "@/scripts/screening/corpus";

// The shipped thresholds are what calibration chooses on the leave-one-voice-out scores with the
// intent frame as it is now: a change to the frame (or to the corpus) that is not recalibrated
// fails here (run npm run screening:calibrate, or npm run screening:train after a corpus change).

describe("the screening thresholds", () => {
  it("are the ones calibration chooses now", () => {
    const shipped = JSON.parse(readFileSync(THRESHOLDS_PATH, "utf8")) as ThresholdsFile;
    const { sha, letters } = calibrationLetters();
    expect(shipped.corpus_sha256, "calibrated on another training run: npm run screening:calibrate").toBe(sha);
    const { thresholds, figures } = chooseThresholds(letters);
    expect({ classifier: shipped.classifier, frame: shipped.frame, specific: shipped.specific }, "stale: npm run screening:calibrate").toEqual(thresholds);
    // No lawful calibration letter is refused, and the lawful letters held stay within budget.
    expect(figures.lawful.refused).toBe(0);
    expect(figures.lawful.refusedWithinMargin, "a lawful letter would be refused with a classifier score REFUSAL_MARGIN higher").toBe(0);
    expect(figures.lawful.held / figures.lawful.letters).toBeLessThanOrEqual(LAWFUL_HELD_BUDGET);
  }, 60_000);

  it("keeps the classifier's threshold a margin above the most suspicious lawful letter the frame accuses", () => {
    // One lawful letter at 0.70 that the frame reads as the harmful ones: without the margin the
    // threshold could sit at 0.71; with it, that letter is not refused even at 0.70 + REFUSAL_MARGIN.
    const letter = (id: string, label: "refuse" | "allow", harm: number, frame: number) => ({
      id, label, category: label === "refuse" ? "threat" : "personal", voice: "v",
      clf: { harm, category: "threat", categoryProbability: harm, probabilities: {} },
      frame: { category: frame > 0 ? ("threat" as const) : null, score: frame, signals: [] },
    });
    const letters = [
      letter("lawful", "allow", 0.7, 2),
      ...Array.from({ length: 40 }, (_, i) => letter(`quiet-${i}`, "allow", 0.05, 0)),
      ...[0.75, 0.78, 0.82, 0.9, 0.97].map((h, i) => letter(`harmful-${i}`, "refuse", h, 2)),
    ];
    const { thresholds, figures } = chooseThresholds(letters);
    expect(thresholds.classifier.refuse).toBeGreaterThan(0.7 + REFUSAL_MARGIN);
    expect(figures.lawful.refusedWithinMargin).toBe(0);
    expect(figures.harmful.refused).toBe(3); // 0.82, 0.9 and 0.97; the others are held
  });

  it("never lets the frame hold alone when its hold level is null", () => {
    const t = { classifier: { refuse: 0.8, hold: 0.5 }, frame: { key: 2, hold: null }, specific: null };
    expect(decisionOf(0.1, 9, true, t)).toBe("allow");
    expect(decisionOf(0.9, 9, true, t)).toBe("refuse");
    expect(decisionOf(0.6, 0, false, t)).toBe("review");
  });
});
