import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { AddressSchema, OrderRequestSchema } from "@/lib/letters/schemas";

const address = (over: Record<string, unknown> = {}) => ({
  name: "Ada Lovelace",
  line1: "12 Analytical Way",
  city: "Springfield",
  state: "IL",
  zip: "62701",
  country: "US",
  ...over,
});

const order = (over: Record<string, unknown> = {}) => ({
  mail_class: "first_class",
  to: address(),
  from: address({ name: "Charles Babbage" }),
  text: "Dear Ada,\n\nHello.",
  ...over,
});

type Schema = typeof AddressSchema | typeof OrderRequestSchema;

/** The issues of a failed parse as "path: message" strings (fails the test if it parsed). */
function issuesOf(schema: Schema, input: unknown): string[] {
  const r = schema.safeParse(input);
  expect(r.success, "expected the input to be rejected").toBe(false);
  return r.error!.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
}

/** The parsed value (fails the test, listing the issues, if it was rejected). */
function ok<S extends Schema>(schema: S, input: unknown): z.output<S> {
  const r = schema.safeParse(input);
  expect(r.success, JSON.stringify(r.error?.issues)).toBe(true);
  return r.data as z.output<S>;
}

describe("AddressSchema", () => {
  it("accepts a complete address and defaults the country to US", () => {
    expect(ok(AddressSchema, address())).toEqual(address());
    const { country: _c, ...noCountry } = address();
    expect(ok(AddressSchema, noCountry)).toMatchObject({ country: "US" });
  });

  it.each([
    ["name", 1, 80],
    ["line1", 1, 120],
    ["city", 1, 80],
  ])("%s takes %i to %i characters", (field, min, max) => {
    ok(AddressSchema, address({ [field]: "x".repeat(min) }));
    ok(AddressSchema, address({ [field]: "x".repeat(max) }));
    expect(issuesOf(AddressSchema, address({ [field]: "x".repeat(max + 1) }))).toEqual([
      `${field}: ${field} must be at most ${max} characters`,
    ]);
    expect(issuesOf(AddressSchema, address({ [field]: "" }))[0]).toMatch(new RegExp(`^${field}: `));
  });

  it.each(["name", "line1", "city", "state", "zip"])("%s is required", (field) => {
    const a: Record<string, unknown> = address();
    delete a[field];
    expect(issuesOf(AddressSchema, a)[0]).toMatch(new RegExp(`^${field}: `));
  });

  it("a name that is blank after trimming is rejected", () => {
    expect(issuesOf(AddressSchema, address({ name: "   \t " }))).toEqual(["name: name is required and cannot be blank"]);
  });

  it("trims fields, so 80 characters inside padding still fit", () => {
    expect(ok(AddressSchema, address({ name: `  ${"n".repeat(80)}  ` })).name).toBe("n".repeat(80));
  });

  it("line2 is optional, at most 120 characters, and blank means absent", () => {
    expect(ok(AddressSchema, address({ line2: "Suite 5" })).line2).toBe("Suite 5");
    expect(ok(AddressSchema, address({ line2: "x".repeat(120) })).line2).toHaveLength(120);
    expect(issuesOf(AddressSchema, address({ line2: "x".repeat(121) }))).toEqual(["line2: line2 must be at most 120 characters"]);
    expect(ok(AddressSchema, address({ line2: "   " })).line2).toBeUndefined();
    expect(ok(AddressSchema, address({ line2: null })).line2).toBeUndefined();
  });

  it("state must be a real two-letter USPS code; lowercase is upper-cased", () => {
    expect(ok(AddressSchema, address({ state: "ny" })).state).toBe("NY");
    for (const code of ["PR", "DC", "AE", "GU"]) ok(AddressSchema, address({ state: code }));
    for (const bad of ["N", "NYC", "New York", "ZZ", "XX", ""]) {
      expect(issuesOf(AddressSchema, address({ state: bad }))[0], bad).toMatch(/^state: /);
    }
  });

  it("zip is 12345 or 12345-6789 only", () => {
    ok(AddressSchema, address({ zip: "12345" }));
    ok(AddressSchema, address({ zip: "12345-6789" }));
    for (const bad of ["1234", "123456", "12345-678", "12345 6789", "123456789", "abcde", "12345-", 12345]) {
      expect(issuesOf(AddressSchema, address({ zip: bad }))[0], String(bad)).toMatch(/^zip: /);
    }
  });

  it("country may only be US", () => {
    for (const bad of ["CA", "us", "USA", "United States"]) {
      expect(issuesOf(AddressSchema, address({ country: bad })), bad).toEqual(["country: country may only be US"]);
    }
  });

  it("rejects unknown fields", () => {
    const r = AddressSchema.safeParse(address({ line3: "nope" }));
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]).toMatchObject({ code: "unrecognized_keys", keys: ["line3"] });
  });
});

