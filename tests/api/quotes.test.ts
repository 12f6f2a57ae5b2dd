import { describe, expect, it } from "vitest";
import { POST as postQuote } from "@/app/v1/quotes/route";
import { db } from "@/lib/db";
import { call, letter, randomIp } from "@/tests/support/api";

describe("POST /v1/quotes", () => {
  it("prices a one-page first-class letter at 99 cents and returns a confirmation token", async () => {
    const res = await call(postQuote, { body: letter() });
    expect(res.status).toBe(200);
    expect(res.json.status).toBe("ok");
    expect(res.json.quote).toMatchObject({ price_cents: 99, page_count: 1, format: "letter", mail_class: "first_class" });
    expect(res.json.quote.breakdown).toEqual([{ id: "first_page", label: expect.any(String), amount_cents: 99 }]);
    expect(res.json.confirmation_token).toMatch(/^ct_/);
    const expires = new Date(res.json.quote.expires_at).getTime() - Date.now();
    expect(expires).toBeGreaterThan(29 * 60_000);
    expect(expires).toBeLessThanOrEqual(30 * 60_000);
    const row = await db().quote.findUniqueOrThrow({ where: { id: res.json.quote.id } });
    expect(row.priceCents).toBe(99);
    expect(row.usedAt).toBeNull();
  });

  it("prices every format and class of the table", async () => {
    const cases: [Record<string, unknown>, number][] = [
      [{ format: "letter", mail_class: "certified" }, 99 + 549],
      [{ format: "letter", mail_class: "certified_err" }, 99 + 799],
      [{ format: "letter", mail_class: "priority" }, 99 + 999],
      [{ format: "letter_windowed", mail_class: "first_class" }, 99 + 10],
      [{ format: "letter", mail_class: "first_class", color: true }, 99 + 30],
      [{ format: "letter", mail_class: "first_class", remove_branding: true }, 99 + 49],
      [{ format: "letter", mail_class: "certified", remove_branding: true }, 99 + 549],
      [{ format: "notecard", mail_class: "first_class" }, 199],
      [{ format: "notecard", mail_class: "first_class", handwriting: "pen" }, 299],
      [{ format: "postcard_4x6", mail_class: "first_class" }, 99],
      [{ format: "postcard_6x9", mail_class: "first_class" }, 299],
      [{ format: "postcard_6x11", mail_class: "first_class", remove_branding: true }, 349],
    ];
    for (const [over, cents] of cases) {
      const res = await call(postQuote, { body: letter({ ...over, text: "Short note." }) });
      expect(res.status, JSON.stringify(over)).toBe(200);
      expect(res.json.quote.price_cents, JSON.stringify(over)).toBe(cents);
      const sum = res.json.quote.breakdown.reduce((s: number, l: { amount_cents: number }) => s + l.amount_cents, 0);
      expect(sum).toBe(cents);
    }
  });

  it("counts the pages of the laid-out text and prices each further page", async () => {
    const res = await call(postQuote, { body: letter({ text: "All work and no play makes a long letter. ".repeat(1190) }) });
    expect(res.status).toBe(200);
    const pages = res.json.quote.page_count;
    expect(pages).toBeGreaterThan(5);
    expect(res.json.quote.price_cents).toBe(99 + (pages - 1) * 15);
  });

  it("refuses a letter of more than 60 pages", async () => {
    const res = await call(postQuote, { body: letter({ text: "line\n".repeat(9_000) }) });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe("page_limit_exceeded");
  });

  it("refuses blank text as an empty document", async () => {
    const res = await call(postQuote, { body: letter({ text: "   \n\n  " }) });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe("empty_document");
  });

  it("refuses text that does not fit on a postcard, saying how much fits", async () => {
    const res = await call(postQuote, { body: letter({ format: "postcard_4x6", text: "word ".repeat(600) }) });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe("content_too_long");
    expect(res.json.reason).toMatch(/about \d+ of its 3000 characters fit/);
  });

  it("refuses postcards and notecards in any class but first_class, and with a PDF", async () => {
    const a = await call(postQuote, { body: letter({ format: "postcard_6x9", mail_class: "certified" }) });
    expect(a.status).toBe(400);
    expect(a.json.reason).toContain("mail_class");
    const { text, ...noText } = letter({ format: "notecard" });
    void text;
    const b = await call(postQuote, { body: { ...noText, pdf_url: "https://example.com/a.pdf" } });
    expect(b.status).toBe(400);
    expect(b.json.reason).toContain("message-only");
  });

  it("refuses a font it cannot print and characters the fonts lack, saying what to use", async () => {
    const font = await call(postQuote, { body: letter({ font: "Comic Sans" }) });
    expect(font.status).toBe(400);
    expect(font.json.reason).toContain("helvetica");
    const emoji = await call(postQuote, { body: letter({ text: "Hello 😀" }) });
    expect(emoji.status).toBe(400);
    expect(emoji.json.reason).toContain("U+1F600");
  });

  it("accepts the order's payment fields and ignores them", async () => {
    const res = await call(postQuote, { body: letter({ credit_code: "cc-abcd-efgh-1234", checkout_ui_mode: "embedded", confirmation_token: "x" }) });
    expect(res.status).toBe(200);
  });

  it("is free: quoting creates no order", async () => {
    const res = await call(postQuote, { body: letter() });
    expect(await db().order.count({ where: { quoteId: res.json.quote.id } })).toBe(0);
    expect((await db().quote.findUniqueOrThrow({ where: { id: res.json.quote.id } })).usedAt).toBeNull();
  });
});

describe("POST /v1/quotes with addresses that cannot print", () => {
  it("refuses control characters, line breaks and characters the fonts lack with a 400, never a 500", async () => {
    for (const name of ["Ada\u0000Lovelace", "Ada\nLovelace", "Ada 😀 Lovelace"]) {
      const res = await call(postQuote, { body: letter({ to: { name, line1: "12 Main St", city: "Albany", state: "NY", zip: "12207" } }) });
      expect(res.status, JSON.stringify(name)).toBe(400);
      expect(res.json.code).toBe("validation_error");
      expect(res.json.reason).toContain("to.name");
    }
    const accented = await call(postQuote, { body: letter({ to: { name: "José Muñoz-Ærø", line1: "12 Main St", city: "Albany", state: "NY", zip: "12207" } }) });
    expect(accented.status).toBe(200);
  });

  it("lets one caller quote 120 times a minute, then answers 429 with Retry-After; another caller is unaffected", async () => {
    const ip = randomIp();
    const body = letter({ sandbox: true, text: "Dear Ada,\n\nA quick quote.\n\nCharles" });
    for (let i = 0; i < 120; i++) expect((await call(postQuote, { body, ip })).status).toBe(200);
    const limited = await call(postQuote, { body, ip });
    expect(limited.status).toBe(429);
    expect(limited.json.code).toBe("rate_limited");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect((await call(postQuote, { body })).status).toBe(200);
  }, 120_000);
});
