import { vi, describe, expect, it, beforeAll, afterAll } from "vitest";

// The default: OUTBOUND_ALLOW_LOOPBACK is off, so the service never fetches from itself.
// (Set explicitly: a test file run earlier in the same worker may have turned it on.)
vi.hoisted(() => {
  process.env.OUTBOUND_ALLOW_LOOPBACK = "0";
});

import { POST as postQuote } from "@/app/v1/quotes/route";
import { call, letter } from "@/tests/support/api";
import { startLocalServer, type LocalServer } from "@/tests/support/local-http";
import { validPdf } from "@/tests/support/pdfs";

let server: LocalServer;
beforeAll(async () => {
  const pdf = await validPdf(1);
  server = await startLocalServer({ "/letter.pdf": (_req, res) => res.writeHead(200, { "content-type": "application/pdf" }).end(pdf) });
});
afterAll(() => server.close());

describe("pdf_url by default", () => {
  it("refuses 127.0.0.1 and localhost without connecting", async () => {
    for (const url of [`${server.origin}/letter.pdf`, `http://localhost:${server.port}/letter.pdf`]) {
      const res = await call(postQuote, { body: letter({ text: undefined, pdf_url: url }) });
      expect(res.status, url).toBe(400);
      expect(res.json.code, url).toBe("pdf_fetch_failed");
    }
    expect(server.hits).toEqual([]);
  });
});
