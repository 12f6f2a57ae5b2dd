import { describe, expect, it } from "vitest";
import type { FrameReading } from "@/lib/screening/intent-frame";
import { refusalReason } from "@/lib/screening/refusal-reasons";
import type { ClassifierScore } from "@/lib/screening/text-classifier";
import { decide, type ScreeningThresholds } from "@/lib/screening/two-key-screener";

// The two-key rule on its own: a refusal needs both keys; the classifier's key alone holds, and
// so does a frame reading specific enough to stand alone, or a classifier score near the line;
// the frame's key alone is a hint; nothing mails. The category of a refusal is the frame's (it
// can say why), and its reason never quotes the letter.

const T: ScreeningThresholds = { classifier: { refuse: 0.8, hold: 0.5 }, frame: { key: 2, hold: 3 }, specific: null };
const clf = (harm: number, category = "extortion"): ClassifierScore => ({ harm, category, categoryProbability: harm, probabilities: {} });
const frame = (score: number, category: FrameReading["category"] = "threat"): FrameReading => ({ category: score > 0 ? category : null, score, signals: score > 0 ? [`${category}: writer promises violence`] : [] });

describe("the two-key decision", () => {
  it("refuses only when the classifier and the frame both turn their keys, in the frame's category", () => {
    const v = decide(clf(0.9), frame(3), T, "m");
    expect(v).toMatchObject({ decision: "refuse", category: "threat", reason: refusalReason("threat") });
    expect(v.evidence).toEqual({
      model: "m",
      classifier: { harm: 0.9, category: "extortion", key: true },
      frame: { category: "threat", score: 3, key: true, specific: true, signals: ["threat: writer promises violence"] },
    });
    expect(v.reason).not.toMatch(/violence|signal/);
  });

  it("holds when the classifier's key turns alone, or the frame reads a specific intent alone", () => {
    expect(decide(clf(0.95), frame(0), T, "m")).toMatchObject({ decision: "review", category: "extortion" });
    expect(decide(clf(0.1), frame(3), T, "m")).toMatchObject({ decision: "review", category: "threat" });
  });

  it("holds a letter the classifier scores between its hold and refusal thresholds", () => {
    const v = decide(clf(0.6), frame(0), T, "m");
    expect(v.decision).toBe("review");
    expect(v.reason).toMatch(/^Possibly extortion: classifier 0.6 \(extortion\), frame 0; no key turned/);
  });

  it("refuses with the second pair of keys: a specific frame and a less confident classifier", () => {
    const t = { ...T, specific: { classifier: 0.6, frame: 3.5 } };
    expect(decide(clf(0.65), frame(4), t, "m")).toMatchObject({ decision: "refuse", category: "threat", evidence: { classifier: { key: true }, frame: { key: true, specific: true } } });
    expect(decide(clf(0.65), frame(3), t, "m").decision).toBe("review");
    expect(decide(clf(0.55), frame(4), t, "m").decision).toBe("review");
  });

  it("mails a letter neither reading suspects", () => {
    expect(decide(clf(0.2), frame(1.5), T, "m")).toMatchObject({ decision: "allow", category: null, reason: null });
  });

  it("takes the frame's key below its hold level as agreement only: alone it neither refuses nor holds", () => {
    expect(decide(clf(0.3), frame(2.5), T, "m").decision).toBe("allow");
    expect(decide(clf(0.99), frame(1.5), T, "m").decision).toBe("review");
    expect(decide(clf(0.3), frame(1.9), T, "m").decision).toBe("allow");
  });
});
