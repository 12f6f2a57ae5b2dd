import { readFileSync } from "node:fs";
import path from "node:path";
import { wordsOfText } from "@/lib/screening/text-features";

// What the screener cannot read. Both keys read the letter through the words of the training
// letters: the classifier's n-grams and the frame's English lexicon. A passage in a language the
// corpus lacks (Russian, Vietnamese, German), or spelled to dodge it, is read as near nothing, and
// the classifier's score for near nothing is its prior: measured before this existed, a threat in
// German was mailed (harm 0.38) and lawful letters in Russian were held by chance. A passage made
// mostly of words no training letter used is therefore held for a person, never refused and never
// mailed unread. The words and the bar are an artifact of the training letters
// (scripts/screening/known_words.py writes it, and chose the bar on each voice read with every
// other voice's words; a test fails when it is older than the corpus).

const NUMBER = /^[0']+$/;
const ZERO = 48;

export type KnownWordsArtifact = {
  format: "known-words/1";
  corpus_sha256: string;
  /** A word is known when at least this many training letters use it. */
  in_letters: number;
  /** A passage: this many words in a row (the whole text when shorter). */
  window: number;
  /** Texts with fewer words are not judged. */
  min_words: number;
  /** A passage whose share of known words is below this is unread. */
  unread_below: number;
  /** Texts and the share scripts/screening/known_words.py read in their least-read passage. */
  parity: { text: string; least_known_share: number }[];
  words: string[];
};

export const KNOWN_WORDS_PATH = path.join("lib", "screening", "model", "known-words.json");

/** The least-read passage of a text: `known` of its `words` are words the screener was trained on. */
export type LeastReadPassage = { known: number; words: number; share: number };

export class KnownWords {
  private readonly words: Set<string>;

  constructor(readonly artifact: KnownWordsArtifact) {
    if (artifact.format !== "known-words/1") throw new Error(`unknown known-words format ${artifact.format}`);
    this.words = new Set(artifact.words);
  }

  /** The passage of the text with the fewest known words; null when the text is too short to judge. */
  leastRead(text: string): LeastReadPassage | null {
    // The words as the classifier reads them, less numbers (every digit reads 0): amounts, dates
    // and reference numbers are nobody's vocabulary; "1st" and "w1ll" are words. (A word starts
    // with a letter or a digit, so only one starting with 0 can be a number.)
    const words = wordsOfText(text);
    const flags = new Uint8Array(words.length);
    let count = 0;
    for (const w of words) if (w.charCodeAt(0) !== ZERO || !NUMBER.test(w)) flags[count++] = this.words.has(w) ? 1 : 0;
    if (count < this.artifact.min_words) return null;
    const n = Math.min(this.artifact.window, count);
    let run = 0;
    for (let i = 0; i < n; i++) run += flags[i];
    let least = run;
    for (let i = n; i < count; i++) {
      run += flags[i] - flags[i - n];
      if (run < least) least = run;
    }
    return { known: least, words: n, share: least / n };
  }

  /** The text's least-read passage when it is below the bar: the letter is held for a person. */
  unreadPassage(text: string): LeastReadPassage | null {
    const least = this.leastRead(text);
    return least && least.share < this.artifact.unread_below ? least : null;
  }
}

let shipped: KnownWords | undefined;

/** The words the shipped screener was trained on (read once, from the working directory the service runs in). */
export function shippedKnownWords(): KnownWords {
  shipped ??= new KnownWords(JSON.parse(readFileSync(path.join(process.cwd(), KNOWN_WORDS_PATH), "utf8")) as KnownWordsArtifact);
  return shipped;
}
