import { createInflate } from "node:zlib";
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, decodePDFRawStream } from "pdf-lib";
import { ApiError } from "@/lib/errors/api-error";
import { MAX_LETTER_PAGES } from "@/lib/letters/formats";
import { openWithPdfjs, pagePaintsSomething } from "@/lib/documents/pdfjs";

export const MAX_PDF_BYTES = 10_485_760;

/** Whether the bytes claim to be a PDF: readers accept the header anywhere in the first 1024 bytes, so do we. */
export function hasPdfHeader(bytes: Buffer): boolean {
  return bytes.subarray(0, 1024).indexOf("%PDF-") >= 0;
}

/**
 * Reads a sender's PDF and refuses, with a reason a person can act on, anything we could not
 * print faithfully: not a PDF, damaged, encrypted, no pages, every page blank, or more pages
 * than a letter may have. `origin` names where it came from in those reasons.
 */
export async function inspectPdf(bytes: Buffer, origin: string): Promise<PDFDocument> {
  if (bytes.length === 0) throw new ApiError("invalid_pdf", `${origin} is empty (0 bytes).`);
  if (bytes.length > MAX_PDF_BYTES) {
    throw new ApiError("body_too_large", `${origin} is ${bytes.length} bytes; a PDF may be at most ${MAX_PDF_BYTES} bytes (10 MB).`);
  }
  if (!hasPdfHeader(bytes)) {
    throw new ApiError("invalid_pdf", `${origin} is not a PDF${sniff(bytes)}: a PDF starts with %PDF-. Export or print the document to PDF and send that.`);
  }
  const budget = await refuseObjectStreamBombs(bytes, origin);
  let doc: PDFDocument;
  try {
    // Strict parsing: a PDF we can only half read might print half a letter.
    doc = await PDFDocument.load(bytes, { ignoreEncryption: true, throwOnInvalidObject: true, updateMetadata: false });
  } catch {
    throw new ApiError("invalid_pdf", `${origin} is damaged or incomplete and cannot be read (was the file cut short?). Export it to PDF again and resend it.`);
  }
  if (doc.isEncrypted) {
    throw new ApiError(
      "invalid_pdf",
      `${origin} is encrypted (password-protected or restricted), so it cannot be printed as sent. Remove the protection (open it and "Print to PDF", or qpdf --decrypt) and resend it.`,
    );
  }
  await refuseBombs(doc, origin, budget);
  const pageCount = readPageGeometry(doc, origin);
  if (pageCount === 0) throw new ApiError("empty_document", `${origin} has no pages.`);
  if (pageCount > MAX_LETTER_PAGES) {
    throw new ApiError("page_limit_exceeded", `${origin} has ${pageCount} pages; a letter can have at most ${MAX_LETTER_PAGES}. Split it into several letters.`);
  }
  await refuseIfBlank(bytes, pageCount, origin);
  return doc;
}

/** The most a document's compressed streams may inflate to, together: far above any letter's text and drawings, far below what hurts the process. */
export const MAX_INFLATED_BYTES = 256 * 1024 * 1024;
/** The most indirect objects a document may hold (a 100-page letter has a few thousand). */
export const MAX_PDF_OBJECTS = 200_000;
const EXPANDING = new Set(["FlateDecode", "Fl", "LZWDecode", "LZW", "RunLengthDecode", "RL"]);
const TEXTUAL = new Set(["ASCIIHexDecode", "AHx", "ASCII85Decode", "A85"]);

/**
 * Decompression bombs: a 1.5 MB PDF whose page streams inflate to gigabytes took the web
 * process to 3.7 GB and 24 s when pdf.js read it. Before anything decodes a page, every
 * Flate stream is inflated once here and only counted (a streaming inflate that keeps no
 * output), across the whole document, and reading stops at MAX_INFLATED_BYTES with a 400.
 * A stream compressed twice over, which no PDF writer makes, is refused outright. LZW and
 * RunLength streams, rare since 2000, are not counted (their expansion is bounded by the
 * format far below Flate's).
 */
async function refuseBombs(doc: PDFDocument, origin: string, budgetLeft: number): Promise<void> {
  const objects = doc.context.enumerateIndirectObjects();
  if (objects.length > MAX_PDF_OBJECTS) throw new ApiError("invalid_pdf", `${origin} holds ${objects.length.toLocaleString("en-US")} objects, more than the ${MAX_PDF_OBJECTS.toLocaleString("en-US")} a letter may have.`);
  let budget = budgetLeft;
  for (const [, object] of objects) {
    if (!(object instanceof PDFRawStream)) continue;
    const filters = filtersOf(object.dict);
    const first = filters.findIndex((f) => EXPANDING.has(f));
    if (first < 0) continue;
    if (filters.slice(first + 1).some((f) => EXPANDING.has(f))) throw new ApiError("invalid_pdf", `${origin} compresses a stream twice over, which no PDF writer does. Export it to PDF again and resend it.`);
    if (filters[first] !== "FlateDecode" && filters[first] !== "Fl") continue;
    if (filters.slice(0, first).some((f) => !TEXTUAL.has(f))) continue;
    // Text encodings before the Flate layer only shrink the data: decode them to reach it.
    const data = first === 0 ? object.contents : decodePDFRawStream(PDFRawStream.of(withFilters(object.dict, filters.slice(0, first)), object.contents)).decode();
    const size = await inflatedSize(data, budget);
    if (size === null) throw bombError(origin);
    budget -= size;
  }
}

/**
 * The same count for object streams, on the raw bytes before pdf-lib parses anything: pdf-lib
 * inflates object streams (/Type /ObjStm) while it loads, in memory and without a limit (a
 * 320 KB file with a 320 MB object stream took 4.8 s and 440 MB to load). Every other stream
 * is counted once, after loading, by refuseBombs. Returns what is left of the budget.
 */
