import { readFileSync } from "node:fs";
import path from "node:path";
import { CHAR_NGRAM_SIZES, forEachChunk, normalizeForFeatures, wordsOf } from "@/lib/screening/text-features";

// The trained text classifier: TF-IDF over the n-grams of text-features.ts (sublinear term
// frequency, L2-normalised over the model's own vocabulary) into a multinomial logistic
// regression over the refusal categories and `allow`. The weights are trained offline by
// scripts/screening/train.py (scikit-learn) and shipped as one JSON artifact; scoring is these
// few lines of arithmetic, so the service needs no native or Python runtime. Written by hand
// because no maintained JS package reads scikit-learn's TF-IDF + logistic regression exactly.

export type ClassifierArtifact = {
  format: "tfidf-logistic-regression/1";
  corpus_sha256: string;
  trained_on: { letters: number; voices: Record<string, number> };
  classes: string[];
  features: string[];
  idf: number[];
  /** Per class: what one step of the 16-bit weights is worth. */
  coef_scale: number[];
  /** The weights, feature-major (feature f, class c at f * classes + c), little-endian int16 in base64. */
  coef_int16: string;
  intercept: number[];
  parity: { id?: string; text?: string; probabilities: number[] }[];
};

export type ClassifierScore = {
  /** 1 - P(allow): how likely the letter belongs to any refusal category. */
  harm: number;
  /** The most likely refusal category, and its probability. */
  category: string;
  categoryProbability: number;
  probabilities: Record<string, number>;
};

/** A text's feature counts, sparse: feature indexes and how often each occurs. */
export type FeatureCounts = { features: Int32Array; counts: Int32Array };
/** A text's unnormalised logits and the sum of its squared TF-IDF values (see TextClassifier.shareOf). */
export type LogitShare = { logits: Float64Array; squares: number };

export const CLASSIFIER_PATH = path.join("lib", "screening", "model", "text-classifier.json");

export class TextClassifier {
  /** Every word the vocabulary uses, to a slot: its 1-gram feature (or -1) and its part in 2-grams. */
  private readonly wordSlots = new Map<string, number>();
  private readonly unigram: Int32Array;
  /** 2-grams by their two words' slots (slot a * 2^21 + slot b): no string is built per pair. */
  private readonly bigrams = new Map<number, number>();
  /** Counts per feature, reused from letter to letter (scoring is synchronous); zeroed after use. */
  private readonly counts: Int32Array;
  /** The TF-IDF values of the features being scored, in the order they were seen (grown as needed). */
  private values = new Float64Array(4_096);
  private readonly chars: CharNgramTable;
  /** The reading of each chunk seen lately (a word with its punctuation): see readChunk. */
  private readonly chunks = new Map<string, Int32Array>();
  /** The 16-bit weights, one row of ROW per feature (see the constructor). */
  private readonly weights: Int16Array;
  private readonly scale: Float64Array;
  private readonly idf: Float64Array;
  private readonly allow: number;

  constructor(readonly artifact: ClassifierArtifact) {
    if (artifact.format !== "tfidf-logistic-regression/1") throw new Error(`unknown classifier format ${artifact.format}`);
    const chars: [string, number][] = [];
    const unigrams: [number, number][] = [];
    const slotOf = (w: string) => {
      let slot = this.wordSlots.get(w);
      if (slot === undefined) this.wordSlots.set(w, (slot = this.wordSlots.size));
      return slot;
    };
    artifact.features.forEach((f, i) => {
      if (f.startsWith("w:")) {
        const [a, b, extra] = f.slice(2).split(" ");
        if (extra !== undefined) throw new Error(`word n-gram longer than 2: ${f}`);
        if (b === undefined) unigrams.push([slotOf(a), i]);
        else this.bigrams.set(slotOf(a) * BIGRAM_SHIFT + slotOf(b), i);
      } else if (f.startsWith("c:")) chars.push([f.slice(2), i]);
      else throw new Error(`unknown feature kind in ${f}`);
    });
    this.unigram = new Int32Array(this.wordSlots.size).fill(-1);
    for (const [slot, i] of unigrams) this.unigram[slot] = i;
    this.chars = new CharNgramTable(chars);
    this.counts = new Int32Array(artifact.features.length);
    this.idf = Float64Array.from(artifact.idf);
    const k = artifact.classes.length;
    const bytes = Buffer.from(artifact.coef_int16, "base64");
    if (bytes.length !== artifact.features.length * k * 2) throw new Error("the classifier's weights do not match its features and classes");
    // Kept 16-bit, as trained (half the memory of 32-bit floats), each feature's row padded to 16
    // weights so that it sits in one cache line. Each class's scale is applied once per text, to
    // the sum: exactly the weights training used.
    if (k > ROW) throw new Error(`the classifier has ${k} classes; rows hold ${ROW}`);
    this.weights = new Int16Array(artifact.features.length * ROW);
    for (let f = 0; f < artifact.features.length; f++) for (let c = 0; c < k; c++) this.weights[f * ROW + c] = bytes.readInt16LE((f * k + c) * 2);
    this.scale = Float64Array.from(artifact.coef_scale);
    this.allow = artifact.classes.indexOf("allow");
    if (this.allow < 0) throw new Error("the classifier has no allow class");
  }

