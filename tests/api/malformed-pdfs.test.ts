import { describe, expect, it } from "vitest";
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, PDFString, PDFWriter } from "pdf-lib";
import { POST as postQuote } from "@/app/v1/quotes/route";
import { call, letter, randomIp } from "@/tests/support/api";
import { bombPdf, objectStreamBombPdf, validPdf } from "@/tests/support/pdfs";

// Issue 17: a damaged PDF is the sender's problem to fix, said with 400 invalid_pdf, never a 500.
// Each shape below answered 500 before: no page tree, a page tree that contains itself (a stack
// overflow), a page's box or rotation that is not a number, and random damage to a real PDF.

const quote = (pdf: Buffer) => call(postQuote, { body: letter({ text: undefined, pdf_base64: pdf.toString("base64") }), ip: randomIp() });

async function edited(edit: (doc: PDFDocument) => void): Promise<Buffer> {
  const doc = await PDFDocument.load(await validPdf(2));
  edit(doc);
  // The writer itself: doc.save() reads the page tree first, and these edits break it on purpose.
  return Buffer.from(await PDFWriter.forContext(doc.context, 50).serializeToBuffer());
}

/** A seeded generator, so that a failing mutation can be replayed. */
function prng(seed: number) {
  return () => ((seed = (seed * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}

describe("malformed PDFs are a 400, never a 500", () => {
  it("refuses with invalid_pdf: garbage after the header, no page tree, a page tree that contains itself, a bad box or rotation", async () => {
    const cases: [string, Buffer][] = [
      ["garbage after the header", Buffer.from("JVBERi0xLjQKJWdhcmJhZ2UK", "base64")],
      ["no /Pages", await edited((d) => d.catalog.delete(PDFName.of("Pages")))],
      ["/Pages not a dictionary", await edited((d) => d.catalog.set(PDFName.of("Pages"), PDFString.of("pages")))],
      ["a page tree that contains itself", await edited((d) => {
        const ref = d.catalog.get(PDFName.of("Pages"))!;
        const pages = d.context.lookup(ref) as PDFDict;
        pages.set(PDFName.of("Kids"), d.context.obj([ref, ref]));
      })],
      ["a MediaBox of words", await edited((d) => d.getPage(0).node.set(PDFName.of("MediaBox"), d.context.obj(["a", "b", "c", "d"])))],
      ["a MediaBox of two numbers", await edited((d) => d.getPage(0).node.set(PDFName.of("MediaBox"), d.context.obj([0, 0])))],
      ["a MediaBox of zero size", await edited((d) => d.getPage(0).node.set(PDFName.of("MediaBox"), d.context.obj([0, 0, 0, 0])))],
      ["a rotation of 45 degrees", await edited((d) => d.getPage(0).node.set(PDFName.of("Rotate"), PDFNumber.of(45)))],
      ["a rotation that is a string", await edited((d) => d.getPage(1).node.set(PDFName.of("Rotate"), PDFString.of("ninety")))],
      ["Kids that is not an array", await edited((d) => {
        const pages = d.context.lookup(d.catalog.get(PDFName.of("Pages"))!) as PDFDict;
        pages.set(PDFName.of("Kids"), PDFNumber.of(3));
      })],
      ["a page that is not a dictionary", await edited((d) => {
        const pages = d.context.lookup(d.catalog.get(PDFName.of("Pages"))!) as PDFDict;
        const kids = pages.lookup(PDFName.of("Kids")) as PDFArray;
        kids.set(0, PDFNumber.of(7));
      })],
    ];
    for (const [name, pdf] of cases) {
      const res = await quote(pdf);
      expect(res.status, `${name}: ${JSON.stringify(res.json)}`).toBe(400);
      expect(res.json, name).toMatchObject({ status: "failed", code: expect.stringMatching(/^(invalid_pdf|empty_document)$/) });
    }
  });

  it("answers every randomly damaged copy of a real PDF with a 200 or a 4xx envelope", async () => {
    const whole = await validPdf(2);
    const random = prng(17);
    for (let i = 0; i < 60; i++) {
      const pdf = Buffer.from(whole);
      const flips = 1 + Math.floor(random() * 20);
      for (let f = 0; f < flips; f++) pdf[8 + Math.floor(random() * (pdf.length - 8))] = Math.floor(random() * 256);
      const cut = random() < 0.2 ? pdf.subarray(0, Math.floor(pdf.length * random())) : pdf;
      const res = await quote(cut);
      expect(res.status, `mutation ${i}: ${JSON.stringify(res.json)}`).toBeLessThan(500);
      if (res.status !== 200) expect(res.json.status, `mutation ${i}`).toBe("failed");
    }
  }, 120_000);

  it("refuses a decompression bomb (1.3 MB that inflates to 1.3 GB) within a couple of seconds, without inflating it into memory", async () => {
    const bomb = await bombPdf();
    expect(bomb.length).toBeLessThan(2_000_000);
    const rssBefore = process.memoryUsage().rss;
    const started = Date.now();
    const res = await quote(bomb);
    expect(Date.now() - started).toBeLessThan(2_500);
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ status: "failed", code: "invalid_pdf", reason: expect.stringMatching(/inflates to more than 256 MB/) });
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(300 * 1024 * 1024);
  }, 60_000);

  it("refuses a bomb inside an object stream, which the PDF parser itself would inflate while loading", async () => {
    const bomb = await objectStreamBombPdf();
    expect(bomb.length).toBeLessThan(500_000);
    const started = Date.now();
    const res = await quote(bomb);
    expect(Date.now() - started).toBeLessThan(2_500);
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ code: "invalid_pdf", reason: expect.stringMatching(/inflates to more than 256 MB/) });
  }, 60_000);
});