async function refuseObjectStreamBombs(bytes: Buffer, origin: string): Promise<number> {
  let budget = MAX_INFLATED_BYTES;
  const STREAM = /stream\r?\n/g;
  const text = bytes.toString("latin1");
  for (let m = STREAM.exec(text); m; m = STREAM.exec(text)) {
    if (text.startsWith("end", m.index - 3)) continue; // the word "endstream" itself
    const start = m.index + m[0].length;
    const end = text.indexOf("endstream", start);
    if (end < 0) break;
    STREAM.lastIndex = end + 9;
    const dictionary = text.slice(Math.max(0, text.lastIndexOf(" obj", m.index), m.index - 4096), m.index);
    if (!/\/Type\s*\/ObjStm/.test(dictionary)) continue;
    const size = await inflatedSize(bytes.subarray(start, end), budget);
    if (size === null) throw bombError(origin);
    budget -= size;
  }
  return budget;
}

const bombError = (origin: string) =>
  new ApiError("invalid_pdf", `${origin} inflates to more than ${MAX_INFLATED_BYTES / 1024 / 1024} MB when opened (a decompression bomb, or a document far larger than any letter), so it is not read. Export the letter to PDF again and resend it.`);

function filtersOf(dict: PDFDict): string[] {
  const f = dict.lookup(PDFName.of("Filter"));
  if (f instanceof PDFName) return [f.decodeText()];
  if (f instanceof PDFArray) return f.asArray().map((x) => (x instanceof PDFName ? x.decodeText() : ""));
  return [];
}

function withFilters(dict: PDFDict, filters: string[]): PDFDict {
  const copy = dict.clone();
  copy.set(PDFName.of("Filter"), dict.context.obj(filters.map((f) => PDFName.of(f))));
  copy.delete(PDFName.of("DecodeParms"));
  return copy;
}

/** How many bytes `data` inflates to, counted as it streams and kept nowhere; null past `limit`. */
function inflatedSize(data: Uint8Array, limit: number): Promise<number | null> {
  return new Promise((resolve) => {
    const inflate = createInflate();
    let total = 0;
    let done = false;
    const finish = (v: number | null) => {
      if (done) return;
      done = true;
      inflate.destroy();
      resolve(v);
    };
    inflate.on("data", (chunk: Buffer) => {
      total += chunk.length;
      if (total > limit) finish(null);
    });
    inflate.on("end", () => finish(total));
    // A damaged stream inflates as far as it can, as pdf.js reads it: what came out is counted.
    inflate.on("error", () => finish(total));
    inflate.end(data);
  });
}

/**
 * Walks the page tree and reads every page's boxes and rotation, as composing the letter will:
 * pdf-lib's loader checks objects one by one, not the tree they form, so a document with no
 * page tree, a tree that contains itself (a stack overflow), a page that is not a dictionary,
 * or a box of words fails here, with a reason, instead of deep inside the composition.
 */
function readPageGeometry(doc: PDFDocument, origin: string): number {
  const damaged = (what: string) => new ApiError("invalid_pdf", `${origin} is damaged: ${what}. Export it to PDF again and resend it.`);
  let pages;
  try {
    pages = doc.getPages();
  } catch {
    throw damaged("its page tree cannot be read");
  }
  pages.forEach((page, i) => {
    let box, crop, angle;
    try {
      box = page.getMediaBox();
      crop = page.getCropBox();
      angle = page.getRotation().angle;
    } catch {
      throw damaged(`page ${i + 1} cannot be read`);
    }
    const sane = (b: { x: number; y: number; width: number; height: number }) =>
      [b.x, b.y, b.width, b.height].every(Number.isFinite) && b.width >= 1 && b.height >= 1 && b.width <= 14_400 && b.height <= 14_400;
    if (!sane(box) || !sane(crop)) throw damaged(`page ${i + 1} has no usable size (its MediaBox or CropBox)`);
    if (!Number.isFinite(angle) || angle % 90 !== 0) throw damaged(`page ${i + 1} is turned by ${String(angle)} degrees (a page turns by a multiple of 90)`);
  });
  return pages.length;
}

async function refuseIfBlank(bytes: Buffer, pageCount: number, origin: string): Promise<void> {
  let reader;
  try {
    reader = await openWithPdfjs(bytes);
  } catch {
    throw new ApiError("invalid_pdf", `${origin} is damaged and cannot be read. Export it to PDF again and resend it.`);
  }
  try {
    for (let n = 1; n <= pageCount; n++) {
      if (await pagePaintsSomething(reader, n)) return;
    }
  } catch {
    throw new ApiError("invalid_pdf", `${origin} has a page that cannot be read. Export it to PDF again and resend it.`);
  } finally {
    await reader.destroy();
  }
  throw new ApiError("empty_document", `${pageCount === 1 ? "The only page" : `All ${pageCount} pages`} of ${origin} ${pageCount === 1 ? "is" : "are"} blank: there is nothing to print.`);
}

/** What a non-PDF file most likely is, for the error message. */
function sniff(bytes: Buffer): string {
  const head = bytes.subarray(0, 512).toString("latin1").trimStart().toLowerCase();
  if (head.startsWith("<!doctype html") || head.startsWith("<html")) return " (it is a web page)";
  if (bytes[0] === 0x89 && head.startsWith("\x89png")) return " (it is a PNG image)";
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return " (it is a JPEG image)";
  if (head.startsWith("pk\x03\x04")) return " (it is a ZIP file, such as a Word .docx)";
  if (head.startsWith("{") || head.startsWith("[")) return " (it is JSON)";
  return "";
}
