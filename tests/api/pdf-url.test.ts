import { vi, describe, expect, it, beforeAll, afterAll } from "vitest";

// This file lets outbound fetches reach loopback, as local development does, so that a real
// server on 127.0.0.1 can stand in for the sender's web host. Everything else stays refused.
vi.hoisted(() => {
  process.env.OUTBOUND_ALLOW_LOOPBACK = "1";
});

import { POST as postQuote } from "@/app/v1/quotes/route";
import { POST as postOrder } from "@/app/v1/orders/route";
import { db } from "@/lib/db";
import { call, letter, randomIp } from "@/tests/support/api";
import { startLocalServer, type LocalServer } from "@/tests/support/local-http";
import { validPdf } from "@/tests/support/pdfs";

let server: LocalServer;
let pdf: Buffer;

beforeAll(async () => {
  pdf = await validPdf(2);
  server = await startLocalServer({
    "/letter.pdf": (_req, res) => res.writeHead(200, { "content-type": "application/pdf" }).end(pdf),
    "/page.html": (_req, res) => res.writeHead(200, { "content-type": "text/html" }).end("<html><body>A page about a PDF</body></html>"),
    "/missing.pdf": (_req, res) => res.writeHead(404).end(),
    "/to-metadata": (_req, res) => res.writeHead(302, { location: "http://169.254.169.254/latest/meta-data/" }).end(),
    "/to-private": (_req, res) => res.writeHead(302, { location: "http://10.0.0.7/letter.pdf" }).end(),
    "/to-letter": (_req, res) => res.writeHead(301, { location: "/letter.pdf" }).end(),
  });
});
afterAll(() => server.close());

const urlLetter = (url: string) => letter({ text: undefined, pdf_url: url });

describe("pdf_url", () => {
  it("fetches the PDF, follows a redirect, prices it by its pages and sends the quoted proof", async () => {
    const ip = randomIp();
    const body = urlLetter(`${server.origin}/to-letter`);
    const quote = await call(postQuote, { body, ip });
    expect(quote.status, JSON.stringify(quote.json)).toBe(200);
    expect(quote.json.quote.page_count).toBe(2);
    const fetchesBeforeOrder = server.hits.length;

    const order = await call(postOrder, { body: { ...body, confirmation_token: quote.json.confirmation_token }, ip });
    expect(order.status, JSON.stringify(order.json)).toBe(201);
    // The order prints the proof made at quote time: the URL is not fetched again.
    expect(server.hits.length).toBe(fetchesBeforeOrder);
    const row = await db().order.findUniqueOrThrow({ where: { id: order.json.order.id } });
    expect(row.contentSource).toBe(`pdf_url:${new URL(server.origin).host}`);
    expect(row.proofId).toBe(quote.json.proof.id);
  });

  it("refuses 169.254.169.254, private addresses and redirects to them, with pdf_fetch_failed", async () => {
    const cases: [string, RegExp][] = [
      ["http://169.254.169.254/latest/meta-data/", /169\.254\.169\.254/],
      [`${server.origin}/to-metadata`, /169\.254\.169\.254/],
      [`${server.origin}/to-private`, /10\.0\.0\.7/],
      ["http://[::ffff:169.254.169.254]/x.pdf", /refus|not allowed|private|link-local|metadata/i],
    ];
    for (const [url, reason] of cases) {
      const res = await call(postQuote, { body: urlLetter(url) });
      expect(res.status, url).toBe(400);
      expect(res.json.code, url).toBe("pdf_fetch_failed");
      expect(res.json.reason, url).toMatch(/^pdf_url: /);
      expect(res.json.reason, url).toMatch(reason);
    }
  });

  it("says what went wrong when the URL is not a PDF or not there", async () => {
    const page = await call(postQuote, { body: urlLetter(`${server.origin}/page.html`) });
    expect(page.json).toMatchObject({ code: "pdf_fetch_failed", reason: expect.stringMatching(/web page, not a PDF/) });
    const missing = await call(postQuote, { body: urlLetter(`${server.origin}/missing.pdf`) });
    expect(missing.json).toMatchObject({ code: "pdf_fetch_failed", reason: expect.stringMatching(/404/) });
  });
});
