import { readFileSync } from "node:fs";
import path from "node:path";
import { FeatureCounter, type FeatureCounts } from "@/lib/screening/feature-counter";

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

/** A text's unnormalised logits and the sum of its squared TF-IDF values (see TextClassifier.shareOf). */
export type LogitShare = { logits: Float64Array; squares: number };

export const CLASSIFIER_PATH = path.join("lib", "screening", "model", "text-classifier.json");

export class TextClassifier {
  /** Counts the model's features in a text (feature-counter.ts). */
  private readonly counter: FeatureCounter;
  /** Per feature, 1 + where it is in this.merged while parts are scored together (scoreOfShares), 0 otherwise. */
  private readonly place: Int32Array;
  /** The features of the parts scored together, their summed counts and summed sublinear counts (grown as needed). */
  private merged = { features: new Int32Array(0), counts: new Int32Array(0), partsTf: new Float64Array(0) };
  /** The TF-IDF values of the features being scored, in the order they were seen (grown as needed). */
  private values = new Float64Array(4_096);
  private rows = new Int32Array(4_096);
  /** The 16-bit weights, one row of ROW per feature (see the constructor). */
  private readonly weights: Int16Array;
  private readonly scale: Float64Array;
  private readonly idf: Float64Array;
  private readonly allow: number;

  constructor(readonly artifact: ClassifierArtifact) {
    if (artifact.format !== "tfidf-logistic-regression/1") throw new Error(`unknown classifier format ${artifact.format}`);
    this.counter = new FeatureCounter(artifact.features);
    this.place = new Int32Array(artifact.features.length);
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
    this.counter.countEach([text], () => {});
    return this.probabilitiesOfCounts(this.counter.seen, this.counter.seenCount);
  }

  /**
   * A text's feature counts, kept: a long letter's paragraphs are counted once, and every run of
   * them is then scored from the sums (scoreOfShares) instead of being read again.
   */
  countsOf(text: string): FeatureCounts {
    return this.counter.countsOfEach([text])[0];
  }

  /** The counts of each text, as countsOf gives them, read in one pass (FeatureCounter.countsOfEach). */
  countsOfEach(texts: string[]): FeatureCounts[] {
    return this.counter.countsOfEach(texts);
  }

  /**
   * The score of the texts whose counts and shares (shareOf) are given, read as one (n-grams
   * across their joins are not counted): the texts' shares already hold the weighted sums of every
   * n-gram found in one of them only, so only the n-grams found in more than one are weighed
   * again, by what their sublinear count in the whole adds to the sum of their parts' (most
   * n-grams of a long letter's passage occur in one paragraph). The same sums as weighing every
   * n-gram of the whole, added in another order.
   */
  scoreOfShares(parts: FeatureCounts[], shares: LogitShare[]): ClassifierScore {
    const { place, idf } = this;
    let size = 0;
    for (const part of parts) size += part.features.length;
    if (this.merged.features.length < size) this.merged = { features: new Int32Array(size * 2), counts: new Int32Array(size * 2), partsTf: new Float64Array(size * 2) };
    // The parts' counts added up, in one list of the features seen; with each, the sum of its
    // sublinear counts in the parts.
    const { features, counts, partsTf } = this.merged;
    let n = 0;
    for (const part of parts) {
      for (let k = 0; k < part.features.length; k++) {
        const i = part.features[k];
        const c = part.counts[k];
        const tf = c < SUBLINEAR_TF.length ? SUBLINEAR_TF[c] : 1 + Math.log(c);
        const at = place[i] - 1;
        if (at < 0) {
          place[i] = n + 1;
          features[n] = i;
          counts[n] = c;
          partsTf[n++] = tf;
        } else {
          counts[at] += c;
          partsTf[at] += tf;
        }
      }
    }
    const values = this.valuesFor(n);
    const rows = this.rows;
    let again = 0;
    let norm = 0;
    for (let s = 0; s < n; s++) {
      const i = features[s];
      const c = counts[s];
      const tf = c < SUBLINEAR_TF.length ? SUBLINEAR_TF[c] : 1 + Math.log(c);
      const v = tf * idf[i];
      norm += v * v;
      // In one part only, its parts' sublinear count is its own, computed the same way: no correction.
      if (partsTf[s] !== tf) {
        rows[again] = i;
        values[again++] = (tf - partsTf[s]) * idf[i];
      }
      place[i] = 0;
    }
    norm = Math.sqrt(norm) || 1;
    const k = this.artifact.classes.length;
    const sums = this.weightedSums(rows, values, again);
    const logits = Float64Array.from(this.artifact.intercept);
    for (let c = 0; c < k; c++) {
      let shared = 0;
      for (const share of shares) shared += share.logits[c];
      logits[c] += (shared + sums[c] * this.scale[c]) / norm;
    }
    return this.scoreOf(softmax(logits));
  }

