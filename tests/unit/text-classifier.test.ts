import { describe, expect, it } from "vitest";
import { featureNames, normalizeForFeatures } from "@/lib/screening/text-features";
import { shippedClassifier } from "@/lib/screening/text-classifier";
import { loadLetters } from "@/scripts/screening/corpus";
import { trainingCorpusHash } from "@/tests/support/corpus-hash";

// The shipped classifier artifact: scored in TypeScript exactly as scikit-learn scored it when it
// was trained, and trained on the corpus as it is now.

const classifier = shippedClassifier();
const { artifact } = classifier;

describe("the screening classifier", () => {
  it("gives the probabilities scikit-learn gave for the parity letters", () => {
    const texts = new Map(loadLetters("train").flatMap((f) => f.letters).map((l) => [l.id, l.text]));
    expect(artifact.parity.length).toBeGreaterThanOrEqual(10);
    for (const sample of artifact.parity) {
      const text = sample.text ?? texts.get(sample.id!);
      expect(text, `parity letter ${sample.id} is in the corpus`).toBeDefined();
      const got = classifier.probabilities(text!);
      got.forEach((p, i) => expect(p).toBeCloseTo(sample.probabilities[i], 6));
    }
  });

  it("scores a text from its kept counts as it scores the text, and runs of texts as one", () => {
    const [a, b] = artifact.parity.slice(0, 2).map((s) => s.text ?? loadLetters("train").flatMap((f) => f.letters).find((l) => l.id === s.id)!.text);
    const scoreOfParts = (...texts: string[]) => {
      const parts = texts.map((t) => classifier.countsOf(t));
      return classifier.scoreOfShares(parts, parts.map((p) => classifier.shareOf(p)));
    };
    expect(scoreOfParts(a).harm).toBeCloseTo(classifier.score(a).harm, 9);
    // A word the model does not know makes no 2-gram with the next, so nothing is lost at the join:
    // the run of two letters (sharing most of their n-grams) scores as the letters read together.
    const unknownEnd = `${a} zqxjvk`;
    const together = classifier.score(`${unknownEnd}\n\n${b}`);
    const run = scoreOfParts(unknownEnd, b);
    expect(run.harm).toBeCloseTo(together.harm, 9);
    for (const [c, p] of Object.entries(together.probabilities)) expect(run.probabilities[c]).toBeCloseTo(p, 9);
    // Logit shares: exact for one text, and close for a run of two (what finds the likeliest run).
    expect(classifier.harmOfShares([classifier.shareOf(classifier.countsOf(a))])).toBeCloseTo(classifier.score(a).harm, 9);
    expect(classifier.harmOfShares([classifier.shareOf(classifier.countsOf(a)), classifier.shareOf(classifier.countsOf(b))])).toBeCloseTo(classifier.score(`${a}\n\n${b}`).harm, 1);
  });

  // The classifier counts a text chunk by chunk and keeps each chunk's reading (words, 2-grams and
  // character n-grams); featureNames (text-features.ts) lists the n-grams the training script
  // reads, one by one. Punctuation alone between two words, apostrophes, digits, accents and
  // emoji are where a chunk's reading could part from the text's.
  it("counts exactly the n-grams the training script reads, however the words are punctuated", () => {
    const index = new Map(artifact.features.map((f, i) => [f, i]));
    const sample = loadLetters("train").flatMap((f) => f.letters).filter((_, i) => i % 50 === 0).map((l) => l.text);
    const odd = ["pay the — fee now", "you will pay ... or else", "a.b,c d-e 'quoted' «x» -- !!", "Nguyễn Thị Minh wrote: “don't pay”", "gift 🙂 card 🙂🙂 now", "wire $5,000 by 6.30", "  ", "...",
      // ASCII text is folded code by code as it is read: every space, capitals, digits, the backtick.
      "PAY\tNOW\r\nor\u000bELSE\u000cgift `CARDS` 1234", "\n\n  Send the CODE  \n",
      // Chunks too long to keep, and one longer than a single read of its codes.
      `see https://example.com/${"pay-now-".repeat(12)} today`, `${"giftcard".repeat(700)} now`];
    const expectReferenceCounts = () => {
      for (const text of [...odd, ...sample]) {
        const want = new Map<number, number>();
        for (const name of featureNames(text)) {
          const i = index.get(name);
          if (i !== undefined) want.set(i, (want.get(i) ?? 0) + 1);
        }
        const { features, counts } = classifier.countsOf(text);
        const got = new Map(Array.from(features, (f, k) => [f, counts[k]]));
        expect(got, JSON.stringify(text.slice(0, 60))).toEqual(want);
      }
    };
    // The classifier keeps each chunk's reading in two generations: counted once, then after
    // enough new chunks that those readings are in the older generation (and copied back to the
    // newer when found there), then after so many, short and long, that they were dropped (more
    // chunks than it keeps, and more than its readings fit): the counts must never change.
    const word = (n: number, size: number) => Array.from({ length: size }, (_, k) => String.fromCharCode(97 + (Math.floor(n / 26 ** (k % 4)) % 26))).join("");
    expectReferenceCounts();
    classifier.countsOf(Array.from({ length: 20_000 }, (_, n) => word(n + 100_000, 5)).join(" "));
    expectReferenceCounts();
    classifier.countsOf(Array.from({ length: 60_000 }, (_, n) => word(n, 4)).join(" "));
    classifier.countsOf(Array.from({ length: 9_000 }, (_, n) => word(n, 60)).join(" "));
    expectReferenceCounts();
  });

  it("counts several texts in one pass exactly as each alone: no n-gram across two of them", () => {
    const texts = ["pay the fee", "now or else", "", "Nguyễn Thị Minh: “don't”", "buy the gift", "cards 1234", "   ", "card 🙂 now", "pay"];
    const plain = (c: { features: Int32Array; counts: Int32Array }) => new Map(Array.from(c.features, (f, k) => [f, c.counts[k]]));
    const together = classifier.countsOfEach(texts).map(plain);
    expect(together).toEqual(texts.map((t) => plain(classifier.countsOf(t))));
    // "gift" ends one text and "cards" opens the next: the model's 2-gram "gift cards" is in neither.
    const giftCards = artifact.features.indexOf("w:gift cards");
    expect(giftCards).toBeGreaterThanOrEqual(0);
    expect(together.some((m) => m.has(giftCards))).toBe(false);
    expect(classifier.countsOfEach([])).toEqual([]);
  });

  it("was trained on the corpus and the training script as they are now (else: npm run screening:train)", () => {
    expect(artifact.corpus_sha256, "the artifact is stale: run npm run screening:train").toBe(trainingCorpusHash("train.py"));
  });

  it("has a class for every refusal category and for lawful letters, and scores in (0, 1)", () => {
    expect([...artifact.classes].sort()).toEqual(
      ["allow", "extortion", "fraud_advance_fee", "fraud_fake_invoice", "fraud_phishing", "fraud_romance", "impersonation_bank", "impersonation_business", "impersonation_court", "impersonation_government", "impersonation_police", "impersonation_utility", "threat"],
    );
    const s = classifier.score("Dear Ms. Park, thank you for the lovely dinner on Saturday. Love, Tom");
    expect(s.harm).toBeGreaterThan(0);
    expect(s.harm).toBeLessThan(1);
    expect(Object.values(s.probabilities).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
  });

  it("reads text as the training script does: NFKC, lower case, straight quotes, digits as 0, invisible characters gone", () => {
    expect(normalizeForFeatures("ＧＩＦＴ\u200b Cards ‘now’ — call 555-0142\n\n  Thanks")).toBe("gift cards 'now' - call 000-0000 thanks");
    // What scripts/screening/train.py's features() gives for the same texts (order aside).
    expect(featureNames("Hi you").sort()).toEqual(["w:hi", "w:you", "w:hi you", "c: hi", "c:hi ", "c: hi ", "c: yo", "c:you", "c:ou ", "c: you", "c:you ", "c: you "].sort());
    // A character outside the BMP is one character, as in Python.
    expect(featureNames("a😀b").filter((f) => f.startsWith("c:")).sort()).toEqual(["c: a😀", "c:a😀b", "c:😀b ", "c: a😀b", "c:a😀b ", "c: a😀b "].sort());
  });
});
