import { createHash } from "node:crypto";
import { faceCovers, letterHeight, type HandwritingStyle } from "@/lib/letters/fonts";

// A notecard's message, laid out and written as a hand would: in the handwriting face, and for
// `pen` letter by letter, each letter one of the face's three drawn forms (Caveat has two
// alternates for every letter: a double "ll" never prints as two copies of one glyph), sitting a
// little above or below the line, a little larger or smaller, a little turned, each line not
// quite level. The variation is drawn from a generator seeded by the card's content, so the
// quote's proof, the order's proof and the printed card are one drawing. PDFKit lays out whole
// lines only in one face and one size, so the lines are broken here.

/** Registered font names the drawing uses (render-text-letter registers them). */
export const HAND_FONT = "hand";
export const HAND_FALLBACK_FONT = "hand-fallback";

export type MessageBox = { x: number; y: number; width: number; height: number };

/** One letter as it will be drawn (a grapheme: a base and its accents stay together). */
type Stroke = { text: string; features: string[]; scale: number; rise: number; turn: number; advance: number };
type Word = { font: string; size: number; strokes: Stroke[]; width: number };
type Line = { words: Word[]; indent: number; slope: number };

export type HandwritingPlan = {
  lines: Line[];
  lineHeight: number;
  /** The height the message needs; more than the box's means it does not fit. */
  height: number;
};

const ALTERNATES: string[][] = [[], ["ss01"], ["ss02"]];
const LINE_GAP = 2;

/** Lays the message out in the box's width: the words, the lines, and every letter's variation. */
export function planHandwriting(doc: PDFKit.PDFDocument, text: string, style: HandwritingStyle, box: MessageBox, seed: string): HandwritingPlan {
  const random = seededRandom(seed);
  const lineHeight = doc.font(HAND_FONT).fontSize(style.size).currentLineHeight(true) + LINE_GAP;
  const spaceWidth = doc.widthOfString(" ");
  const lines: Line[] = [];
  const newLine = (): Line => ({
    words: [],
    indent: style.natural ? random() * 2 : 0,
    slope: style.natural ? (random() - 0.5) * 0.012 : 0,
  });

  for (const paragraph of text.split("\n")) {
    let line = newLine();
    let used = 0;
    for (const piece of paragraph.split(" ").filter((w) => w !== "")) {
      for (const word of breakToWidth(doc, writeWord(doc, piece, style, random), style, box.width)) {
        const gap = line.words.length === 0 ? 0 : spaceWidth * (style.natural ? 0.85 + random() * 0.3 : 1);
        if (line.words.length > 0 && used + gap + word.width > box.width - line.indent) {
          lines.push(line);
          line = newLine();
          used = 0;
        } else {
          used += gap;
        }
        line.words.push(word);
        used += word.width;
      }
    }
    lines.push(line);
  }
  return { lines, lineHeight, height: lines.length * lineHeight };
}

/** Draws a plan that fits its box, in the style's ink. */
export function drawHandwriting(doc: PDFKit.PDFDocument, plan: HandwritingPlan, style: HandwritingStyle, box: MessageBox): void {
  doc.fillColor(style.ink);
  const spaceWidth = doc.font(HAND_FONT).fontSize(style.size).widthOfString(" ");
  plan.lines.forEach((line, i) => {
    const baseline = box.y + i * plan.lineHeight + ascent(doc, HAND_FONT, style.size);
    let x = box.x + line.indent;
    for (const word of line.words) {
      if (!style.natural) {
        doc.font(word.font).fontSize(word.size).text(word.strokes.map((s) => s.text).join(""), x, baseline - ascent(doc, word.font, word.size), { lineBreak: false });
      } else {
        let at = x;
        // Drawn letter by letter, the word would read back (copied from the PDF, or read aloud) as
        // letters apart: the marked span says which text its strokes are.
        doc.markContent("Span", { actual: word.strokes.map((s) => s.text).join("") });
        for (const s of word.strokes) {
          const size = word.size * s.scale;
          doc.save();
          doc.translate(at, baseline + s.rise + (at - box.x) * line.slope).rotate(s.turn);
          doc.font(word.font).fontSize(size).text(s.text, 0, -ascent(doc, word.font, size), { lineBreak: false, features: s.features as PDFKit.Mixins.OpenTypeFeatures[] });
          doc.restore();
          at += s.advance;
        }
        doc.endMarkedContent();
      }
      x += word.width + spaceWidth;
    }
  });
}

