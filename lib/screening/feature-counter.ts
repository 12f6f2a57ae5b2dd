import { ChunkReadings, CharNgramTable, FNV_START, WordPairs, fnvStep } from "@/lib/screening/ngram-tables";
import { SPACE_CODE, foldAsciiCode, foldsByCode, forEachChunk, normalizeForFeatures, wordsOf } from "@/lib/screening/text-features";

// Counting a text's n-grams for the classifier (text-classifier.ts): which of the model's
// features (word 1- and 2-grams, character 3- to 5-grams, text-features.ts) a text has, and how
// often. The counting a long letter's screening spends most of its time in, so it runs over typed
// arrays: no Map, string or array per word (see countEach).

/** A text's feature counts, sparse: feature indexes and how often each occurs. */
export type FeatureCounts = { features: Int32Array; counts: Int32Array };

export class FeatureCounter {
  /** Every word the vocabulary uses, to a slot: its 1-gram feature (or -1) and its part in 2-grams. */
  private readonly wordSlots = new Map<string, number>();
  private readonly unigram: Int32Array;
  /** 2-grams by their two words' slots: no string is built per pair. */
  private readonly bigrams: WordPairs;
  private readonly chars: CharNgramTable;
  /** Counts per feature, reused from text to text (counting is synchronous); the reader zeroes what it read. */
  readonly counts: Int32Array;
  /** The reading of each chunk seen lately (a word with its punctuation): see readChunk. */
  private readonly chunks = new ChunkReadings(CHUNK_CACHE);
  /** The code units of the chunk being read (grown as needed). */
  private chunkCodes = new Uint16Array(256);
  /** The features counted by countEach, in the order first seen, text after text (grown as needed). */
  seen = new Int32Array(4_096);
  seenCount = 0;
  /** The counts kept by countsOfEach, one per feature of this.seen (grown with it). */
  private keptCounts = new Int32Array(4_096);
  /** The code units of the text being counted (grown as needed). */
  private sourceCodes = new Uint16Array(256);

  /** `features`: the model's feature names ("w:<n-gram>", "c:<n-gram>"), in the model's order. */
  constructor(features: string[]) {
    const chars: [string, number][] = [];
    const unigrams: [number, number][] = [];
    const bigrams: [number, number, number][] = [];
    const slotOf = (w: string) => {
      let slot = this.wordSlots.get(w);
      if (slot === undefined) this.wordSlots.set(w, (slot = this.wordSlots.size));
      return slot;
    };
    features.forEach((f, i) => {
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
    this.counts = new Int32Array(features.length);
  }

  /**
   * The counts of each text, read in one pass and kept (a long letter's paragraphs are counted
   * once, and every run of them scored from the sums): a long letter has hundreds of
   * paragraphs, and each read on its own paid for its own copy and its own arrays.
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
   * Counts every feature of each text into this.counts, and lists them in this.seen in the order
   * first seen, text after text; calls `counted` after each text with where its features are in
   * the list (the caller reads and zeroes their counts before the next text is read).
   */
  countEach(texts: string[], counted: (from: number, to: number) => void): void {
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
}

function growTo(array: Int32Array, length: number): Int32Array<ArrayBuffer> {
  const grown = new Int32Array(length);
  grown.set(array);
  return grown;
}

/** A chunk's reading: [first word's slot, last word's slot, ...features]. */
const CHUNK_FIRST_WORD = 0;
const CHUNK_LAST_WORD = 1;
const CHUNK_FEATURES = 2;
const NO_WORD = -2;
/** Chunks kept per generation (two are kept: see ChunkReadings): a few megabytes in all. */
const CHUNK_CACHE = 25_000;
