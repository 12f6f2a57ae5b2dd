import { createHash } from "node:crypto";
import { ApiError } from "@/lib/errors/api-error";
import type { Address, OrderRequest } from "@/lib/letters/schemas";
import type { Handwriting } from "@/lib/letters/formats";
import { FONT_FAMILIES, FONT_NAMES, PRINTABLE_SCRIPTS, bodyFace, firstUnprintableCharacter, resolveFont, type FontFamily } from "@/lib/letters/fonts";
import { normalizeLetterText, renderTextLetter } from "@/lib/documents/render-text-letter";
import { MAX_PDF_BYTES } from "@/lib/documents/inspect-pdf";
import { composeSendersPdf } from "@/lib/documents/pdf-sandbox";
import { readUpload } from "@/lib/documents/uploads";
import { fetchPdf } from "@/lib/documents/fetch-pdf";

/** The PDF that will print, however the content arrived, and what to keep about its source. */
export type LetterDocument = {
  pdf: Buffer;
  pageCount: number;
  /** Changes we made to a sender's PDF (scaling, covered text), shown with the proof. */
  notes: string[];
  contentKind: "text" | "pdf";
  /** text | pdf_base64 | upload:<key> | pdf_url:<host> (never the full URL: it may hold a secret). */
  contentSource: string;
  contentSha256: string;
  text: string | null;
  font: FontFamily | null;
};

const sha256 = (b: string | Buffer) => createHash("sha256").update(b).digest("hex");

export async function buildLetterDocument(req: OrderRequest, to: Address, from: Address, handwriting?: Handwriting): Promise<LetterDocument> {
  if (req.text !== undefined) return textDocument(req, req.text, to, from, handwriting);

  const { bytes, origin, source } = await pdfSource(req);
  const composed = await readSendersPdf(origin, () => composeSendersPdf({ bytes, origin, format: req.format, from, to }));
  return {
    pdf: composed.pdf,
    pageCount: composed.pageCount,
    notes: composed.notes,
    contentKind: "pdf",
    contentSource: source,
    contentSha256: sha256(bytes),
    text: null,
    font: null,
  };
}

/**
 * Reading a sender's PDF is reading bytes anyone can shape: pdf-lib and pdf.js throw whatever
 * they meet (a TypeError on a missing key, a RangeError on a loop). Every such failure is the
 * document's, not ours: a 400 invalid_pdf with a reason, never a 500.
 */
async function readSendersPdf<T>(origin: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof ApiError) throw err;
    throw new ApiError("invalid_pdf", `${origin} is damaged and cannot be read. Export it to PDF again and resend it.`);
  }
}

async function textDocument(req: OrderRequest, raw: string, to: Address, from: Address, handwriting?: Handwriting): Promise<LetterDocument> {
  const font = resolveFont(req.font);
  if (!font) {
    throw new ApiError("validation_error", `Invalid request body: font: \`${req.font}\` is not a font we print; use one of ${FONT_NAMES.join(", ")}.`);
  }
  const bad = firstUnprintableCharacter(raw, [bodyFace(req.format === "notecard", font, handwriting)]);
  if (bad) {
    const cp = bad.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0");
    const printsIn = req.format === "notecard" ? "the notecard's handwriting" : FONT_FAMILIES[font].label;
    throw new ApiError("validation_error", `Invalid request body: text: the character "${bad}" (U+${cp}) cannot be printed in ${printsIn}, which prints ${PRINTABLE_SCRIPTS}. Remove it or write it out in words.`);
  }
  const text = normalizeLetterText(raw);
  const doc = await renderTextLetter({ format: req.format, text, font, handwriting, from, to });
  return { pdf: doc.pdf, pageCount: doc.pageCount, notes: [], contentKind: "text", contentSource: "text", contentSha256: sha256(`text\0${font}\0${text}`), text, font };
}

async function pdfSource(req: OrderRequest): Promise<{ bytes: Buffer; origin: string; source: string }> {
  if (req.pdf_base64 !== undefined) return { bytes: decodeBase64Pdf(req.pdf_base64), origin: "pdf_base64", source: "pdf_base64" };
  if (req.upload_key !== undefined) return { bytes: await readUpload(req.upload_key), origin: "The uploaded PDF", source: `upload:${req.upload_key}` };
  const url = new URL(req.pdf_url!);
  return { bytes: await fetchPdf(req.pdf_url!), origin: `The PDF at pdf_url`, source: `pdf_url:${url.host}` };
}

function decodeBase64Pdf(value: string): Buffer {
  // Accept what people paste: a data: URL prefix, line breaks, and the URL-safe alphabet.
  const body = value.replace(/^data:application\/pdf;base64,/i, "").replace(/\s+/g, "");
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(body) || body.length % 4 === 1) {
    throw new ApiError("invalid_pdf", "pdf_base64 is not valid base64: it may only hold A-Z, a-z, 0-9, +, / (or - and _) and = padding. Encode the PDF file's bytes with base64.");
  }
  const bytes = Buffer.from(body, body.includes("-") || body.includes("_") ? "base64url" : "base64");
  if (bytes.length > MAX_PDF_BYTES) {
    throw new ApiError("body_too_large", `pdf_base64 decodes to ${bytes.length} bytes; a PDF may be at most ${MAX_PDF_BYTES} bytes (10 MB). Larger files cannot be mailed.`);
  }
  return bytes;
}