/** A word's letters in the face that has them all (else the fallback, for the whole word), with a pen's variation. */
function writeWord(doc: PDFKit.PDFDocument, word: string, style: HandwritingStyle, random: () => number): Word {
  const inHand = faceCovers(style.face, word);
  const font = inHand ? HAND_FONT : HAND_FALLBACK_FONT;
  // The fallback's letters are drawn to look as tall as the hand's, not at its size.
  const size = inHand ? style.size : (style.size * letterHeight(style.face)) / letterHeight(style.fallback);
  if (!style.natural) {
    const width = doc.font(font).fontSize(size).widthOfString(word);
    return { font, size, width, strokes: [{ text: word, features: [], scale: 1, rise: 0, turn: 0, advance: width }] };
  }
  const strokes: Stroke[] = [];
  const lastForm = new Map<string, number>();
  for (const { segment } of graphemes.segment(word)) {
    // A letter's form: any of the three, but not the one the same letter had last in this word.
    let form = font === HAND_FONT ? Math.floor(random() * ALTERNATES.length) : 0;
    if (font === HAND_FONT && lastForm.get(segment) === form) form = (form + 1) % ALTERNATES.length;
    lastForm.set(segment, form);
    const scale = 0.96 + random() * 0.08;
    const features = ALTERNATES[form];
    const advance = unitAdvance(doc, style, font, segment, form) * size * scale + (random() - 0.5) * 0.4;
    strokes.push({ text: segment, features, scale, rise: (random() - 0.5) * 0.07 * style.size, turn: (random() - 0.5) * 5, advance });
  }
  return { font, size, strokes, width: strokes.reduce((sum, s) => sum + s.advance, 0) };
}

/** A word wider than the message is broken between letters, as a hand would when it runs out of card. */
function breakToWidth(doc: PDFKit.PDFDocument, word: Word, style: HandwritingStyle, width: number): Word[] {
  if (word.width <= width) return [word];
  // A script word is one stroke (drawn whole, for its joins): its letters are measured here.
  const strokes = style.natural
    ? word.strokes
    : [...graphemes.segment(word.strokes[0].text)].map(({ segment }) => ({ ...word.strokes[0], text: segment, advance: doc.font(word.font).fontSize(word.size).widthOfString(segment) }));
  const pieces: Word[] = [];
  let piece: Stroke[] = [];
  let used = 0;
  const close = () => {
    const strokes = style.natural ? piece : [{ ...piece[0], text: piece.map((p) => p.text).join(""), advance: used }];
    pieces.push({ ...word, strokes, width: used });
  };
  for (const s of strokes) {
    if (piece.length > 0 && used + s.advance > width) {
      close();
      piece = [];
      used = 0;
    }
    piece.push(s);
    used += s.advance;
  }
  close();
  return pieces;
}

const advances = new Map<string, number>();

/** A letter's width in one form at 1 pt, measured once per process (shaping a letter costs as much as drawing it). */
function unitAdvance(doc: PDFKit.PDFDocument, style: HandwritingStyle, font: string, letter: string, form: number): number {
  const key = `${style.label}\0${font}\0${form}\0${letter}`;
  let width = advances.get(key);
  if (width === undefined) {
    width = doc.font(font).fontSize(1000).widthOfString(letter, { features: ALTERNATES[form] as PDFKit.Mixins.OpenTypeFeatures[] }) / 1000;
    if (advances.size > 20_000) advances.clear(); // letters are few; a flood of rare characters must not grow it
    advances.set(key, width);
  }
  return width;
}

const graphemes = new Intl.Segmenter("en", { granularity: "grapheme" });

/** The distance from a line's top to its baseline, as PDFKit places text. */
function ascent(doc: PDFKit.PDFDocument, font: string, size: number): number {
  doc.font(font).fontSize(size);
  // PDFKit keeps the face's ascender in thousandths of the size; it has no public accessor.
  return ((doc as unknown as { _font: { ascender: number } })._font.ascender / 1000) * size;
}

/** mulberry32 over the first 32 bits of the seed's SHA-256: small, fast, and the same on every machine. */
function seededRandom(seed: string): () => number {
  let state = createHash("sha256").update(seed).digest().readUInt32LE(0);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