  /** The probability of each class, in the artifact's class order. */
  probabilities(text: string): number[] {
    const seen: number[] = [];
    this.count(text, seen);
    return this.probabilitiesOfCounts(seen);
  }

  /**
   * A text's feature counts, kept: a long letter's paragraphs are counted once, and every run of
   * them is then scored from the sums (scoreOfCounts) instead of being read again.
   */
  countsOf(text: string): FeatureCounts {
    const seen: number[] = [];
    this.count(text, seen);
    const features = new Int32Array(seen.length);
    const counts = new Int32Array(seen.length);
    for (let k = 0; k < seen.length; k++) {
      features[k] = seen[k];
      counts[k] = this.counts[seen[k]];
      this.counts[seen[k]] = 0;
    }
    return { features, counts };
  }

  /** The score of the texts whose counts are given, read as one (n-grams across their joins are not counted). */
  scoreOfCounts(parts: FeatureCounts[]): ClassifierScore {
    return this.scoreOf(this.probabilitiesOfCounts(this.sum(parts)));
  }

  /**
   * One text's share of the logits, before normalisation: what runs of a letter's paragraphs are
   * compared by. A run's harm from its paragraphs' shares (harmOfShares) adds the shares instead of
   * counting the run again; it differs from scoreOfCounts only for n-grams in more than one of its
   * paragraphs (the sublinear count of the sum is not the sum of the sublinear counts), and is
   * used only to find the likeliest run, never to refuse.
   */
  shareOf(part: FeatureCounts): LogitShare {
    const { idf, weights } = this;
    const k = this.artifact.classes.length;
    const logits = new Float64Array(k);
    let squares = 0;
    for (let j = 0; j < part.features.length; j++) {
      const i = part.features[j];
      const c = part.counts[j];
      const v = (c < SUBLINEAR_TF.length ? SUBLINEAR_TF[c] : 1 + Math.log(c)) * idf[i];
      squares += v * v;
      const base = i * ROW;
      for (let m = 0; m < k; m++) logits[m] += v * weights[base + m];
    }
    for (let m = 0; m < k; m++) logits[m] *= this.scale[m];
    return { logits, squares };
  }

  harmOfShares(shares: LogitShare[]): number {
    const { intercept } = this.artifact;
    const k = intercept.length;
    let squares = 0;
    for (const s of shares) squares += s.squares;
    const norm = Math.sqrt(squares) || 1;
    const logits = Float64Array.from(intercept);
    for (let m = 0; m < k; m++) for (const s of shares) logits[m] += s.logits[m] / norm;
    return 1 - softmax(logits)[this.allow];
  }

  private sum(parts: FeatureCounts[]): number[] {
    const { counts } = this;
    const seen: number[] = [];
    for (const part of parts) {
      for (let k = 0; k < part.features.length; k++) {
        const i = part.features[k];
        if (counts[i] === 0) seen.push(i);
        counts[i] += part.counts[k];
      }
    }
    return seen;
  }

