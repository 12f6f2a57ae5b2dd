import PDFDocument from "pdfkit";
import type { Address } from "@/lib/letters/schemas";
import type { Format, Handwriting } from "@/lib/letters/formats";
import { isLetterFormat } from "@/lib/letters/formats";
import { FONT_FAMILIES, type FontFamily } from "@/lib/letters/fonts";
import { MAX_LETTER_PAGES } from "@/lib/letters/formats";
import { ApiError } from "@/lib/errors/api-error";
import { addressLines, recipientBlock, RETURN_BLOCK } from "@/lib/documents/address-block";

export type TextLetterInput = {
  format: Format;
  text: string;
  font: FontFamily;
  handwriting?: Handwriting;
  from: Address;
  to: Address;
};

export type RenderedDocument = { pdf: Buffer; pageCount: number };

const INCH = 72;
const LETTER: [number, number] = [8.5 * INCH, 11 * INCH];
// Message side of each card, landscape for postcards. The right half of a postcard is the
// address side USPS requires; the message is confined to the left half.
const CARD_SIZES: Record<string, [number, number]> = {
  postcard_4x6: [6 * INCH, 4 * INCH],
  postcard_6x9: [9 * INCH, 6 * INCH],
  postcard_6x11: [11 * INCH, 6 * INCH],
  notecard: [5 * INCH, 7 * INCH],
};

/** Normalizes line endings and tabs so layout and the content hash see the same text. */
export function normalizeLetterText(text: string): string {
  return text.replace(/\r\n?/g, "\n").replace(/\t/g, "    ");
}

/**
 * Lays text out into the PDF that will print, and counts its pages (the count prices the
 * letter). Letters are US Letter with 1-inch margins, the address block on page one and
 * "Page n of N" footers; postcards and notecards must fit on their one message side.
 */
export async function renderTextLetter(input: TextLetterInput): Promise<RenderedDocument> {
  const text = normalizeLetterText(input.text);
  if (text.trim() === "") throw new ApiError("empty_document", "The text is blank: there is nothing to print.");
  const doc = isLetterFormat(input.format) ? layoutLetter(input, text) : layoutCard(input, text);
  const pageCount = doc.bufferedPageRange().count;
  return { pdf: await finish(doc), pageCount };
}

function newDocument(size: [number, number], margin: number) {
  return new PDFDocument({
    size,
    margin,
    bufferPages: true,
    info: { Title: "Letter", Producer: "mail service", Creator: "mail service" },
  });
}

function layoutLetter(input: TextLetterInput, text: string) {
  const fonts = FONT_FAMILIES[input.font];
  const doc = newDocument(LETTER, INCH);
  let pages = 1;
  // Stop laying out as soon as the limit is passed: 50,000 newlines would otherwise make
  // a thousand blank pages before we could refuse them.
  doc.on("pageAdded", () => {
    pages += 1;
    if (pages > MAX_LETTER_PAGES) {
      throw new ApiError("page_limit_exceeded", `The letter lays out to more than ${MAX_LETTER_PAGES} pages, the most one letter can have. Shorten it or remove blank lines.`);
    }
  });
  const width = LETTER[0] - 2 * INCH;

  const r = RETURN_BLOCK;
  doc.font(fonts.regular).fontSize(r.fontSize).text(addressLines(input.from).join("\n"), r.x, r.top, { width: r.width });
  const to = recipientBlock(input.format);
  doc.font(fonts.bold).fontSize(to.fontSize).text(addressLines(input.to).join("\n"), to.x, to.top, { width: to.width });
  doc.font(fonts.regular).fontSize(11).text(text, INCH, 3.5 * INCH, { width, lineGap: 2 });

  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0; // writing inside the margin must not start a new page
    doc.font(fonts.regular).fontSize(8).text(`Page ${i + 1} of ${range.count}`, INCH, LETTER[1] - 0.6 * INCH, { width, align: "right" });
    doc.page.margins.bottom = bottom;
  }
  return doc;
}

function layoutCard(input: TextLetterInput, text: string) {
  const size = CARD_SIZES[input.format];
  const margin = 0.25 * INCH;
  const doc = newDocument(size, margin);
  const isNotecard = input.format === "notecard";
  const fontName = isNotecard ? (input.handwriting === "pen" ? "Helvetica-Oblique" : "Times-Italic") : FONT_FAMILIES[input.font].regular;
  const fontSize = isNotecard ? 13 : input.format === "postcard_4x6" ? 10 : 12;
  const messageWidth = isNotecard ? size[0] - 2 * (0.5 * INCH) : size[0] / 2 - 2 * margin;
  const messageHeight = size[1] - 2 * (isNotecard ? 0.5 * INCH : margin);
  const x = isNotecard ? 0.5 * INCH : margin;

  doc.font(fontName).fontSize(fontSize);
  const needed = doc.heightOfString(text, { width: messageWidth, lineGap: 2 });
  if (needed > messageHeight) {
    const share = Math.max(1, Math.floor((text.length * messageHeight) / needed));
    throw new ApiError("content_too_long", `The text does not fit on a ${input.format.replace("_", " ")}: about ${share} of its ${text.length} characters fit. Shorten it, or choose a larger format or a letter.`);
  }
  doc.text(text, x, isNotecard ? 0.5 * INCH : margin, { width: messageWidth, height: messageHeight, lineGap: 2 });

  if (!isNotecard) {
    // Address side: return address top left of the right half, recipient centred below it.
    const half = size[0] / 2;
    doc.moveTo(half, margin).lineTo(half, size[1] - margin).lineWidth(0.5).stroke("#999999");
    doc.font("Helvetica").fontSize(7).fillColor("black").text(addressLines(input.from).join("\n"), half + margin, margin, { width: half - 2 * margin });
    doc.font("Helvetica-Bold").fontSize(9).text(addressLines(input.to).join("\n"), half + margin, size[1] / 2, { width: half - 2 * margin });
  }
  return doc;
}

function finish(doc: PDFKit.PDFDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on("data", (c: Buffer) => chunks.push(c));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    doc.end();
  });
}
