import { describe, expect, it } from "vitest";
import { POST as postQuote } from "@/app/v1/quotes/route";
import { POST as postOrder } from "@/app/v1/orders/route";
import { GET as getOrder } from "@/app/v1/orders/[id]/route";
import { GET as getProof } from "@/app/v1/proofs/[file]/route";
import { db } from "@/lib/db";
import { extractPdfText, openWithPdfjs } from "@/lib/documents/pdfjs";
import { call, letter, randomIp } from "@/tests/support/api";
import { a4Pdf, blankPagesPdf, encryptedPdf, landscapeLetterPdf, notAPdf, truncatedPdf, validPdf, zeroPagePdf, pdfWithTextAt, hugePdf } from "@/tests/support/pdfs";

const b64 = (b: Buffer) => b.toString("base64");
const pdfLetter = (pdf: Buffer, over: Record<string, unknown> = {}) => letter({ text: undefined, pdf_base64: b64(pdf), ...over });

async function fetchProof(url: string) {
  const file = new URL(url).pathname.split("/").pop()!;
  const res = await getProof(new Request(url, { headers: { "x-mail-client-ip": randomIp() } }), { params: Promise.resolve({ file }) });
  return { status: res.status, type: res.headers.get("content-type"), bytes: Buffer.from(await res.arrayBuffer()), headers: res.headers };
}

/** Text runs of a page with their position: x from the left, top from the top edge, in points. */
async function textRuns(pdf: Buffer, pageNumber = 1) {
  const doc = await openWithPdfjs(pdf);
  try {
    const page = await doc.getPage(pageNumber);
    const top = page.view[3];
    const content = await page.getTextContent();
    return {
      pages: doc.numPages,
      size: [page.view[2], page.view[3]],
      runs: content.items.filter((i) => "str" in i && i.str.trim()).map((i: any) => ({ str: i.str as string, x: i.transform[4] as number, top: top - (i.transform[5] as number) })),
    };
  } finally {
    await doc.destroy();
  }
}

