import { randomBytes } from "node:crypto";
import PDFKit from "pdfkit";
import { PDFDocument, StandardFonts } from "pdf-lib";

// Real PDFs made on the spot for the document tests: each one is what a sender might send.

type KitOptions = ConstructorParameters<typeof PDFKit>[0];

export function pdfkitPdf(pages: number, options: KitOptions = {}, text = (n: number) => `Page ${n} of a test letter.`): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFKit({ size: "LETTER", autoFirstPage: false, ...options });
    const chunks: Buffer[] = [];
    doc.on("data", (c: Buffer) => chunks.push(c));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    for (let n = 1; n <= pages; n++) {
      doc.addPage({ size: options?.size ?? "LETTER", layout: options?.layout });
      doc.fontSize(12).text(text(n), 72, 300);
    }
    doc.end();
  });
}

/** One Letter page with each text at its distance from the top edge, in points. */
export function pdfWithTextAt(lines: [string, number][]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFKit({ size: "LETTER" });
    const chunks: Buffer[] = [];
    doc.on("data", (c: Buffer) => chunks.push(c));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    for (const [text, top] of lines) doc.fontSize(12).text(text, 72, top);
    doc.end();
  });
}

export const validPdf = (pages = 1) => pdfkitPdf(pages);
export const encryptedPdf = () => pdfkitPdf(1, { userPassword: "secret", ownerPassword: "owner" });
export const a4Pdf = () => pdfkitPdf(1, { size: "A4" });
export const landscapeLetterPdf = () => pdfkitPdf(1, { size: "LETTER", layout: "landscape" });

export async function zeroPagePdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  return Buffer.from(await doc.save({ addDefaultPage: false }));
}

export async function blankPagesPdf(pages = 2): Promise<Buffer> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i++) doc.addPage([612, 792]);
  return Buffer.from(await doc.save());
}

/** A valid PDF cut short, as an interrupted download leaves it. */
export async function truncatedPdf(): Promise<Buffer> {
  const whole = await validPdf(3);
  return whole.subarray(0, Math.floor(whole.length * 0.6));
}

/** A valid PDF of about `megabytes` MB: one page with text and an incompressible stream. */
export async function hugePdf(megabytes: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  page.drawText("A very large letter.", { x: 72, y: 700, size: 12, font: await doc.embedFont(StandardFonts.Helvetica) });
  // An unreferenced stream of random bytes makes the file big without slowing rendering.
  doc.context.register(doc.context.stream(randomBytes(Math.round(megabytes * 1024 * 1024))));
  return Buffer.from(await doc.save());
}

export const notAPdf = () => Buffer.from("<!doctype html><html><body>Not a PDF</body></html>");

/**
 * A decompression bomb: a one-page PDF of about 1.3 MB whose page content is twenty Flate
 * streams of 64 MB of spaces each (1.3 GB once inflated). Valid in every other way.
 */
export async function bombPdf(streams = 20): Promise<Buffer> {
  const { deflateSync } = await import("node:zlib");
  const { PDFName } = await import("pdf-lib");
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  const spaces = deflateSync(Buffer.alloc(64 * 1024 * 1024, 0x20), { level: 9 });
  const refs = Array.from({ length: streams }, () => doc.context.register(doc.context.stream(spaces, { Filter: "FlateDecode", Length: spaces.length })));
  refs.push(doc.context.register(doc.context.stream("BT /F1 12 Tf 72 700 Td (Dear Ada) Tj ET")));
  page.node.set(PDFName.of("Contents"), doc.context.obj(refs));
  return Buffer.from(await doc.save());
}

/**
 * A bomb in an object stream, which pdf-lib inflates while it parses: a hand-written PDF of
 * about 320 KB whose /ObjStm inflates to 320 MB (written in 16 MB steps, never held whole).
 */
export async function objectStreamBombPdf(steps = 20): Promise<Buffer> {
  const { createDeflate } = await import("node:zlib");
  const deflate = createDeflate({ level: 9 });
  const out: Buffer[] = [];
  deflate.on("data", (c: Buffer) => out.push(c));
  const done = new Promise((resolve) => deflate.on("end", resolve));
  const spaces = Buffer.alloc(16 * 1024 * 1024, 0x20);
  deflate.write("5 0 ");
  for (let i = 0; i < steps; i++) await new Promise((resolve) => deflate.write(spaces, resolve));
  deflate.end("null");
  await done;
  const body = Buffer.concat(out);
  const head = [
    "%PDF-1.5",
    "1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj",
    "2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj",
    "3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 6 0 R >>\nendobj",
    "6 0 obj\n<< /Length 33 >>\nstream\nBT /F1 12 Tf 72 700 Td (hi) Tj ET\nendstream\nendobj",
    `4 0 obj\n<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${body.length} >>\nstream\n`,
  ].join("\n");
  return Buffer.concat([Buffer.from(head, "latin1"), body, Buffer.from("\nendstream\nendobj\ntrailer\n<< /Root 1 0 R /Size 7 >>\n%%EOF\n", "latin1")]);
}
