#!/usr/bin/env python3
"""Writes lib/screening/model/known-words.json: the words of the training letters
(tests/fixtures/screening/train/), which lib/screening/unread-passages.ts holds a letter with:
a passage made mostly of other words (a language or a spelling the corpus lacks) is read by
neither of the screener's keys, so it is held for a person.

Prints the rule's leave-one-voice-out reading (each voice read with the words of every other
voice): the bar below was chosen there, never on a blind set. Plain Python (no scikit-learn);
run by `npm run screening:train`, or alone: python3 scripts/screening/known_words.py. Reads the
letters exactly as the classifier's features do: normalize, WORD and the corpus hash are copies
of train.py's, because importing train.py needs scikit-learn and this must not (moving them to a
module both import changes train.py, whose hash is in the classifier's artifact: do it with the
next retraining).
"""
import hashlib
import json
import re
import sys
import unicodedata
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TRAIN_DIR = ROOT / "tests/fixtures/screening/train"
OUT = ROOT / "lib/screening/model/known-words.json"

# A word counts as known when at least this many training letters use it.
IN_LETTERS = 2
# A passage is this many words in a row (the whole text when shorter); fewer than MIN_WORDS
# words are not judged.
WINDOW = 20
MIN_WORDS = 3
# Chosen on the leave-one-voice-out reading printed below, never on a blind set. Letters written
# to try it, none in the corpus: German, French, Russian and Vietnamese read 0 to 0.3.
UNREAD_BELOW = 0.4

# The classifier's reading of a text (scripts/screening/train.py, lib/screening/text-features.ts).
INVISIBLE = re.compile("[\u00ad\u200b\u200c\u200d\u2060\ufeff]")
SINGLE_QUOTES = re.compile("[\u2018\u2019\u201a\u201b\u2032\u02bc`\u00b4]")
DOUBLE_QUOTES = re.compile("[\u201c\u201d\u201e\u201f\u2033]")
DASHES = re.compile("[\u2010-\u2015\u2212]")
DIGIT = re.compile("[0-9]")
SPACE = re.compile("[ \t\n\r\f\v\u0085\u2028\u2029]+")
WORD = re.compile(r"[^\W_]+(?:'[^\W_]+)*")
# Numbers (every digit reads 0): amounts, dates and reference numbers are nobody's vocabulary;
# "1st" and "w1ll" are words.
NUMBER = re.compile("[0']+")


def normalize(text):
    t = unicodedata.normalize("NFKC", text)
    t = INVISIBLE.sub("", t).lower()
    t = SINGLE_QUOTES.sub("'", t)
    t = DOUBLE_QUOTES.sub('"', t)
    t = DASHES.sub("-", t)
    t = DIGIT.sub("0", t)
    return SPACE.sub(" ", t).strip()


def words_read(text):
    return [w for w in WORD.findall(normalize(text)) if not NUMBER.fullmatch(w)]


def letters_using(words_of_letters):
    """How many letters use each word."""
    seen = Counter()
    for words in words_of_letters:
        seen.update(set(words))
    return seen


def known_of(seen):
    return {w for w, n in seen.items() if n >= IN_LETTERS}


def least_known_share(words, known):
    """The lowest share of known words in any WINDOW words in a row; 1.0 when too short to judge."""
    flags = [w in known for w in words]
    if len(flags) < MIN_WORDS:
        return 1.0
    n = min(WINDOW, len(flags))
    run = least = sum(flags[:n])
    for i in range(n, len(flags)):
        run += flags[i] - flags[i - n]
        least = min(least, run)
    return least / n


def corpus_files():
    return sorted(TRAIN_DIR.glob("*.json"))


def corpus_sha256():
    """Hash of the training files (name and bytes) and of this script: what the artifact is stale against."""
    h = hashlib.sha256()
    for f in corpus_files() + [Path(__file__).resolve()]:
        h.update(f.name.encode() + b"\0" + f.read_bytes() + b"\0")
    return h.hexdigest()


# Samples the TypeScript reader must read as this script does (tests/unit/unread-passages.test.ts).
PARITY = [
    "Dear Ada,\n\nThe engine is ready for your programme. Thank you for the lovely dinner on Sunday.\n\nCharles",
    "Дорогая Оля, пишу тебе из Бруклина. У нас всё хорошо, but the weather is cold and the children miss you.",
    "Y0u w1ll p@y th3 m0n3y by Fr1d@y 0r y0ur h0us3 burnz, 1 kn0w wh3r3 ur k1dz g0 2 sk00l",
    "ＧＩＦＴ\u200b Cards ‘now’ — call 555-0142 on the 1st",
    "Hi",
]


def main():
    letters = []
    for f in corpus_files():
        letters += json.loads(f.read_text(encoding="utf-8"))
    words = {l["id"]: words_read(l["text"]) for l in letters}
    by_voice = {}
    for l in letters:
        by_voice.setdefault(l["voice"], []).append(l)
    everyone = letters_using(words.values())
    lines, held = [], 0
    for v, ls in sorted(by_voice.items()):
        known = known_of(everyone - letters_using(words[l["id"]] for l in ls))
        shares = [least_known_share(words[l["id"]], known) for l in ls]
        n = sum(1 for s in shares if s < UNREAD_BELOW)
        held += n
        if n:
            lawful = sum(1 for s, l in zip(shares, ls) if s < UNREAD_BELOW and l["label"] == "allow")
            lines.append(f"  {v:22} {n:3} of {len(ls)} ({lawful} lawful)")
    print(f"leave-one-voice-out: {held} of {len(letters)} training letters have a passage under {UNREAD_BELOW} known words")
    print("\n".join(lines))

    known = known_of(everyone)
    artifact = {
        "format": "known-words/1",
        "corpus_sha256": corpus_sha256(),
        "in_letters": IN_LETTERS,
        "window": WINDOW,
        "min_words": MIN_WORDS,
        "unread_below": UNREAD_BELOW,
        "parity": [{"text": t, "least_known_share": least_known_share(words_read(t), known)} for t in PARITY],
        "words": sorted(known),
    }
    OUT.write_text(json.dumps(artifact, ensure_ascii=False, separators=(",", ":")) + "\n", encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)} ({len(known)} words)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