describe("PDF letters by pdf_base64", () => {
  it("prices by the PDF's page count and returns a proof: the exact PDF that prints, and a PNG of page 1", async () => {
    const res = await call(postQuote, { body: pdfLetter(await validPdf(3)) });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.quote).toMatchObject({ page_count: 3, price_cents: 99 + 2 * 15 });
    expect(res.json.proof).toMatchObject({ page_count: 3, notes: [] });
    expect(res.json.proof.pdf_url).toMatch(/^http:\/\/mail\.test\/v1\/proofs\/pf_[0-9a-z]{24}\.pdf$/);
    expect(res.json.proof.thumbnail_url).toBe(res.json.proof.pdf_url.replace(/\.pdf$/, ".png"));

    const pdf = await fetchProof(res.json.proof.pdf_url);
    expect(pdf.status).toBe(200);
    expect(pdf.type).toBe("application/pdf");
    const page1 = await textRuns(pdf.bytes);
    expect(page1.pages).toBe(3);
    expect(page1.size).toEqual([612, 792]);
    const texts = page1.runs.map((r) => r.str);
    expect(texts).toContain("Page 1 of a test letter.");
    // The addresses are stamped where the envelope shows them.
    const recipient = page1.runs.find((r) => r.str === "Ada Lovelace")!;
    expect(recipient).toBeDefined();
    expect(recipient.x).toBeCloseTo(72, 0);
    expect(recipient.top).toBeGreaterThan(144);
    expect(recipient.top).toBeLessThan(144 + 20);
    expect(texts).toContain("Charles Babbage");

    const png = await fetchProof(res.json.proof.thumbnail_url);
    expect(png.status).toBe(200);
    expect(png.type).toBe("image/png");
    expect(png.bytes.subarray(1, 4).toString()).toBe("PNG");
    expect(png.bytes.readUInt32BE(16)).toBe(480); // IHDR width
    expect(png.bytes.readUInt32BE(20)).toBe(621); // 480 * 11 / 8.5
    // The second read is the stored thumbnail, byte for byte.
    expect((await fetchProof(res.json.proof.thumbnail_url)).bytes.equals(png.bytes)).toBe(true);
  });

  it("serves every page of the proof as a PNG (?page=N), and names the pages there are when asked for one past the last", async () => {
    const res = await call(postQuote, { body: pdfLetter(await validPdf(3)) });
    const url = res.json.proof.thumbnail_url as string;
    const pages = [];
    for (const n of [1, 2, 3]) {
      const png = await fetchProof(`${url}?page=${n}`);
      expect(png.status, `page ${n}`).toBe(200);
      expect(png.type).toBe("image/png");
      expect(png.bytes.readUInt32BE(16)).toBe(480);
      pages.push(png.bytes);
    }
    // Page 1 by number is the thumbnail; each page is its own drawing, and stays the same when read again.
    expect(pages[0].equals((await fetchProof(url)).bytes)).toBe(true);
    expect(pages[1].equals(pages[0])).toBe(false);
    expect(pages[2].equals(pages[1])).toBe(false);
    expect((await fetchProof(`${url}?page=2`)).bytes.equals(pages[1])).toBe(true);

    const past = await fetchProof(`${url}?page=4`);
    expect(past.status).toBe(404);
    expect(JSON.parse(past.bytes.toString())).toMatchObject({ code: "proof_not_found", reason: "This proof has 3 pages; there is no page 4." });
    for (const bad of ["0", "1.5", "two", "61"]) {
      const answer = await fetchProof(`${url}?page=${bad}`);
      expect(answer.status, bad).toBe(400);
      expect(JSON.parse(answer.bytes.toString()).reason, bad).toMatch(/page must be a whole number from 1 to 60/);
    }
  });

  it("places the recipient in the envelope window on letter_windowed PDFs", async () => {
    const res = await call(postQuote, { body: pdfLetter(await validPdf(1), { format: "letter_windowed" }) });
    expect(res.status).toBe(200);
    const { runs } = await textRuns((await fetchProof(res.json.proof.pdf_url)).bytes);
    const recipient = runs.find((r) => r.str === "Ada Lovelace")!;
    expect(recipient.x).toBeCloseTo(0.875 * 72, 0);
    expect(recipient.top).toBeGreaterThan(2 * 72);
    expect(recipient.top).toBeLessThan(2 * 72 + 20);
  });

  it("fits A4 and landscape pages to US Letter and says so with the proof", async () => {
    const a4 = await call(postQuote, { body: pdfLetter(await a4Pdf()) });
    expect(a4.status).toBe(200);
    expect(a4.json.proof.notes).toEqual([expect.stringMatching(/^Page 1 is 8\.27 × 11\.69 in, not US Letter .* scaled to 94% to print on Letter paper\.$/)]);
    expect((await textRuns((await fetchProof(a4.json.proof.pdf_url)).bytes)).size).toEqual([612, 792]);

    const wide = await call(postQuote, { body: pdfLetter(await landscapeLetterPdf()) });
    expect(wide.status).toBe(200);
    // A landscape Letter page is Letter once turned: it keeps its full size.
    expect(wide.json.proof.notes[0]).toBe("Page 1 is 11 × 8.5 in, not US Letter (8.5 × 11 in): it was turned upright and centred to print on Letter paper.");
    // Turned upright, its line of text runs down through the return address block: judged as it prints.
    expect(wide.json.proof.notes[1]).toMatch(/^Page 1 has text in its top 3.25 inches \("Page 1 of a test letter\."\)/);
    expect((await textRuns((await fetchProof(wide.json.proof.pdf_url)).bytes)).size).toEqual([612, 792]);
  });

  it("warns when the sender's own text sits where the addresses print", async () => {
    const top = await pdfWithTextAt([["ACME LETTERHEAD", 150], ["Body of the letter.", 400]]);
    const res = await call(postQuote, { body: pdfLetter(top) });
    expect(res.status).toBe(200);
    expect(res.json.proof.notes).toEqual([expect.stringContaining('"ACME LETTERHEAD"')]);
  });

  it("refuses documents it cannot print, each with its own code and a reason that says what to do", async () => {
    const cases: [string, Buffer, number, string, RegExp][] = [
      ["not a PDF", notAPdf(), 400, "invalid_pdf", /not a PDF \(it is a web page\)/],
      ["truncated", await truncatedPdf(), 400, "invalid_pdf", /damaged or incomplete/],
      ["encrypted", await encryptedPdf(), 400, "invalid_pdf", /encrypted .*Remove the protection/],
      ["zero pages", await zeroPagePdf(), 400, "empty_document", /has no pages/],
      ["blank pages", await blankPagesPdf(2), 400, "empty_document", /All 2 pages .* are blank/],
      ["61 pages", await validPdf(61), 400, "page_limit_exceeded", /has 61 pages; a letter can have at most 60/],
    ];
    for (const [name, pdf, http, code, reason] of cases) {
      const res = await call(postQuote, { body: pdfLetter(pdf) });
      expect(res.status, name).toBe(http);
      expect(res.json, name).toMatchObject({ status: "failed", code });
      expect(res.json.reason, name).toMatch(reason);
      expect(res.json.next.length, name).toBeGreaterThan(0);
    }
    const sixty = await call(postQuote, { body: pdfLetter(await validPdf(60)) });
    expect(sixty.status).toBe(200);
    expect(sixty.json.quote.page_count).toBe(60);
  });

  it("refuses bad base64, a PDF over 10 MB, and a pdf_base64 over 14,000,000 characters before reading it", async () => {
    const bad = await call(postQuote, { body: letter({ text: undefined, pdf_base64: "JVBERi0x%%%" }) });
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ code: "invalid_pdf", reason: expect.stringMatching(/not valid base64/) });

    // A real PDF just over 10 MB still fits in 14,000,000 base64 characters, but not in the file limit.
    const bigPdf = await hugePdf(10.005);
    expect(bigPdf.length).toBeGreaterThan(10_485_760);
    expect(b64(bigPdf).length).toBeLessThanOrEqual(14_000_000);
    const big = await call(postQuote, { body: pdfLetter(bigPdf) });
    expect(big.status).toBe(400);
    expect(big.json).toMatchObject({ code: "body_too_large", reason: expect.stringMatching(/decodes to \d+ bytes; a PDF may be at most 10485760 bytes/) });

    const huge = await call(postQuote, { body: letter({ text: undefined, pdf_base64: "A".repeat(14_000_004) }) });
    expect(huge.status).toBe(400);
    expect(huge.json.code).toBe("validation_error");
    expect(huge.json.reason).toMatch(/pdf_base64 must be at most 14000000 characters/);
  });

  it("sends a sandbox order that prints the quote's proof", async () => {
    const ip = randomIp();
    const body = pdfLetter(await validPdf(2), { format: "letter_windowed" });
    const quote = await call(postQuote, { body, ip });
    expect(quote.status).toBe(200);
    const order = await call(postOrder, { body: { ...body, confirmation_token: quote.json.confirmation_token }, ip });
    expect(order.status, JSON.stringify(order.json)).toBe(201);
    expect(order.json.order).toMatchObject({ page_count: 2, price_cents: 99 + 15 + 10, format: "letter_windowed" });
    expect(order.json.proof.id).toBe(quote.json.proof.id);

    const row = await db().order.findUniqueOrThrow({ where: { id: order.json.order.id } });
    expect(row).toMatchObject({ contentKind: "pdf", contentSource: "pdf_base64", proofId: quote.json.proof.id, text: null });
    const read = await call(getOrder, { params: { id: row.id } });
    expect(read.json.proof.pdf_url).toBe(quote.json.proof.pdf_url);
  });

  it("refuses an order whose PDF differs from the quoted one", async () => {
    const ip = randomIp();
    const body = pdfLetter(await validPdf(1));
    const quote = await call(postQuote, { body, ip });
    const other = pdfLetter(await validPdf(2));
    const res = await call(postOrder, { body: { ...other, confirmation_token: quote.json.confirmation_token }, ip });
    expect(res.status).toBe(409);
    expect(res.json.code).toBe("confirmation_mismatch");
  });

  it("answers 404 proof_not_found for an unknown or malformed proof id", async () => {
    for (const file of ["pf_000000000000000000000000.pdf", "pf_x.png", "../../etc/passwd"]) {
      const res = await getProof(new Request(`http://mail.test/v1/proofs/${encodeURIComponent(file)}`, { headers: { "x-mail-client-ip": randomIp() } }), { params: Promise.resolve({ file }) });
      expect(res.status, file).toBe(404);
      expect((await res.json()).code).toBe("proof_not_found");
    }
  });
});

