import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { screenText } from "@/lib/screening/rule-screener";

// The screener against the labelled corpus (tests/fixtures/screening): corpus.json is what the
// rules are developed on, holdout.json is kept aside to show how they do on letters they were
// not tuned on. The test prints precision and recall per file and category.
//
// Issue 5 asks for recall >= 0.95 on refusals and precision >= 0.95 on allowed letters. The
// rules are not there yet: FLOORS holds the levels reached so far, so that a change can only
// keep or raise them (raise the floors with the rules); TARGET is where they must end.

type Item = { id: string; label: "refuse" | "allow"; category: string; text: string };
const TARGET = { refusalRecall: 0.95, allowedPrecision: 0.95 };
const FLOORS = { refusalRecall: 0.5, allowedPrecision: 0.6, refusalPrecision: 1, lawfulAllowed: 0.85 };

function measure(items: Item[]) {
  const decided = items.map((it) => ({ ...it, decision: screenText(it.text).decision }));
  const refuse = decided.filter((d) => d.label === "refuse");
  const lawful = decided.filter((d) => d.label === "allow");
  const allowed = decided.filter((d) => d.decision === "allow");
  const refused = decided.filter((d) => d.decision === "refuse");
  const ratio = (a: number, b: number) => (b === 0 ? 1 : a / b);
  const byCategory = Object.fromEntries(
    [...new Set(decided.map((d) => d.category))].sort().map((c) => {
      const inCat = decided.filter((d) => d.category === c);
      return [c, { letters: inCat.length, refused: inCat.filter((d) => d.decision === "refuse").length, held: inCat.filter((d) => d.decision === "review").length, allowed: inCat.filter((d) => d.decision === "allow").length }];
    }),
  );
  return {
    letters: items.length,
    refusalRecall: ratio(refuse.filter((d) => d.decision === "refuse").length, refuse.length),
    refusalPrecision: ratio(refused.filter((d) => d.label === "refuse").length, refused.length),
    allowedPrecision: ratio(allowed.filter((d) => d.label === "allow").length, allowed.length),
    lawfulAllowed: ratio(lawful.filter((d) => d.decision === "allow").length, lawful.length),
    byCategory,
  };
}

const load = (name: string) => JSON.parse(readFileSync(`tests/fixtures/screening/${name}.json`, "utf8")) as Item[];

describe("the screener on the labelled corpus", () => {
  const corpus = load("corpus");
  const holdout = load("holdout");

  it("has enough letters of every kind", () => {
    expect(corpus.length + holdout.length).toBeGreaterThanOrEqual(80);
    for (const items of [corpus, holdout]) {
      expect(items.filter((i) => i.label === "refuse").length).toBeGreaterThan(10);
      expect(items.filter((i) => i.label === "allow").length).toBeGreaterThan(10);
    }
    const ids = [...corpus, ...holdout].map((i) => i.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  for (const [name, items] of [["corpus", corpus], ["holdout", holdout]] as const) {
    it(`reports precision and recall on ${name}.json and never drops below the floors`, () => {
      const m = measure(items);
      console.log(
        `screening ${name}: ${m.letters} letters; recall on refusals ${m.refusalRecall.toFixed(3)} (target ${TARGET.refusalRecall}), ` +
          `precision on allowed ${m.allowedPrecision.toFixed(3)} (target ${TARGET.allowedPrecision}), ` +
          `precision of refusals ${m.refusalPrecision.toFixed(3)}, lawful letters allowed ${m.lawfulAllowed.toFixed(3)}`,
      );
      console.table(m.byCategory);
      expect(m.refusalPrecision).toBeGreaterThanOrEqual(FLOORS.refusalPrecision);
      expect(m.lawfulAllowed).toBeGreaterThanOrEqual(FLOORS.lawfulAllowed);
      if (name === "corpus") {
        expect(m.refusalRecall).toBeGreaterThanOrEqual(FLOORS.refusalRecall);
        expect(m.allowedPrecision).toBeGreaterThanOrEqual(FLOORS.allowedPrecision);
      }
    });
  }
});
