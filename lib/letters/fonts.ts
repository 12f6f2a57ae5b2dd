import { readFileSync } from "node:fs";
import path from "node:path";
import * as fontkit from "fontkit";

// The fonts letters print in: Noto Sans, Noto Serif and Noto Sans Mono (SIL Open Font License,
// shipped in npm packages), embedded in every PDF we make and subset to the characters it uses.
// They cover Latin (Vietnamese included), Greek and Cyrillic, so "Nguyễn Thị Minh", "Łódź" or a
// line of Russian prints as typed. A character none of them has (Chinese, Japanese, Korean,
// emoji) is refused with a 400 that names it, before anything is priced: never a blank box on
// paper. The API's font names stay what they were (helvetica, times, courier and their aliases):
// they choose the look, sans, serif or monospace.

export type Face = { pkg: string; file: string };
const face = (pkg: string, file: string): Face => ({ pkg, file });

/**
 * `bodySize`: a letter's text size in points, chosen so that a letter lays out to about as many
 * pages (and so costs what it did) as in the PDF standard fonts these replace, whose glyphs are
 * narrower and lines tighter. Measured on 50,000 characters of prose, in letter pages: Noto Sans
 * at 10 pt 11.8 (Helvetica at 11: 11.4), Noto Serif at 9.5 11.0 (Times at 11: 10.1), Noto Sans
 * Mono at 9.5 14.6 (Courier at 11: 15.4). Noto's large x-height reads as large as the old 11 pt.
 */
export const FONT_FAMILIES = {
  helvetica: { label: "Noto Sans", bodySize: 10, regular: face("noto-sans", "400Regular/NotoSans_400Regular.ttf"), bold: face("noto-sans", "700Bold/NotoSans_700Bold.ttf") },
  times: { label: "Noto Serif", bodySize: 9.5, regular: face("noto-serif", "400Regular/NotoSerif_400Regular.ttf"), bold: face("noto-serif", "700Bold/NotoSerif_700Bold.ttf") },
  courier: { label: "Noto Sans Mono", bodySize: 9.5, regular: face("noto-sans-mono", "400Regular/NotoSansMono_400Regular.ttf"), bold: face("noto-sans-mono", "700Bold/NotoSansMono_700Bold.ttf") },
} as const;
export type FontFamily = keyof typeof FONT_FAMILIES;

/**
 * A notecard's handwriting. `script` prints in Dancing Script, a clean connected script; `pen` in
 * Caveat, a handwriting face, drawn letter by letter with the small differences of a hand (see
 * lib/documents/handwriting.ts) in ballpoint blue. Both OFL, from npm. A word with a character
 * its face lacks (Dancing Script has no Greek or Cyrillic, Caveat no Greek or Vietnamese) prints
 * whole in `fallback`, the Noto italic nearest in spirit, so every name still prints. `size` is
 * in points: each face's letters are smaller than Noto's at the same size (x-heights 0.33 and
 * 0.40 of the em against Noto's 0.54), so they print larger to read as easily.
 */
export const HANDWRITING_STYLES = {
  script: {
    label: "Dancing Script",
    face: face("dancing-script", "400Regular/DancingScript_400Regular.ttf"),
    fallback: face("noto-serif", "400Regular_Italic/NotoSerif_400Regular_Italic.ttf"),
    size: 15,
    ink: "#1f2233",
    natural: false,
  },
  pen: {
    label: "Caveat",
    face: face("caveat", "400Regular/Caveat_400Regular.ttf"),
    fallback: face("noto-sans", "400Regular_Italic/NotoSans_400Regular_Italic.ttf"),
    size: 15,
    ink: "#1f3f8f",
    natural: true,
  },
} as const;
export type HandwritingStyle = (typeof HANDWRITING_STYLES)[keyof typeof HANDWRITING_STYLES];

const ALIASES: Record<string, FontFamily> = {
  helvetica: "helvetica", arial: "helvetica", "sans-serif": "helvetica", sans: "helvetica",
  times: "times", "times new roman": "times", "times-roman": "times", serif: "times", georgia: "times",
  courier: "courier", "courier new": "courier", monospace: "courier", mono: "courier",
};

export const FONT_NAMES = Object.keys(ALIASES);

/** The family for a requested font name, or null when the name is not one we print. */
export function resolveFont(name: string | undefined): FontFamily | null {
  if (name === undefined || name.trim() === "") return "helvetica";
  return ALIASES[name.trim().toLowerCase()] ?? null;
}

/** A face's file, from the packages the service is installed with (read where it runs, as the classifier's weights are). */
export function fontFile(f: Face): string {
  return path.join(process.cwd(), "node_modules", "@expo-google-fonts", f.pkg, f.file);
}

const bytesOf = new Map<string, Buffer>();

/** A face's bytes, read once per process. */
export function fontBytes(f: Face): Buffer {
  const file = fontFile(f);
  let bytes = bytesOf.get(file);
  if (!bytes) bytesOf.set(file, (bytes = readFileSync(file)));
  return bytes;
}

/** A face opened by fontkit, as PDFKit lays text out and subsets it. */
export type OpenFace = fontkit.Font;
/** What fontkit keeps of a face, beyond its public API: the tables it has decoded, by tag. */
type FontkitInternals = { _tables: Record<string, unknown>; directory: { tables: Record<string, unknown> } };
const shared = new Map<string, OpenFace>();

