// The fonts a text letter may ask for. PDFKit's built-in PDF standard fonts need no files and
// print the same everywhere; they cover Windows-1252 (Western European) text.
export const FONT_FAMILIES = {
  helvetica: { regular: "Helvetica", bold: "Helvetica-Bold" },
  times: { regular: "Times-Roman", bold: "Times-Bold" },
  courier: { regular: "Courier", bold: "Courier-Bold" },
} as const;
export type FontFamily = keyof typeof FONT_FAMILIES;

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

// Windows-1252 printable characters above Latin-1's control block (0x80-0x9F).
const CP1252_EXTRAS = new Set("€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ");

/** The first character the standard fonts cannot print, or null if all can be printed. */
export function firstUnprintableCharacter(text: string): string | null {
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    if (ch === "\n" || ch === "\r" || ch === "\t") continue;
    if ((cp >= 0x20 && cp <= 0x7e) || (cp >= 0xa0 && cp <= 0xff) || CP1252_EXTRAS.has(ch)) continue;
    return ch;
  }
  return null;
}
