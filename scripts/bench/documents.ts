// The document work of one letter, timed in-process (no HTTP, no database): what a quote
// spends before it answers. Each case runs RUNS times after one warm-up; the table shows the
// median and the slowest run, and each median as a multiple of the one-page text letter.
import { createCanvas } from "@napi-rs/canvas";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { inspectPdf } from "@/lib/documents/inspect-pdf";
import { composePdfLetter } from "@/lib/documents/compose-pdf-letter";
import { renderTextLetter } from "@/lib/documents/render-text-letter";
import { renderPage } from "@/lib/documents/proofs";
import type { Address } from "@/lib/letters/schemas";
import { round } from "./util";

const RUNS = 7;
const TO: Address = { name: "Ada Lovelace", line1: "12 MAIN ST", line2: undefined, city: "ALBANY", state: "NY", zip: "12207", country: "US" };
const FROM: Address = { name: "Charles Babbage", line1: "1 ENGINE ROW", line2: undefined, city: "TROY", state: "NY", zip: "12180", country: "US" };

export type DocumentRow = { case: string; medianMs: number; maxMs: number; xOnePage: number };

/** A 10 MB, 20-page PDF: a photo-like JPEG and a paragraph on every page, as scanned letters are. */
async function tenMegabytePdf(): Promise<Buffer> {
  const canvas = createCanvas(1100, 1400);
  const ctx = canvas.getContext("2d");
  const image = ctx.createImageData(canvas.width, canvas.height);
  for (let i = 0; i < image.data.length; i++) image.data[i] = (Math.random() * 256) | 0;
  ctx.putImageData(image, 0, 0);
  const jpeg = canvas.toBuffer("image/jpeg", 92);
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  // Just under the 10 MB limit, with room for the page structure around the images.
  const pages = Math.max(1, Math.floor((10 * 1024 * 1024 - 64 * 1024) / (jpeg.length + 512)));
  for (let n = 0; n < pages; n++) {
    const page = doc.addPage([612, 792]);
    // A fresh copy of the image per page, as a scanner writes it: the file really is 10 MB.
    const img = await doc.embedJpg(jpeg);
    page.drawImage(img, { x: 72, y: 200, width: 468, height: 400 });
    page.drawText(`Scanned page ${n + 1}`, { x: 72, y: 650, size: 12, font });
  }
  return Buffer.from(await doc.save());
}

const LONG_TEXT = (() => {
  const paragraph = "The analytical engine weaves algebraic patterns just as the Jacquard loom weaves flowers and leaves. ";
  let s = "";
  while (s.length < 50_000) s += paragraph.repeat(4) + "\n\n";
  return s.slice(0, 50_000);
})();

async function time(fn: () => Promise<unknown>): Promise<{ median: number; max: number }> {
  await fn();
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await fn();
    samples.push(performance.now() - t0);
  }
  samples.sort((a, b) => a - b);
  return { median: samples[Math.floor(samples.length / 2)], max: samples[samples.length - 1] };
}

export async function benchDocuments(): Promise<{ rows: DocumentRow[]; pdfBytes: number; pdfPages: number; textPages: number }> {
  const big = await tenMegabytePdf();
  const parsed = await inspectPdf(big, "bench");
  const textPages = (await renderTextLetter({ format: "letter", text: LONG_TEXT, font: "helvetica", from: FROM, to: TO })).pageCount;
  const cases: [string, () => Promise<unknown>][] = [
    ["text letter, 1 page: lay out", () => renderTextLetter({ format: "letter", text: "Dear Ada,\n\nThe engine is ready.", font: "helvetica", from: FROM, to: TO })],
    [`text letter, 50,000 characters (${textPages} pages): lay out`, () => renderTextLetter({ format: "letter", text: LONG_TEXT, font: "helvetica", from: FROM, to: TO })],
    [`10 MB PDF (${parsed.getPageCount()} pages): validate and count pages`, () => inspectPdf(big, "bench")],
    ["10 MB PDF: make the print file (copy pages, stamp addresses)", async () => composePdfLetter({ source: await inspectPdf(big, "bench"), format: "letter_windowed", from: FROM, to: TO })],
    ["proof thumbnail: page 1 of the 10 MB PDF to PNG", () => renderPage(big)],
  ];
  const rows: DocumentRow[] = [];
  let base = 0;
  for (const [name, fn] of cases) {
    const t = await time(fn);
    base ||= t.median;
    rows.push({ case: name, medianMs: round(t.median, 1), maxMs: round(t.max, 1), xOnePage: round(t.median / base, 1) });
  }
  return { rows, pdfBytes: big.length, pdfPages: parsed.getPageCount(), textPages };
}

export function printDocumentTable(result: Awaited<ReturnType<typeof benchDocuments>>) {
  console.log(`\nDocuments (in-process, ${RUNS} runs each after a warm-up; 10 MB PDF = ${result.pdfBytes.toLocaleString("en-US")} bytes):`);
  console.table(result.rows.map((r) => ({ case: r.case, "median ms": r.medianMs, "max ms": r.maxMs, "x 1-page text": r.xOnePage })));
}