/** The process's own opening of a face: what tells which characters it has, and whose decoded tables documents share. */
function sharedFace(f: Face): OpenFace {
  const file = fontFile(f);
  let face = shared.get(file);
  if (!face) shared.set(file, (face = fontkit.create(fontBytes(f)) as OpenFace));
  return face;
}

/** Tables that only describe the face, never the glyphs a document used: safe to share. */
const SHARED_TABLES = ["head", "hhea", "maxp", "OS/2", "post", "name", "cmap", "hmtx", "loca", "kern", "GDEF", "GSUB", "GPOS"];

/**
 * A face for one document. fontkit decodes a face's tables as they are first used (GSUB and GPOS
 * lookups, for every word laid out) and keeps them on the face, so a face opened per document
 * decoded them again for each: a one-page letter took 68 ms instead of 5. The face cannot be
 * shared itself: fontkit also keeps each glyph object on it, with the characters of its first
 * use, and PDFKit writes those characters into each document's ToUnicode map (a glyph first met
 * while subsetting another document has none, and would read back as garbage). So each document
 * gets a face of its own, with the decoded description tables of the process's (fontkit keeps
 * them in `_tables`, which it fills on first use; written by hand because fontkit has no API to
 * share them).
 */
export function openFace(f: Face): OpenFace {
  const model = sharedFace(f) as unknown as FontkitInternals & Record<string, unknown>;
  const face = fontkit.create(fontBytes(f)) as OpenFace;
  const tables = (face as unknown as FontkitInternals)._tables;
  for (const tag of SHARED_TABLES) if (tag in model.directory.tables) tables[tag] = model[tag];
  return readingMarksBack(face);
}

type LaysOut = { layout(...args: never[]): { glyphs: { codePoints: number[] }[] } };

/** A face (fontkit's, or pdf-lib's fork of it) whose laid-out glyphs each read back as their own part of the text (giveMarksTheirCharacters). */
export function readingMarksBack<F extends LaysOut>(face: F): F {
  const layout = face.layout.bind(face) as (...args: unknown[]) => ReturnType<F["layout"]>;
  face.layout = ((...args: unknown[]) => {
    const run = layout(...args);
    giveMarksTheirCharacters(run.glyphs);
    return run;
  }) as F["layout"];
  return face;
}

/**
 * A face may draw a letter with an accent as the plain letter and the accent (Noto draws "ị" as
 * "i" and a dot below: it places the dot better). fontkit gives the whole character to the first
 * glyph and none to the accent, and keeps that on the glyph: every plain "i" after it, and the
 * PDF's map from glyphs back to text, would read "ị" ("Minh" copied from the proof as "Mịnh").
 * Each glyph is given its own part of the character's canonical decomposition instead ("i" and
 * U+0323), which reads back as the same text.
 */
function giveMarksTheirCharacters(glyphs: { codePoints: number[] }[]) {
  for (let i = 0; i < glyphs.length; i++) {
    const base = glyphs[i];
    if (base.codePoints.length !== 1) continue;
    let marks = 0;
    while (i + 1 + marks < glyphs.length && glyphs[i + 1 + marks].codePoints.length === 0) marks++;
    if (marks === 0) continue;
    const parts = [...String.fromCodePoint(base.codePoints[0]).normalize("NFD")].map((ch) => ch.codePointAt(0)!);
    if (parts.length !== marks + 1) continue;
    parts.forEach((cp, k) => (glyphs[i + k].codePoints = [cp]));
  }
}

/** Every face a letter's addresses may print in: the regular and bold of each family (the return and recipient blocks). */
const ADDRESS_FACES: Face[] = Object.values(FONT_FAMILIES).flatMap((f) => [f.regular, f.bold]);

/**
 * The first character of `text` that the faces cannot all print, or null if they can. Line
 * breaks and tabs are layout, not characters; other control characters are never printable.
 */
export function firstUnprintableCharacter(text: string, faces: Face[] = ADDRESS_FACES): string | null {
  for (const ch of text) {
    if (ch === "\n" || ch === "\r" || ch === "\t") continue;
    const cp = ch.codePointAt(0)!;
    if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0) || !faces.every((f) => sharedFace(f).hasGlyphForCodePoint(cp))) return ch;
  }
  return null;
}

/** The face that must hold every character of a letter's text: its family's regular, or for a notecard its handwriting's fallback (the handwriting face itself may lack some: those words print in the fallback). */
export function bodyFace(notecard: boolean, family: FontFamily, handwriting: keyof typeof HANDWRITING_STYLES | undefined): Face {
  return notecard ? HANDWRITING_STYLES[handwriting ?? "script"].fallback : FONT_FAMILIES[family].regular;
}

/** Whether a face has a glyph for every character of `text`. */
export function faceCovers(f: Face, text: string): boolean {
  const opened = sharedFace(f);
  for (const ch of text) if (!opened.hasGlyphForCodePoint(ch.codePointAt(0)!)) return false;
  return true;
}

/**
 * How tall a face's letters look, in ems: the mean of its x-height and cap height. Neither alone
 * matches the eye: a script's small letters are short but wide and looped, its capitals tall.
 */
export function letterHeight(f: Face): number {
  const opened = sharedFace(f);
  return (opened.xHeight + opened.capHeight) / 2 / opened.unitsPerEm;
}

/** What the print fonts cover, for the messages that refuse a character. */
export const PRINTABLE_SCRIPTS = "Latin (Vietnamese included), Greek and Cyrillic letters, not Chinese, Japanese or Korean characters or emoji";
