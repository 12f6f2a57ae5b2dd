import PDFDocument from "pdfkit";
import type { Address } from "@/lib/letters/schemas";
import type { Format, Handwriting } from "@/lib/letters/formats";
import { isLetterFormat } from "@/lib/letters/formats";
import { FONT_FAMILIES, HANDWRITING_STYLES, openFace, type FontFamily } from "@/lib/letters/fonts";
import { HAND_FALLBACK_FONT, HAND_FONT, drawHandwriting, planHandwriting } from "@/lib/documents/handwriting";
import { MAX_LETTER_PAGES, PAPER_INCHES } from "@/lib/letters/formats";
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
const points = (format: Format): [number, number] => [PAPER_INCHES[format][0] * INCH, PAPER_INCHES[format][1] * INCH];
const LETTER = points("letter");

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

/**
 * The document's faces, embedded from the print fonts (PDFKit subsets each to the glyphs it
 * uses). PDFKit takes a face fontkit has opened: the process's own, shared (openFace).
 */
function registerFaces(doc: PDFKit.PDFDocument, input: TextLetterInput) {
  const family = FONT_FAMILIES[input.font];
  const register = (name: string, face: Parameters<typeof openFace>[0]) => doc.registerFont(name, openFace(face) as unknown as Buffer);
  register("regular", family.regular);
  register("bold", family.bold);
  register("body", family.regular);
  if (input.format === "notecard") {
    const hand = HANDWRITING_STYLES[input.handwriting ?? "script"];
    register(HAND_FONT, hand.face);
    register(HAND_FALLBACK_FONT, hand.fallback);
  }
  register("address", FONT_FAMILIES.helvetica.regular);
  register("address-bold", FONT_FAMILIES.helvetica.bold);
}

function layoutLetter(input: TextLetterInput, text: string) {
  const doc = newDocument(LETTER, INCH);
  registerFaces(doc, input);
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
  doc.font("regular").fontSize(r.fontSize).text(addressLines(input.from).join("\n"), r.x, r.top, { width: r.width });
  const to = recipientBlock(input.format);
  doc.font("bold").fontSize(to.fontSize).text(addressLines(input.to).join("\n"), to.x, to.top, { width: to.width });
  doc.font("body").fontSize(FONT_FAMILIES[input.font].bodySize).text(text, INCH, 3.5 * INCH, { width, lineGap: 2 });

  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0; // writing inside the margin must not start a new page
    doc.font("regular").fontSize(8).text(`Page ${i + 1} of ${range.count}`, INCH, LETTER[1] - 0.6 * INCH, { width, align: "right" });
    doc.page.margins.bottom = bottom;
  }
  return doc;
}

function layoutCard(input: TextLetterInput, text: string) {
  const size = points(input.format);
  const doc = newDocument(size, 0.25 * INCH);
  registerFaces(doc, input);
  if (input.format === "notecard") writeNotecard(doc, input, text, size);
  else layoutPostcard(doc, input, text, size);
  return doc;
}

/** A notecard's message, handwritten (lib/documents/handwriting.ts) inside half-inch margins. */
function writeNotecard(doc: PDFKit.PDFDocument, input: TextLetterInput, text: string, size: [number, number]) {
  const style = HANDWRITING_STYLES[input.handwriting ?? "script"];
  const box = { x: 0.5 * INCH, y: 0.5 * INCH, width: size[0] - INCH, height: size[1] - INCH };
  // Seeded by what is written and to whom: a card's quote, proof and print are one drawing.
  const plan = planHandwriting(doc, text, style, box, JSON.stringify([input.handwriting ?? "script", text, input.to.name, input.to.line1]));
  if (plan.height > box.height) throw tooLong(input.format, text, box.height / plan.height);
  drawHandwriting(doc, plan, style, box);
}

function layoutPostcard(doc: PDFKit.PDFDocument, input: TextLetterInput, text: string, size: [number, number]) {
  const margin = 0.25 * INCH;
  // The standard fonts' sizes, scaled as a letter's body is (FONT_FAMILIES' bodySize): a card
  // holds about as much text as it did.
  const fontSize = ((input.format === "postcard_4x6" ? 10 : 12) * FONT_FAMILIES[input.font].bodySize) / 11;
  const messageWidth = size[0] / 2 - 2 * margin;
  const messageHeight = size[1] - 2 * margin;

  doc.font("body").fontSize(fontSize);
  const needed = doc.heightOfString(text, { width: messageWidth, lineGap: 2 });
  if (needed > messageHeight) throw tooLong(input.format, text, messageHeight / needed);
  doc.text(text, margin, margin, { width: messageWidth, height: messageHeight, lineGap: 2 });

  // Address side: return address top left of the right half, recipient centred below it.
  const half = size[0] / 2;
  doc.moveTo(half, margin).lineTo(half, size[1] - margin).lineWidth(0.5).stroke("#999999");
  doc.font("address").fontSize(7).fillColor("black").text(addressLines(input.from).join("\n"), half + margin, margin, { width: half - 2 * margin });
  doc.font("address-bold").fontSize(9).text(addressLines(input.to).join("\n"), half + margin, size[1] / 2, { width: half - 2 * margin });
}

/** The text is longer than the card's message side; `fits` is the share of it that fits. */
function tooLong(format: Format, text: string, fits: number): ApiError {
  const share = Math.max(1, Math.floor(text.length * fits));
  return new ApiError("content_too_long", `The text does not fit on a ${format.replace("_", " ")}: about ${share} of its ${text.length} characters fit. Shorten it, or choose a larger format or a letter.`);
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
