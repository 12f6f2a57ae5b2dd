import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { chooseThresholds } from "@/lib/screening/calibrate-thresholds";
import { THRESHOLDS_PATH, decisionOf, type ThresholdsFile } from "@/lib/screening/two-key-screener";
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
    expect(figures.lawful.held / figures.lawful.letters).toBeLessThanOrEqual(0.06);
  }, 60_000);

  it("never lets the frame hold alone when its hold level is null", () => {
    const t = { classifier: { refuse: 0.8, hold: 0.5 }, frame: { key: 2, hold: null }, specific: null };
    expect(decisionOf(0.1, 9, true, t)).toBe("allow");
    expect(decisionOf(0.9, 9, true, t)).toBe("refuse");
    expect(decisionOf(0.6, 0, false, t)).toBe("review");
  });
});