  /** Counts every feature of `text` into this.counts, listing in `seen` each the first time. */
  private count(text: string, seen: number[]): void {
    // Counts per feature in a dense array, with the list of features seen: no Map per letter.
    const { counts } = this;
    const count = (i: number) => {
      if (counts[i] === 0) seen.push(i);
      counts[i]++;
    };
    // Read chunk by chunk (the text between spaces): no word and no character n-gram crosses a
    // space, and a letter repeats its chunks ("the" is in every letter, and a 50,000-character
    // letter has about a third as many distinct chunks as chunks), so each chunk is read once and
    // kept (readChunk). Only the 2-gram across two chunks is looked up per occurrence.
    let previous = -1;
    for (const chunk of normalizeForFeatures(text).split(" ")) {
      if (!chunk) continue;
      const read = this.chunks.get(chunk) ?? this.readChunk(chunk);
      for (let k = CHUNK_FEATURES; k < read.length; k++) count(read[k]);
      const first = read[CHUNK_FIRST_WORD];
      if (first === NO_WORD) continue; // punctuation alone: the words either side are adjacent
      if (previous >= 0 && first >= 0) {
        const pair = this.bigrams.get(previous * BIGRAM_SHIFT + first);
        if (pair !== undefined) count(pair);
      }
      previous = read[CHUNK_LAST_WORD];
    }
  }

  /**
   * One chunk's reading: the slots of its first and last words (NO_WORD when it has none; -1 for
   * a word the model does not know), then the features found inside it: its words, its 2-grams,
   * its character n-grams.
   */
  private readChunk(chunk: string): Int32Array {
    const found: number[] = [NO_WORD, NO_WORD];
    let previous = -1;
    wordsOf(chunk).forEach((w, n) => {
      const slot = this.wordSlots.get(w) ?? -1;
      if (slot >= 0 && this.unigram[slot] >= 0) found.push(this.unigram[slot]);
      if (slot >= 0 && previous >= 0) {
        const pair = this.bigrams.get(previous * BIGRAM_SHIFT + slot);
        if (pair !== undefined) found.push(pair);
      }
      if (n === 0) found[CHUNK_FIRST_WORD] = slot;
      found[CHUNK_LAST_WORD] = previous = slot;
    });
    forEachChunk(chunk, (codes, length) => this.chars.forEachIn(codes, length, (f) => found.push(f)));
    const read = Int32Array.from(found);
    if (this.chunks.size >= CHUNK_CACHE) this.chunks.clear();
    this.chunks.set(chunk, read);
    return read;
  }

  /** TF-IDF (sublinear, L2-normalised), then the regression; zeroes the counts it reads. */
  private probabilitiesOfCounts(seen: number[]): number[] {
    const { counts, idf, weights } = this;
    const n = seen.length;
    if (this.values.length < n) this.values = new Float64Array(n * 2);
    const { values } = this;
    let norm = 0;
    for (let s = 0; s < n; s++) {
      const i = seen[s];
      const c = counts[i];
      // Counts are whole numbers, and nearly all small: 1 + ln(c) from a table.
      const v = (c < SUBLINEAR_TF.length ? SUBLINEAR_TF[c] : 1 + Math.log(c)) * idf[i];
      values[s] = v;
      counts[i] = 0;
      norm += v * v;
    }
    norm = Math.sqrt(norm) || 1;
    const k = this.artifact.classes.length;
    const sums = new Float64Array(k);
    for (let s = 0; s < n; s++) {
      const x = values[s];
      const base = seen[s] * ROW;
      for (let c = 0; c < k; c++) sums[c] += x * weights[base + c];
    }
    const logits = Float64Array.from(this.artifact.intercept);
    for (let c = 0; c < k; c++) logits[c] += (sums[c] * this.scale[c]) / norm;
    return softmax(logits);
  }

  score(text: string): ClassifierScore {
    return this.scoreOf(this.probabilities(text));
  }

  private scoreOf(p: number[]): ClassifierScore {
    const { classes } = this.artifact;
    let best = -1;
    p.forEach((q, c) => {
      if (c !== this.allow && (best < 0 || q > p[best])) best = c;
    });
    return {
      harm: 1 - p[this.allow],
      category: classes[best],
      categoryProbability: p[best],
      probabilities: Object.fromEntries(classes.map((c, i) => [c, p[i]])),
    };
  }
}

/**
 * The model's character n-grams in an open-addressing hash table over typed arrays, keyed by an
 * FNV-1a hash of their code points. A 50,000-character letter has about 150,000 windows; looking
 * each up as a string in a Map costs a string and a hash per window (about 15 ms here), this
 * about a tenth of that. A hash match is confirmed code point by code point, so two n-grams
 * that share a hash are never confused. (Written by hand: no maintained package does this.)
 */
