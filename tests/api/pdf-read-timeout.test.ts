// Set before anything reads the environment (each test file has its own modules): every PDF
// read in this file runs out of time at once.
process.env.PDF_READ_TIMEOUT_MS = "1";

import { describe, expect, it } from "vitest";
import { POST as postQuote } from "@/app/v1/quotes/route";
import { call, letter, randomIp } from "@/tests/support/api";
import { validPdf } from "@/tests/support/pdfs";

// A sender's PDF is read in a sandbox thread with a time limit (lib/documents/pdf-sandbox.ts):
// past it the thread is stopped and that letter is a 400 with a reason, while the process and
// everything else it serves carry on, and the next PDF gets a fresh thread.

describe("a PDF that takes too long to read", () => {
  it("is a 400 invalid_pdf; the service carries on, and the next PDF is read by a fresh thread", async () => {
    const pdfQuote = async () => call(postQuote, { body: letter({ text: undefined, pdf_base64: (await validPdf(40)).toString("base64") }), ip: randomIp() });
    const slow = await pdfQuote();
    expect(slow.status).toBe(400);
    expect(slow.json).toMatchObject({ status: "failed", code: "invalid_pdf", reason: expect.stringMatching(/takes longer than 0\.001 s to read/) });
    expect((await call(postQuote, { body: letter(), ip: randomIp() })).status).toBe(200);
    const again = await pdfQuote();
    expect(again.json.code).toBe("invalid_pdf");
  }, 60_000);
});
