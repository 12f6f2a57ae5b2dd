import { readFileSync } from "node:fs";
import path from "node:path";
import { ChunkReadings, CharNgramTable, FNV_START, WordPairs, fnvStep } from "@/lib/screening/ngram-tables";
import { SPACE_CODE, foldAsciiCode, foldsByCode, forEachChunk, normalizeForFeatures, wordsOf } from "@/lib/screening/text-features";

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
  /** 2-grams by their two words' slots: no string is built per pair. */
  private readonly bigrams: WordPairs;
  /** Counts per feature, reused from letter to letter (scoring is synchronous); zeroed after use. */
  private readonly counts: Int32Array;
  /** Per feature, 1 + where it is in this.merged while parts are scored together (scoreOfShares), 0 otherwise. */
  private readonly place: Int32Array;
  /** The features of the parts scored together, their summed counts and summed sublinear counts (grown as needed). */
  private merged = { features: new Int32Array(0), counts: new Int32Array(0), partsTf: new Float64Array(0) };
  /** The TF-IDF values of the features being scored, in the order they were seen (grown as needed). */
  private values = new Float64Array(4_096);
  private rows = new Int32Array(4_096);
  private readonly chars: CharNgramTable;
  /** The reading of each chunk seen lately (a word with its punctuation): see readChunk. */
  private readonly chunks = new ChunkReadings(CHUNK_CACHE);
  /** The code units of the chunk being read (grown as needed). */
  private chunkCodes = new Uint16Array(256);
  /** The features counted by countEach, in the order first seen, text after text (grown as needed). */
  private seen = new Int32Array(4_096);
  private seenCount = 0;
  /** The counts kept by countsOfEach, one per feature of this.seen (grown with it). */
  private keptCounts = new Int32Array(4_096);
  /** The code units of the text being counted (grown as needed). */
  private sourceCodes = new Uint16Array(256);
  /** The 16-bit weights, one row of ROW per feature (see the constructor). */
  private readonly weights: Int16Array;
  private readonly scale: Float64Array;
  private readonly idf: Float64Array;
  private readonly allow: number;

  constructor(readonly artifact: ClassifierArtifact) {
    if (artifact.format !== "tfidf-logistic-regression/1") throw new Error(`unknown classifier format ${artifact.format}`);
    const chars: [string, number][] = [];
    const unigrams: [number, number][] = [];
    const bigrams: [number, number, number][] = [];
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
        else bigrams.push([slotOf(a), slotOf(b), i]);
      } else if (f.startsWith("c:")) chars.push([f.slice(2), i]);
      else throw new Error(`unknown feature kind in ${f}`);
    });
    this.unigram = new Int32Array(this.wordSlots.size).fill(-1);
    for (const [slot, i] of unigrams) this.unigram[slot] = i;
    this.chars = new CharNgramTable(chars);
    this.bigrams = new WordPairs(bigrams);
    this.counts = new Int32Array(artifact.features.length);
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
    this.countEach([text], () => {});
    return this.probabilitiesOfCounts(this.seen, this.seenCount);
  }

  /**
   * A text's feature counts, kept: a long letter's paragraphs are counted once, and every run of
   * them is then scored from the sums (scoreOfShares) instead of being read again.
   */
  countsOf(text: string): FeatureCounts {
    return this.countsOfEach([text])[0];
  }

  /**
   * The counts of each text, as countsOf gives them, read in one pass: a long letter has
   * hundreds of paragraphs, and each read on its own paid for its own copy and its own arrays.
   */
  countsOfEach(texts: string[]): FeatureCounts[] {
    if (texts.length === 0) return [];
    const ends: number[] = [];
    this.countEach(texts, (from, to) => {
      if (this.keptCounts.length < to) this.keptCounts = growTo(this.keptCounts, this.seen.length);
      const { seen, counts, keptCounts } = this;
      for (let s = from; s < to; s++) {
        keptCounts[s] = counts[seen[s]];
        counts[seen[s]] = 0;
      }
      ends.push(to);
    });
    // One pair of arrays for them all, each text's counts a view of its part.
    const used = this.seenCount;
    const features = this.seen.slice(0, used);
    const counts = this.keptCounts.slice(0, used);
    return ends.map((end, k) => {
      const start = k === 0 ? 0 : ends[k - 1];
      return { features: features.subarray(start, end), counts: counts.subarray(start, end) };
    });
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

  /**
   * Counts every feature of each text into this.counts, and lists them in this.seen in the order
   * first seen, text after text; calls `counted` after each text with where its features are in
   * the list (the caller reads and zeroes their counts before the next text is read).
   */
  private countEach(texts: string[], counted: (from: number, to: number) => void): void {
    // Counts per feature in a dense array, with the list of features seen: no Map per letter.
    // Read chunk by chunk (the text between spaces): no word and no character n-gram crosses a
    // space, and each chunk's reading is kept (readChunk), so only the 2-gram across two chunks
    // is looked up per occurrence. ASCII text (most letters) is folded code by code as it is
    // scanned, and its chunks are looked up by their codes: neither the normalized text nor its
    // chunks are built as strings.
    const sources = texts.map((text) => (foldsByCode(text) ? text : normalizeForFeatures(text)));
    const joined = sources.length === 1 ? sources[0] : sources.join(" ");
    if (this.chunkCodes.length < joined.length) {
      this.chunkCodes = new Uint16Array(joined.length * 2);
      this.sourceCodes = new Uint16Array(joined.length * 2);
    }
    const { chunks, chunkCodes: codes, sourceCodes: units } = this;
    // The texts' code units copied out in one native write: a paragraph is a slice of its letter,
    // and reading a slice code by code is a third slower than reading an array.
    const n = Buffer.from(units.buffer, units.byteOffset, units.byteLength).write(joined, "utf16le") / 2;
    let text = 0;
    let end = sources[0].length; // where the text being read ends (a space joins it to the next)
    this.seenCount = 0;
    let from = 0;
    let previous = -1;
    let length = 0;
    let hash = FNV_START;
    for (let i = 0; i <= n; i++) {
      const c = i < end ? foldAsciiCode(units[i]) : SPACE_CODE;
      if (c !== SPACE_CODE) {
        codes[length++] = c;
        hash = fnvStep(hash, c);
        continue;
      }
      if (length > 0) {
        const at = chunks.find(codes, length, hash);
        previous = at >= 0 ? this.tally(chunks.entries, at, at + chunks.entries[at - 1], previous) : this.tallyNew(codes, length, hash, previous);
        length = 0;
        hash = FNV_START;
      }
      if (i === end) {
        counted(from, this.seenCount);
        from = this.seenCount;
        if (++text === sources.length) break;
        previous = -1; // no 2-gram across two texts
        end += 1 + sources[text].length;
      }
    }
  }

  /** A chunk not read lately: read, kept, and counted. */
  private tallyNew(codes: Uint16Array, length: number, hash: number, previous: number): number {
    const read = this.readChunk(codes, length);
    const at = this.chunks.add(codes, length, hash, read);
    return at >= 0 ? this.tally(this.chunks.entries, at, at + read.length, previous) : this.tally(read, 0, read.length, previous);
  }

  /**
   * Counts a chunk's features (its reading in read[from] to read[to - 1]), and the 2-gram its
   * first word makes with the word before it (`previous`, the slot of the last word of the
   * chunks before, or -1). Returns the slot of its last word, the next chunk's `previous`.
   */
  private tally(read: Int32Array, from: number, to: number, previous: number): number {
    const { counts } = this;
    let n = this.seenCount;
    // Room for every feature of the chunk and its 2-gram with the word before.
    if (this.seen.length < n + to - from) this.seen = growTo(this.seen, (n + to - from) * 2);
    const { seen } = this;
    for (let k = from + CHUNK_FEATURES; k < to; k++) {
      const f = read[k];
      if (counts[f] === 0) seen[n++] = f;
      counts[f]++;
    }
    this.seenCount = n;
    const first = read[from + CHUNK_FIRST_WORD];
    if (first === NO_WORD) return previous; // punctuation alone: the words either side are adjacent
    if (previous >= 0 && first >= 0) {
      const pair = this.bigrams.get(previous, first);
      if (pair >= 0) {
        if (counts[pair] === 0) this.seen[this.seenCount++] = pair;
        counts[pair]++;
      }
    }
    return read[from + CHUNK_LAST_WORD];
  }

  /**
   * One chunk's reading (its code units in codes[0] to codes[length - 1]): the slots of its first
   * and last words (NO_WORD when it has none; -1 for a word the model does not know), then the
   * features found inside it: its words, its 2-grams, its character n-grams.
   */
  private readChunk(codes: Uint16Array, length: number): Int32Array {
    let chunk = "";
    for (let k = 0; k < length; k += 4_096) chunk += String.fromCharCode(...codes.subarray(k, Math.min(length, k + 4_096)));
    const found: number[] = [NO_WORD, NO_WORD];
    let previous = -1;
    wordsOf(chunk).forEach((w, n) => {
      const slot = this.wordSlots.get(w) ?? -1;
      if (slot >= 0 && this.unigram[slot] >= 0) found.push(this.unigram[slot]);
      if (slot >= 0 && previous >= 0) {
        const pair = this.bigrams.get(previous, slot);
        if (pair >= 0) found.push(pair);
      }
      if (n === 0) found[CHUNK_FIRST_WORD] = slot;
      found[CHUNK_LAST_WORD] = previous = slot;
    });
    forEachChunk(chunk, (chars, size) => this.chars.forEachIn(chars, size, (f) => found.push(f)));
    return Int32Array.from(found);
  }

  /** TF-IDF (sublinear, L2-normalised), then the regression; zeroes the counts it reads. */
  private probabilitiesOfCounts(seen: Int32Array, n: number): number[] {
    const { counts, idf } = this;
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

function growTo(array: Int32Array, length: number): Int32Array<ArrayBuffer> {
  const grown = new Int32Array(length);
  grown.set(array);
  return grown;
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
/** A chunk's reading: [first word's slot, last word's slot, ...features]. */
const CHUNK_FIRST_WORD = 0;
const CHUNK_LAST_WORD = 1;
const CHUNK_FEATURES = 2;
const NO_WORD = -2;
/** Chunks kept per generation (two are kept: see ChunkReadings): a few megabytes in all. */
const CHUNK_CACHE = 25_000;
/** 1 + ln(c) for the counts most features have (scikit-learn's sublinear term frequency). */
const SUBLINEAR_TF = Float64Array.from({ length: 256 }, (_, c) => 1 + Math.log(c));

let shipped: TextClassifier | undefined;

/** The classifier the service ships (read once, from the working directory the service runs in). */
export function shippedClassifier(): TextClassifier {
  shipped ??= new TextClassifier(JSON.parse(readFileSync(path.join(process.cwd(), CLASSIFIER_PATH), "utf8")) as ClassifierArtifact);
  return shipped;
}