class CharNgramTable {
  /** Pairs per slot: [entry + 1 (0 empty), full hash]; a miss reads one cache line. */
  private readonly slots: Int32Array;
  private readonly mask: number;
  private readonly lengths: Uint8Array;
  private readonly codes: Int32Array; // per entry: its code points, LONGEST apart
  private readonly features: Int32Array; // per entry: the artifact's feature index

  constructor(ngrams: [string, number][]) {
    let size = 1;
    while (size < ngrams.length * 2) size *= 2;
    this.slots = new Int32Array(size * 2);
    this.mask = size - 1;
    this.lengths = new Uint8Array(ngrams.length);
    this.codes = new Int32Array(ngrams.length * LONGEST);
    this.features = new Int32Array(ngrams.length);
    ngrams.forEach(([ngram, feature], e) => {
      const points = Array.from(ngram, (ch) => ch.codePointAt(0)!);
      if (points.length < SHORTEST || points.length > LONGEST) throw new Error(`character n-gram of unexpected length: ${ngram}`);
      let h = FNV_OFFSET;
      points.forEach((c, d) => {
        h = Math.imul(h ^ c, FNV_PRIME);
        this.codes[e * LONGEST + d] = c;
      });
      this.lengths[e] = points.length;
      this.features[e] = feature;
      let slot = h & this.mask;
      while (this.slots[slot * 2] !== 0) slot = (slot + 1) & this.mask;
      this.slots[slot * 2] = e + 1;
      this.slots[slot * 2 + 1] = h;
    });
  }

  /** Calls `found` with the feature index of every window of CHAR_NGRAM_SIZES in `codes` that the model knows. */
  forEachIn(codes: Int32Array, length: number, found: (feature: number) => void): void {
    const { slots, mask } = this;
    for (let i = 0; i + SHORTEST <= length; i++) {
      let h = FNV_OFFSET;
      for (let d = 0; d < LONGEST && i + d < length; d++) {
        h = Math.imul(h ^ codes[i + d], FNV_PRIME);
        if (d + 1 < SHORTEST) continue;
        for (let slot = h & mask; slots[slot * 2] !== 0; slot = (slot + 1) & mask) {
          if (slots[slot * 2 + 1] !== h) continue;
          const e = slots[slot * 2] - 1;
          if (this.lengths[e] === d + 1 && this.sameCodes(e, codes, i, d + 1)) {
            found(this.features[e]);
            break;
          }
        }
      }
    }
  }

  private sameCodes(e: number, codes: Int32Array, start: number, n: number): boolean {
    for (let k = 0; k < n; k++) if (this.codes[e * LONGEST + k] !== codes[start + k]) return false;
    return true;
  }
}

/** The regression's probabilities from its logits. */
function softmax(logits: Float64Array): number[] {
  let top = -Infinity;
  for (const z of logits) top = Math.max(top, z);
  let sum = 0;
  const p = Array.from(logits, (z) => Math.exp(z - top));
  for (const e of p) sum += e;
  return p.map((e) => e / sum);
}

const BIGRAM_SHIFT = 2 ** 21;
/** Int16 weights per feature row: 32 bytes, so a row sits inside one 64-byte cache line. */
const ROW = 16;
/** A chunk's reading: [first word's slot, last word's slot, ...features]. */
const CHUNK_FIRST_WORD = 0;
const CHUNK_LAST_WORD = 1;
const CHUNK_FEATURES = 2;
const NO_WORD = -2;
/** Chunks kept before the cache starts again: a few megabytes. */
const CHUNK_CACHE = 50_000;
/** 1 + ln(c) for the counts most features have (scikit-learn's sublinear term frequency). */
const SUBLINEAR_TF = Float64Array.from({ length: 256 }, (_, c) => 1 + Math.log(c));
const SHORTEST = CHAR_NGRAM_SIZES[0];
const LONGEST = CHAR_NGRAM_SIZES[CHAR_NGRAM_SIZES.length - 1];
const FNV_OFFSET = 0x811c9dc5 | 0;
const FNV_PRIME = 0x01000193;

let shipped: TextClassifier | undefined;

/** The classifier the service ships (read once, from the working directory the service runs in). */
export function shippedClassifier(): TextClassifier {
  shipped ??= new TextClassifier(JSON.parse(readFileSync(path.join(process.cwd(), CLASSIFIER_PATH), "utf8")) as ClassifierArtifact);
  return shipped;
}
