import { describe, expect, it } from "vitest";
import { normalizeForFeatures, wordsOf, wordsOfText } from "@/lib/screening/text-features";
import { shippedKnownWords } from "@/lib/screening/unread-passages";
import { trainingCorpusHash } from "@/tests/support/corpus-hash";

// The words the screener was trained on (lib/screening/model/known-words.json): read in
// TypeScript exactly as scripts/screening/known_words.py read them, and made from the corpus as
// it is now. What the screener does with a passage it cannot read: tests/unit/screening-letters.test.ts.

const known = shippedKnownWords();
const { artifact } = known;

describe("the words the screener was trained on", () => {
  it("finds the least-read passage the training script found, in every parity sample", () => {
    expect(artifact.parity.length).toBeGreaterThanOrEqual(4);
    for (const sample of artifact.parity) expect(known.leastRead(sample.text)?.share ?? 1, sample.text).toBeCloseTo(sample.least_known_share, 12);
    // The samples cover both sides of the bar, and a text too short to judge.
    expect(artifact.parity.some((s) => s.least_known_share < artifact.unread_below)).toBe(true);
    expect(artifact.parity.some((s) => s.least_known_share >= artifact.unread_below && s.least_known_share < 1)).toBe(true);
    expect(known.leastRead("Hi")).toBeNull();
  });

  it("reads plain ASCII's words without normalising it first, to the same words", () => {
    const texts = ["Dear Ada,\tThe 2nd DRAFT is\r\nready: don't pay $1,250.00 by 12/05!", "It`s a backtick", "Ünïcode “quotes” — 12", "w1ll p@y 0r 007 '0'", ""];
    for (const t of texts) expect(wordsOfText(t), t).toEqual(wordsOf(normalizeForFeatures(t)));
  });

  it("counts words, not numbers: amounts, dates and reference numbers are nobody's vocabulary", () => {
    const plain = known.leastRead("Please pay the invoice by Friday, thank you very much for your business this year.")!;
    const withNumbers = known.leastRead("Please pay the invoice 4471-22 of $1,250.00 by 12/05/2026, thank you very much for your business this year.")!;
    expect(withNumbers).toEqual(plain);
  });

  it("was made from the corpus and the script as they are now (else: npm run screening:train)", () => {
    expect(artifact.corpus_sha256, "the words are stale: run python3 scripts/screening/known_words.py (npm run screening:train does)").toBe(trainingCorpusHash("known_words.py"));
  });
});
