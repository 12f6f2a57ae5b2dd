import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { screenText } from "@/lib/screening/rule-screener";

// The screener against the labelled letters in tests/fixtures/screening. corpus.json is what the
// rules are developed on; holdout.json is kept aside (never tuned on, never moved into the
// corpus) to show how the rules do on letters they have not seen. The test prints precision and
// recall per file and the decisions per category.
//
// A lawful letter refused is the failure that matters most (the sender loses a legitimate
// letter), so no lawful letter in either file may be refused: uncertain letters must be held
// for review instead. On the corpus the rules must meet issue 5's targets: recall on refusals
// >= 0.95 and precision on allowed letters >= 0.95. On the holdout the floors are the levels
// measured when the rules were last changed, rounded down, so that a change can only keep or
// raise them; they sit below the targets because the holdout measures what the rules miss.

type Item = { id: string; label: "refuse" | "allow"; category: string; text: string };
const CORPUS = { refusalRecall: 0.95, allowedPrecision: 0.95, lawfulAllowed: 0.97 };
// Measured once on the current rules: recall 0.560 (14 of 25), allowed precision 0.692, lawful
// allowed 0.947 (18 of 19, one held). Far below the corpus: the rules still miss what they have
// not seen, above all fake invoices, bank impersonation and threats (see the README).
const HOLDOUT_FLOORS = { refusalRecall: 0.56, allowedPrecision: 0.69, lawfulAllowed: 0.94 };

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
    lawfulRefused: lawful.filter((d) => d.decision === "refuse").map((d) => d.id),
    byCategory,
  };
}

const load = (name: string) => JSON.parse(readFileSync(`tests/fixtures/screening/${name}.json`, "utf8")) as Item[];

describe("the screener on the labelled corpus", () => {
  const corpus = load("corpus");
  const holdout = load("holdout");
  const measured = { corpus: measure(corpus), holdout: measure(holdout) };

  it("has enough letters of every kind", () => {
    expect(corpus.length + holdout.length).toBeGreaterThanOrEqual(80);
    for (const items of [corpus, holdout]) {
      expect(items.filter((i) => i.label === "refuse").length).toBeGreaterThan(10);
      expect(items.filter((i) => i.label === "allow").length).toBeGreaterThan(10);
    }
    const ids = [...corpus, ...holdout].map((i) => i.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  for (const name of ["corpus", "holdout"] as const) {
    it(`reports precision and recall on ${name}.json`, () => {
      const m = measured[name];
      console.log(
        `screening ${name}: ${m.letters} letters; recall on refusals ${m.refusalRecall.toFixed(3)}, ` +
          `precision on allowed ${m.allowedPrecision.toFixed(3)}, precision of refusals ${m.refusalPrecision.toFixed(3)}, ` +
          `lawful letters allowed ${m.lawfulAllowed.toFixed(3)} (the rest held for review)`,
      );
      console.table(m.byCategory);
    });

    it(`never refuses a lawful letter in ${name}.json`, () => {
      expect(measured[name].lawfulRefused).toEqual([]);
      expect(measured[name].refusalPrecision).toBe(1);
    });
  }

  it("meets the targets on corpus.json", () => {
    const m = measured.corpus;
    expect(m.refusalRecall).toBeGreaterThanOrEqual(CORPUS.refusalRecall);
    expect(m.allowedPrecision).toBeGreaterThanOrEqual(CORPUS.allowedPrecision);
    expect(m.lawfulAllowed).toBeGreaterThanOrEqual(CORPUS.lawfulAllowed);
  });

  it("keeps holdout.json at or above the levels reached", () => {
    const m = measured.holdout;
    expect(m.refusalRecall).toBeGreaterThanOrEqual(HOLDOUT_FLOORS.refusalRecall);
    expect(m.allowedPrecision).toBeGreaterThanOrEqual(HOLDOUT_FLOORS.allowedPrecision);
    expect(m.lawfulAllowed).toBeGreaterThanOrEqual(HOLDOUT_FLOORS.lawfulAllowed);
  });
});