  /**
   * One text's share of the logits, before normalisation: what runs of a letter's paragraphs are
   * scored from (scoreOfShares) and compared by. A run's harm from its paragraphs' shares alone
   * (harmOfShares) differs from its score only for n-grams in more than one of its paragraphs (the
   * sublinear count of the sum is not the sum of the sublinear counts), and is used only to find
   * the likeliest run, never to refuse.
   */
  shareOf(part: FeatureCounts): LogitShare {
    const { idf } = this;
    const n = part.features.length;
    const values = this.valuesFor(n);
    let squares = 0;
    for (let j = 0; j < n; j++) {
      const c = part.counts[j];
      const v = (c < SUBLINEAR_TF.length ? SUBLINEAR_TF[c] : 1 + Math.log(c)) * idf[part.features[j]];
      values[j] = v;
      squares += v * v;
    }
    const logits = this.weightedSums(part.features, values, n);
    for (let m = 0; m < logits.length; m++) logits[m] *= this.scale[m];
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

  /** TF-IDF (sublinear, L2-normalised), then the regression; zeroes the counts it reads. */
  private probabilitiesOfCounts(seen: Int32Array, n: number): number[] {
    const { idf } = this;
    const { counts } = this.counter;
    const values = this.valuesFor(n);
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
    const sums = this.weightedSums(seen, values, n);
    const logits = Float64Array.from(this.artifact.intercept);
    for (let c = 0; c < k; c++) logits[c] += (sums[c] * this.scale[c]) / norm;
    return softmax(logits);
  }

  /** The scratch arrays for `n` features' TF-IDF values and rows (grown as needed). */
  private valuesFor(n: number): Float64Array {
    if (this.values.length < n) {
      this.values = new Float64Array(n * 2);
      this.rows = new Int32Array(n * 2);
    }
    return this.values;
  }

  /**
   * Per class, the sum over the first `n` features of value times weight, before the class's
   * scale. The ROW weights of a row are added into sixteen local sums, which the compiler keeps
   * in registers (a loop over the classes into an array loads and stores each sum per feature,
   * and this loop runs for every feature of every passage): the sums, and their order, are the
   * same. Classes past the model's add zero weights and are dropped.
   */
  private weightedSums(rows: Int32Array, values: Float64Array, n: number): Float64Array {
    const w = this.weights;
    let s0 = 0, s1 = 0, s2 = 0, s3 = 0, s4 = 0, s5 = 0, s6 = 0, s7 = 0;
    let s8 = 0, s9 = 0, s10 = 0, s11 = 0, s12 = 0, s13 = 0, s14 = 0, s15 = 0;
    for (let j = 0; j < n; j++) {
      const x = values[j];
      const b = rows[j] * ROW;
      s0 += x * w[b]; s1 += x * w[b + 1]; s2 += x * w[b + 2]; s3 += x * w[b + 3];
      s4 += x * w[b + 4]; s5 += x * w[b + 5]; s6 += x * w[b + 6]; s7 += x * w[b + 7];
      s8 += x * w[b + 8]; s9 += x * w[b + 9]; s10 += x * w[b + 10]; s11 += x * w[b + 11];
      s12 += x * w[b + 12]; s13 += x * w[b + 13]; s14 += x * w[b + 14]; s15 += x * w[b + 15];
    }
    return Float64Array.of(s0, s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11, s12, s13, s14, s15).subarray(0, this.artifact.classes.length);
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

/** The regression's probabilities from its logits. */
function softmax(logits: Float64Array): number[] {
  let top = -Infinity;
  for (const z of logits) top = Math.max(top, z);
  let sum = 0;
  const p = Array.from(logits, (z) => Math.exp(z - top));
  for (const e of p) sum += e;
  return p.map((e) => e / sum);
}

/** Int16 weights per feature row: 32 bytes, so a row sits inside one 64-byte cache line. */
const ROW = 16;
/** 1 + ln(c) for the counts most features have (scikit-learn's sublinear term frequency). */
const SUBLINEAR_TF = Float64Array.from({ length: 256 }, (_, c) => 1 + Math.log(c));

let shipped: TextClassifier | undefined;

/** The classifier the service ships (read once, from the working directory the service runs in). */
export function shippedClassifier(): TextClassifier {
  shipped ??= new TextClassifier(JSON.parse(readFileSync(path.join(process.cwd(), CLASSIFIER_PATH), "utf8")) as ClassifierArtifact);
  return shipped;
}