describe("names and text outside Western European print as typed", () => {
  const to = { name: "Nguyễn Thị Minh Khai Hương", line1: "12 Łódź Ave", city: "Albany", state: "NY", zip: "12207" };
  const from = { name: "Antonín Dvořák", line1: "1 Ōtsuka St", city: "Troy", state: "NY", zip: "12180" };
  // Read back as a viewer copies it (NFC: an accent drawn apart from its letter reads as one character).
  const printedIn = async (res: { json: { proof: { pdf_url: string } } }) => (await extractPdfText((await fetchProof(res.json.proof.pdf_url)).bytes)).normalize("NFC").replace(/\s+/g, " ");

  it("in a text letter's addresses and body, in each font", async () => {
    for (const font of ["helvetica", "times", "courier"]) {
      const res = await call(postQuote, { body: letter({ font, to, from, text: "Кому: Ольге. Ελληνικά. “Quoted” — Tiếng Việt." }) });
      expect(res.status, font).toBe(200);
      const printed = (await printedIn(res)).replace(/\s+/g, "");
      // Names print as written; street lines as verification standardizes them, in capitals (USPS Pub. 28).
      for (const word of ["Nguyễn", "Hương", "ŁÓDŹ", "Dvořák", "ŌTSUKA", "Ольге", "Ελληνικά", "“Quoted”", "Tiếng"]) expect(printed, `${font}: ${word}`).toContain(word);
    }
  });

  it("in the addresses stamped on an uploaded PDF", async () => {
    const res = await call(postQuote, { body: pdfLetter(await validPdf(1), { to, from }) });
    expect(res.status).toBe(200);
    const printed = await printedIn(res);
    for (const word of ["Nguyễn Thị Minh Khai Hương", "ŁÓDŹ", "Dvořák", "ŌTSUKA"]) expect(printed).toContain(word);
  });

  it("refuses a character no print font has (Chinese, Japanese, Korean, emoji) with a 400 that names it, never a blank box", async () => {
    const cjk = await call(postQuote, { body: letter({ text: "Meet me in 東京." }) });
    expect([cjk.status, cjk.json.code]).toEqual([400, "validation_error"]);
    expect(cjk.json.reason).toContain('"東" (U+6771)');
    expect(cjk.json.reason).toMatch(/Latin .*Greek and Cyrillic/);
    const address = await call(postQuote, { body: letter({ to: { ...to, name: "山田 太郎" } }) });
    expect([address.status, address.json.code]).toEqual([400, "validation_error"]);
    expect(address.json.reason).toContain("name contains U+5C71, which cannot be printed");
  });
});

describe("text letters have proofs too", () => {
  it("returns the rendered letter and its thumbnail", async () => {
    const res = await call(postQuote, { body: letter({ text: "Dear Ada,\n\nA proof for a text letter." }) });
    expect(res.status).toBe(200);
    const { runs, pages } = await textRuns((await fetchProof(res.json.proof.pdf_url)).bytes);
    expect(pages).toBe(1);
    expect(runs.map((r) => r.str).join(" ")).toContain("A proof for a text letter.");
    const png = await fetchProof(res.json.proof.thumbnail_url);
    expect(png.type).toBe("image/png");
  });

  it("shows the message side of a postcard", async () => {
    const res = await call(postQuote, { body: letter({ format: "postcard_6x9", text: "Greetings from the lake." }) });
    expect(res.status).toBe(200);
    const { runs, size } = await textRuns((await fetchProof(res.json.proof.pdf_url)).bytes);
    expect(size).toEqual([9 * 72, 6 * 72]);
    expect(runs.map((r) => r.str)).toContain("Greetings from the lake.");
  });
});
