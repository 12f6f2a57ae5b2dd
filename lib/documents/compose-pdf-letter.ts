import fontkit from "@pdf-lib/fontkit";
import { PDFDocument, degrees, rgb, type PDFPage } from "pdf-lib";
import { FONT_FAMILIES, fontBytes, readingMarksBack } from "@/lib/letters/fonts";
import type { Address } from "@/lib/letters/schemas";
import type { Format } from "@/lib/letters/formats";
import { ADDRESS_AREA_BOTTOM, addressLines, recipientBlock, RETURN_BLOCK } from "@/lib/documents/address-block";
import { openWithPdfjs } from "@/lib/documents/pdfjs";

const LETTER_W = 612;
const LETTER_H = 792;
const TOLERANCE = 3; // points: exporters round 8.5 x 11 in differently

export type ComposedLetter = { pdf: Buffer; pageCount: number; notes: string[] };

/**
 * Turns a sender's (already inspected) PDF into the PDF that prints: every page on US Letter
 * and the addresses stamped on page 1 where the envelope shows them. Letter-size pages are
 * copied untouched; any other size is scaled down to fit Letter (never up) and centred, and
 * landscape pages are turned upright. Each change is described in `notes`, shown with the proof.
 */
export async function composePdfLetter(input: { source: PDFDocument; format: Format; from: Address; to: Address }): Promise<ComposedLetter> {
  const { source } = input;
  const out = await PDFDocument.create();
  out.setProducer("mail service");
  out.setCreator("mail service");
  const notes: string[] = [];
  const pages = source.getPages();
  for (let i = 0; i < pages.length; i++) {
    const page = pages[i];
    if (isUprightLetter(page)) {
      const [copy] = await out.copyPages(source, [i]);
      out.addPage(copy);
      continue;
    }
    const note = await fitToLetter(out, page, i + 1);
    if (note) notes.push(note);
  }
  const stamped = await stampAddresses(out.getPage(0), out, input);
  const pdf = Buffer.from(await out.save());
  // Read back from the file that prints, so turned and scaled pages are judged as they print.
  const covered = await senderTextInAddressArea(pdf, stamped);
  if (covered) {
    notes.push(`Page 1 has text in its top ${ADDRESS_AREA_BOTTOM / 72} inches ("${covered}"), where the addresses print; the address blocks cover it. Leave that area blank to keep it visible.`);
  }
  return { pdf, pageCount: out.getPageCount(), notes };
}

function displayedSize(page: PDFPage): { width: number; height: number; rotation: number } {
  const box = page.getCropBox();
  const rotation = ((page.getRotation().angle % 360) + 360) % 360;
  const quarter = rotation === 90 || rotation === 270;
  return { width: quarter ? box.height : box.width, height: quarter ? box.width : box.height, rotation };
}

function isLetterSize(width: number, height: number): boolean {
  return Math.abs(width - LETTER_W) <= TOLERANCE && Math.abs(height - LETTER_H) <= TOLERANCE;
}

/** A page we can copy as it is and stamp at fixed coordinates: Letter, upright, box at the origin. */
function isUprightLetter(page: PDFPage): boolean {
  const box = page.getCropBox();
  const { width, height, rotation } = displayedSize(page);
  return rotation === 0 && isLetterSize(width, height) && Math.abs(box.x) < 1 && Math.abs(box.y) < 1;
}

/** Redraws a page upright on Letter; says what changed, or null when it looks the same. */
async function fitToLetter(out: PDFDocument, page: PDFPage, n: number): Promise<string | null> {
  const box = page.getCropBox();
  const shown = displayedSize(page);
  const landscape = shown.width > shown.height;
  // Total clockwise turn: the page's own /Rotate, plus a quarter turn to stand landscape upright.
  const turn = (shown.rotation + (landscape ? 90 : 0)) % 360;
  const quarter = turn === 90 || turn === 270;
  const finalW = quarter ? box.height : box.width;
  const finalH = quarter ? box.width : box.height;
  const scale = Math.min(1, LETTER_W / finalW, LETTER_H / finalH);

  const embedded = await out.embedPage(page, { left: box.x, bottom: box.y, right: box.x + box.width, top: box.y + box.height });
  const target = out.addPage([LETTER_W, LETTER_H]);
  const w = box.width * scale;
  const h = box.height * scale;
  // Rotating by -turn about the drawing origin moves the page out of the first quadrant;
  // shift it back, then centre it.
  const shift = { 0: [0, 0], 90: [0, w], 180: [w, h], 270: [h, 0] }[turn as 0 | 90 | 180 | 270];
  target.drawPage(embedded, {
    x: (LETTER_W - finalW * scale) / 2 + shift[0],
    y: (LETTER_H - finalH * scale) / 2 + shift[1],
    xScale: scale,
    yScale: scale,
    rotate: degrees(-turn),
  });
  if (isLetterSize(shown.width, shown.height)) return null;
  const size = `${inches(shown.width)} × ${inches(shown.height)} in`;
  const how = scale < 1 ? `scaled to ${Math.floor(scale * 100)}%` : "centred";
  return `Page ${n} is ${size}, not US Letter (8.5 × 11 in): it was ${landscape ? "turned upright and " : ""}${how} to print on Letter paper.`;
}

