// The n-grams the screening classifier reads, exactly as scripts/screening/train.py reads them
// when it trains (the parity test in tests/unit/text-classifier.test.ts holds the two
// together): word 1- and 2-grams, and character 3- to 5-grams within each space-separated chunk
// padded with a space on both sides. The training script names them "w:<n-gram>" and
// "c:<n-gram>".

const INVISIBLE = /[\u00ad\u200b\u200c\u200d\u2060\ufeff]/g;
const SINGLE_QUOTES = /[\u2018\u2019\u201a\u201b\u2032\u02bc`\u00b4]/g;
const DOUBLE_QUOTES = /[\u201c\u201d\u201e\u201f\u2033]/g;
const DASHES = /[\u2010-\u2015\u2212]/g;
const DIGIT = /[0-9]/g;
const SPACE = /[ \t\n\r\f\v\u0085\u2028\u2029]+/g;
// Python's [^\W_]: letters and numbers of any script.
const WORD = /[\p{L}\p{N}]+(?:'[\p{L}\p{N}]+)*/gu;

const ASCII = /^[\x00-\x7f]*$/;
const ASCII_WORD = /[a-z0-9]+(?:'[a-z0-9]+)*/g;

export const CHAR_NGRAM_SIZES = [3, 4, 5] as const;
export const SPACE_CODE = 32;

/**
 * NFKC (folds full-width and styled letters), lower case, straight quotes and dashes, every
 * digit 0 (amounts, dates and phone numbers generalise), one space for any run of spaces.
 */
export function normalizeForFeatures(text: string): string {
  // Most letters are plain ASCII: NFKC and the curly-quote and dash folds change nothing there
  // (the backtick is the one ASCII character they fold), and skipping them is most of the cost of
  // a long letter's normalisation.
  if (ASCII.test(text)) return text.toLowerCase().replace(/`/g, "'").replace(DIGIT, "0").replace(SPACE, " ").trim();
  return text
    .normalize("NFKC")
    .replace(INVISIBLE, "")
    .toLowerCase()
    .replace(SINGLE_QUOTES, "'")
    .replace(DOUBLE_QUOTES, '"')
    .replace(DASHES, "-")
    .replace(DIGIT, "0")
    .replace(SPACE, " ")
    .trim();
}

/** Whether normalizeForFeatures folds `text` code by code (foldAsciiCode): true of ASCII text. */
export function foldsByCode(text: string): boolean {
  return ASCII.test(text);
}

/**
 * What normalizeForFeatures makes of one code of ASCII text: a space (SPACE_CODE) for any space,
 * else the code lower-cased, a digit 0, the backtick an apostrophe. It changes nothing in text
 * normalizeForFeatures has already made, so a chunk scanner can read either.
 */
export function foldAsciiCode(c: number): number {
  if (c >= 65 && c <= 90) return c + 32;
  if (c >= 48 && c <= 57) return 48;
  if (c === 96) return 39;
  return c >= 9 && c <= 13 ? SPACE_CODE : c;
}

/** The words of a normalized text, in order: its word 1-grams, and each adjacent pair a 2-gram. */
export function wordsOf(t: string): string[] {
  // For ASCII text, letters and numbers are [a-z0-9] (the text is lower-cased): a plain pattern
  // the engine scans several times faster than the Unicode property classes.
  return t.match(ASCII.test(t) ? ASCII_WORD : WORD) ?? [];
}

const ASCII_WITHOUT_BACKTICK = /^[\x00-\x5f\x61-\x7f]*$/;
const HAS_DIGIT = /[0-9]/;

/**
 * wordsOf(normalizeForFeatures(text)), without making the normalised copy when the text is plain
 * ASCII with no backtick (most letters): its words are then its lower case's, digits read 0.
 */
export function wordsOfText(text: string): string[] {
  if (!ASCII_WITHOUT_BACKTICK.test(text)) return wordsOf(normalizeForFeatures(text));
  const lower = text.toLowerCase();
  return (HAS_DIGIT.test(lower) ? lower.replace(DIGIT, "0") : lower).match(ASCII_WORD) ?? [];
}

/**
 * Calls `chunk` once per space-separated chunk of a normalized text, with its code points padded
 * by a space on both sides in `codes[0]` to `codes[length - 1]` (Python slices strings by code
 * point, so a character outside the BMP is one element). The character n-grams of a chunk are its
 * windows of CHAR_NGRAM_SIZES. `codes` is reused from chunk to chunk.
 */
export function forEachChunk(t: string, chunk: (codes: Int32Array, length: number) => void): void {
  // By index rather than split and for-of: this loop runs once per character of every letter.
  const codes = new Int32Array(t.length + 2);
  let length = 0;
  codes[length++] = SPACE_CODE;
  for (let i = 0; i < t.length; i++) {
    let c = t.charCodeAt(i);
    if (c === SPACE_CODE) {
      if (length > 1) {
        codes[length++] = SPACE_CODE;
        chunk(codes, length);
      }
      length = 1;
      continue;
    }
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < t.length) {
      const low = t.charCodeAt(i + 1);
      if (low >= 0xdc00 && low <= 0xdfff) {
        c = (c - 0xd800) * 0x400 + (low - 0xdc00) + 0x10000;
        i++;
      }
    }
    codes[length++] = c;
  }
  if (length > 1) {
    codes[length++] = SPACE_CODE;
    chunk(codes, length);
  }
}

/** Every feature of a text by its name in the artifact ("w:..." and "c:..."), as often as it occurs. */
export function featureNames(text: string): string[] {
  const t = normalizeForFeatures(text);
  const words = wordsOf(t);
  const out = [...words.map((w) => `w:${w}`), ...words.slice(1).map((w, i) => `w:${words[i]} ${w}`)];
  forEachChunk(t, (codes, length) => {
    for (const n of CHAR_NGRAM_SIZES) for (let i = 0; i + n <= length; i++) out.push(`c:${String.fromCodePoint(...codes.subarray(i, i + n))}`);
  });
  return out;
}