describe("OrderRequestSchema", () => {
  it("accepts a minimal text letter and defaults the format to letter", () => {
    const v = ok(OrderRequestSchema, order());
    expect(v.format).toBe("letter");
    expect(v.text).toBe("Dear Ada,\n\nHello.");
  });

  it("validates the nested addresses", () => {
    expect(issuesOf(OrderRequestSchema, order({ to: address({ state: "ZZ" }) }))[0]).toMatch(/^to\.state: /);
    expect(issuesOf(OrderRequestSchema, order({ from: address({ zip: "1" }) }))[0]).toMatch(/^from\.zip: /);
  });

  it("rejects unknown fields", () => {
    const r = OrderRequestSchema.safeParse(order({ colour: true }));
    expect(r.success).toBe(false);
    expect(r.error!.issues.some((i) => i.code === "unrecognized_keys" && i.keys.includes("colour"))).toBe(true);
  });

  it("null optional fields are accepted as absent", () => {
    const v = ok(
      OrderRequestSchema,
      order({
        color: null, tracking: null, font: null, upload_key: null, pdf_base64: null, pdf_url: null, email: null,
        credit_code: null, account_session: null, webhook_url: null, sandbox: null, format: null, handwriting: null,
        remove_branding: null, confirmation_token: null, checkout_ui_mode: null,
      }),
    );
    expect(v.format).toBe("letter");
    for (const k of ["color", "tracking", "font", "upload_key", "pdf_base64", "pdf_url", "email", "handwriting", "remove_branding"] as const) {
      expect(v[k], k).toBeUndefined();
    }
  });

  describe("content: exactly one of text, upload_key, pdf_base64, pdf_url", () => {
    const UPLOAD = `up_${"0123456789abcdef".repeat(2)}.pdf`;
    const sources: Record<string, unknown> = { text: "Hi", upload_key: UPLOAD, pdf_base64: "JVBERi0=", pdf_url: "https://example.com/a.pdf" };

    it.each(Object.keys(sources))("%s alone is accepted", (key) => {
      ok(OrderRequestSchema, order({ text: undefined, [key]: sources[key] }));
    });

    it("none is rejected", () => {
      expect(issuesOf(OrderRequestSchema, order({ text: undefined }))).toEqual([
        ": give the content as exactly one of text, upload_key, pdf_base64 or pdf_url",
      ]);
    });

    it("none is rejected when the only one is null", () => {
      expect(issuesOf(OrderRequestSchema, order({ text: null }))[0]).toMatch(/exactly one of/);
    });

    it("two are rejected, naming both", () => {
      const issues = issuesOf(OrderRequestSchema, order({ pdf_url: "https://example.com/a.pdf" }));
      expect(issues).toEqual([": give exactly one of text, upload_key, pdf_base64 or pdf_url, not text and pdf_url"]);
    });

    it("all four are rejected", () => {
      expect(issuesOf(OrderRequestSchema, order(sources))[0]).toMatch(/exactly one of/);
    });
  });

  it("text is at most 50,000 characters", () => {
    ok(OrderRequestSchema, order({ text: "x".repeat(50_000) }));
    expect(issuesOf(OrderRequestSchema, order({ text: "x".repeat(50_001) }))).toEqual(["text: text must be at most 50000 characters"]);
  });

  it("font is at most 40 characters", () => {
    ok(OrderRequestSchema, order({ font: "f".repeat(40) }));
    expect(issuesOf(OrderRequestSchema, order({ font: "f".repeat(41) }))).toEqual(["font: font must be at most 40 characters"]);
  });

  it("pdf_base64 is at most 14,000,000 characters", () => {
    ok(OrderRequestSchema, order({ text: undefined, pdf_base64: "A".repeat(14_000_000) }));
    expect(issuesOf(OrderRequestSchema, order({ text: undefined, pdf_base64: "A".repeat(14_000_001) }))[0]).toBe(
      "pdf_base64: pdf_base64 must be at most 14000000 characters",
    );
  });

  it("upload_key is up_ + 32 lowercase hex digits + .pdf", () => {
    const hex = "0123456789abcdef0123456789abcdef";
    ok(OrderRequestSchema, order({ text: undefined, upload_key: `up_${hex}.pdf` }));
    for (const bad of [`up_${hex.toUpperCase()}.pdf`, `up_${hex.slice(1)}.pdf`, `up_${hex}0.pdf`, `up_${hex}`, `up_${hex}.PDF`, `${hex}.pdf`, `up_${hex.slice(1)}g.pdf`, `../up_${hex}.pdf`]) {
      expect(issuesOf(OrderRequestSchema, order({ text: undefined, upload_key: bad }))[0], bad).toMatch(/^upload_key: /);
    }
  });

  it("pdf_url must be http or https", () => {
    ok(OrderRequestSchema, order({ text: undefined, pdf_url: "http://example.com/a.pdf" }));
    for (const bad of ["ftp://example.com/a.pdf", "file:///etc/passwd", "not a url"]) {
      expect(issuesOf(OrderRequestSchema, order({ text: undefined, pdf_url: bad }))[0], bad).toMatch(/^pdf_url: /);
    }
  });

  describe("postcards and notecards", () => {
    const cards = ["notecard", "postcard_4x6", "postcard_6x9", "postcard_6x11"];

    it.each(cards)("%s is accepted first_class with text", (format) => {
      expect(ok(OrderRequestSchema, order({ format })).format).toBe(format);
    });

    it.each(cards)("%s is refused for any class but first_class", (format) => {
      for (const mail_class of ["certified", "certified_err", "priority"]) {
        expect(issuesOf(OrderRequestSchema, order({ format, mail_class })), mail_class).toEqual([
          `mail_class: ${format} is mailed first_class only`,
        ]);
      }
    });

    it.each(cards)("%s takes text only, no PDF or upload", (format) => {
      expect(issuesOf(OrderRequestSchema, order({ format, text: undefined, pdf_url: "https://example.com/a.pdf" }))).toEqual([
        `pdf_url: ${format} is message-only: send the message as text (no PDF or upload)`,
      ]);
      expect(issuesOf(OrderRequestSchema, order({ format, text: undefined, pdf_base64: "JVBERi0=" }))[0]).toMatch(/^pdf_base64: /);
    });

    it("letters may be sent certified or priority, and as a PDF", () => {
      for (const mail_class of ["certified", "certified_err", "priority"]) ok(OrderRequestSchema, order({ mail_class }));
      ok(OrderRequestSchema, order({ format: "letter_windowed", text: undefined, pdf_url: "https://example.com/a.pdf" }));
    });
  });

  it("handwriting is for notecards only", () => {
    expect(ok(OrderRequestSchema, order({ format: "notecard", handwriting: "pen" })).handwriting).toBe("pen");
    ok(OrderRequestSchema, order({ format: "notecard", handwriting: "script" }));
    for (const format of [undefined, "letter", "letter_windowed", "postcard_4x6"]) {
      expect(issuesOf(OrderRequestSchema, order({ format, handwriting: "pen" })), String(format)).toEqual([
        "handwriting: handwriting applies to notecards only",
      ]);
    }
    expect(issuesOf(OrderRequestSchema, order({ format: "notecard", handwriting: "crayon" }))[0]).toMatch(/^handwriting: /);
  });

  it("unknown formats and mail classes are rejected", () => {
    expect(issuesOf(OrderRequestSchema, order({ format: "postcard_5x7" }))[0]).toMatch(/^format: /);
    expect(issuesOf(OrderRequestSchema, order({ mail_class: "express" }))[0]).toMatch(/^mail_class: /);
    expect(issuesOf(OrderRequestSchema, order({ mail_class: undefined }))[0]).toMatch(/^mail_class: /);
  });
});