const inches = (pt: number) => (Math.round((pt / 72) * 100) / 100).toString();

/** Prints both address blocks on page 1; returns the lines it printed. */
async function stampAddresses(page: PDFPage, out: PDFDocument, input: { format: Format; from: Address; to: Address }): Promise<Set<string>> {
  const printed = new Set<string>();
  // The text letters' sans faces, subset to the address's characters (any name the schema takes prints).
  // pdf-lib's fontkit, with accents drawn apart from their letters reading back as the text typed.
  out.registerFontkit({ create: (...args: Parameters<typeof fontkit.create>) => readingMarksBack(fontkit.create(...args)) });
  const regular = await out.embedFont(fontBytes(FONT_FAMILIES.helvetica.regular), { subset: true });
  const bold = await out.embedFont(fontBytes(FONT_FAMILIES.helvetica.bold), { subset: true });
  const blocks = [
    { ...RETURN_BLOCK, lines: addressLines(input.from), font: regular },
    { ...recipientBlock(input.format), lines: addressLines(input.to), font: bold },
  ];
  for (const block of blocks) {
    const b = { ...block, lines: block.lines.flatMap((l) => wrapLine(l, block.font, block.fontSize, block.width)) };
    const lineHeight = b.fontSize * 1.2;
    const pad = 4;
    const yTop = LETTER_H - b.top;
    // A white ground first: whatever the sender's page has there must not show through.
    page.drawRectangle({ x: b.x - pad, y: yTop - lineHeight * b.lines.length - pad, width: b.width + 2 * pad, height: lineHeight * b.lines.length + 2 * pad, color: rgb(1, 1, 1) });
    b.lines.forEach((line, i) => {
      printed.add(line);
      page.drawText(line, { x: b.x, y: yTop - lineHeight * (i + 1) + (lineHeight - b.fontSize), size: b.fontSize, font: b.font, color: rgb(0, 0, 0) });
    });
  }
  return printed;
}

/** Wraps a long address line at spaces (or anywhere, for one long word) to the block width, as the text layout does. */
function wrapLine(line: string, font: { widthOfTextAtSize(t: string, s: number): number }, size: number, width: number): string[] {
  const fits = (t: string) => font.widthOfTextAtSize(t, size) <= width;
  const out: string[] = [];
  let current = "";
  for (const word of line.split(" ")) {
    const candidate = current ? `${current} ${word}` : word;
    if (fits(candidate)) {
      current = candidate;
      continue;
    }
    if (current) out.push(current);
    current = word;
    while (!fits(current)) {
      let cut = current.length - 1;
      while (cut > 1 && !fits(current.slice(0, cut))) cut--;
      out.push(current.slice(0, cut));
      current = current.slice(cut);
    }
  }
  if (current) out.push(current);
  return out;
}

/** The first text of the sender's in the address area of page 1 (our own address lines aside), if any. */
async function senderTextInAddressArea(bytes: Buffer, ours: Set<string>): Promise<string | null> {
  const reader = await openWithPdfjs(bytes);
  try {
    const page = await reader.getPage(1);
    const [, , , top] = page.view;
    const content = await page.getTextContent();
    for (const item of content.items) {
      if (!("str" in item) || !item.str.trim() || ours.has(item.str)) continue;
      const y = item.transform[5];
      if (top - y < ADDRESS_AREA_BOTTOM) return item.str.trim().slice(0, 40);
    }
    return null;
  } finally {
    await reader.destroy();
  }
}
