import { CHAR_NGRAM_SIZES } from "@/lib/screening/text-features";

// The classifier's look-up tables, as open-addressing hash tables over typed arrays: a long
// letter makes a few hundred thousand look-ups, and a Map keyed by strings (or by numbers above
// 2^31, which are boxed) costs a string, a hash and an allocation for each. Written by hand: no
// maintained package offers hash tables over typed arrays keyed like these.

/** FNV-1a: the hash of no code units, and one step (the hash of a run, extended by one more). */
export const FNV_START = 0x811c9dc5 | 0;
const FNV_PRIME = 0x01000193;

export function fnvStep(hash: number, code: number): number {
  return Math.imul(hash ^ code, FNV_PRIME);
}

const SHORTEST = CHAR_NGRAM_SIZES[0];
const LONGEST = CHAR_NGRAM_SIZES[CHAR_NGRAM_SIZES.length - 1];

/**
 * The model's character n-grams in an open-addressing hash table over typed arrays, keyed by an
 * FNV-1a hash of their code points. A 50,000-character letter has about 150,000 windows; looking
 * each up as a string in a Map costs a string and a hash per window (about 15 ms here), this
 * about a tenth of that. A hash match is confirmed code point by code point, so two n-grams
 * that share a hash are never confused. (Written by hand: no maintained package does this.)
 */
export class CharNgramTable {
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
      let h = FNV_START;
      points.forEach((c, d) => {
        h = fnvStep(h, c);
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
      let h = FNV_START;
      for (let d = 0; d < LONGEST && i + d < length; d++) {
        h = fnvStep(h, codes[i + d]);
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

/** Word 2-grams by their two words' slots: the feature index of (a, b), or -1. */
export class WordPairs {
  /** Per slot: a + 1 (0 empty), b, feature. */
  private readonly slots: Int32Array;
  private readonly mask: number;

  constructor(pairs: [number, number, number][]) {
    let size = 1;
    while (size < pairs.length * 2) size *= 2;
    this.slots = new Int32Array(size * 3);
    this.mask = size - 1;
    for (const [a, b, feature] of pairs) {
      let slot = pairHash(a, b) & this.mask;
      while (this.slots[slot * 3] !== 0) slot = (slot + 1) & this.mask;
      this.slots[slot * 3] = a + 1;
      this.slots[slot * 3 + 1] = b;
      this.slots[slot * 3 + 2] = feature;
    }
  }

  get(a: number, b: number): number {
    const { slots, mask } = this;
    for (let slot = pairHash(a, b) & mask; slots[slot * 3] !== 0; slot = (slot + 1) & mask) {
      if (slots[slot * 3] === a + 1 && slots[slot * 3 + 1] === b) return slots[slot * 3 + 2];
    }
    return -1;
  }
}

function pairHash(a: number, b: number): number {
  const h = Math.imul(a, 0x9e3779b1) ^ Math.imul(b, 0x85ebca6b);
  return h ^ (h >>> 15);
}

/**
 * What each chunk seen lately (a word with its punctuation) reads as, keyed by its code units: a
 * letter repeats its chunks ("the" is in every letter; a 50,000-character letter has about a
 * third as many distinct chunks as chunks), so each is read once. Two generations of `capacity`
 * chunks each: when the newer is full it becomes the older, and the older is dropped; a chunk
 * found only in the older is copied into the newer. So the chunks every letter uses stay, and no
 * letter finds the store empty (with one generation emptied when full, a letter screened just
 * after paid for reading all its chunks again: measured, a few milliseconds, in the slowest
 * percent of long letters). A chunk longer than MAX_CHUNK code units is read each time.
 */
export class ChunkReadings {
  private newer: ChunkTable;
  private older: ChunkTable;

  constructor(capacity: number) {
    this.newer = new ChunkTable(capacity);
    this.older = new ChunkTable(capacity);
  }

  /** The newer generation's entries: what find and add return offsets into. */
  get entries(): Int32Array {
    return this.newer.entries;
  }

  /**
   * Where the reading of the chunk in `codes[0]` to `codes[length - 1]` (its hash `hash`) starts
   * in `entries` (its length just before it), or -1.
   */
  find(codes: Uint16Array, length: number, hash: number): number {
    const at = this.newer.find(codes, length, hash);
    if (at >= 0) return at;
    const old = this.older.find(codes, length, hash);
    if (old < 0) return -1;
    const { entries } = this.older;
    return this.add(codes, length, hash, entries.subarray(old, old + entries[old - 1]));
  }

  /** Keeps `reading` for the chunk, and returns where it starts, as find does; -1 when the chunk is too long to keep. */
  add(codes: Uint16Array, length: number, hash: number, reading: Int32Array): number {
    if (length > MAX_CHUNK) return -1;
    if (!this.newer.fits(length, reading.length)) {
      const dropped = this.older;
      this.older = this.newer;
      this.newer = dropped.cleared();
      // The reading may be a view of the generation just dropped (a chunk copied from the older).
      reading = reading.slice();
    }
    return this.newer.add(codes, length, hash, reading);
  }
}

/** One generation of ChunkReadings: an open-addressing table over one array of entries. */
class ChunkTable {
  /** Per slot: where its entry starts in `entries` + 1 (0 empty), the full hash. */
  private readonly slots: Int32Array;
  private readonly mask: number;
  /** Per entry: its key's length, the key's code units, the reading's length, the reading. */
  readonly entries: Int32Array;
  private used = 0;
  private count = 0;

  constructor(private readonly capacity: number) {
    let size = 1;
    while (size < capacity * 2) size *= 2;
    this.slots = new Int32Array(size * 2);
    this.mask = size - 1;
    this.entries = new Int32Array(capacity * 32);
  }

  find(codes: Uint16Array, length: number, hash: number): number {
    const { slots, mask, entries } = this;
    for (let slot = hash & mask; slots[slot * 2] !== 0; slot = (slot + 1) & mask) {
      if (slots[slot * 2 + 1] !== hash) continue;
      const at = slots[slot * 2] - 1;
      if (entries[at] === length && sameKey(entries, at + 1, codes, length)) return at + length + 2;
    }
    return -1;
  }

  fits(length: number, readingLength: number): boolean {
    return this.count < this.capacity && this.used + length + 2 + readingLength <= this.entries.length;
  }

  /** Keeps the entry, and returns where its reading starts; -1 when it does not fit. */
  add(codes: Uint16Array, length: number, hash: number, reading: Int32Array): number {
    if (!this.fits(length, reading.length)) return -1;
    const at = this.used;
    const { entries } = this;
    entries[at] = length;
    for (let k = 0; k < length; k++) entries[at + 1 + k] = codes[k];
    entries[at + 1 + length] = reading.length;
    entries.set(reading, at + 2 + length);
    this.used += length + 2 + reading.length;
    this.count++;
    let slot = hash & this.mask;
    while (this.slots[slot * 2] !== 0) slot = (slot + 1) & this.mask;
    this.slots[slot * 2] = at + 1;
    this.slots[slot * 2 + 1] = hash;
    return at + length + 2;
  }

  cleared(): this {
    this.slots.fill(0);
    this.used = 0;
    this.count = 0;
    return this;
  }
}

function sameKey(entries: Int32Array, from: number, codes: Uint16Array, length: number): boolean {
  for (let k = 0; k < length; k++) if (entries[from + k] !== codes[k]) return false;
  return true;
}

/** The longest chunk kept, in code units: longer ones (a URL, a line of dashes) are rare. */
const MAX_CHUNK = 64;
