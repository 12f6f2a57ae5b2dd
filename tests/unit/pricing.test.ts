import { describe, expect, it } from "vitest";
import { PRICES, priceLetter, printsBrandMark, type PriceInput } from "@/lib/quotes/pricing";
import { FORMATS, MAIL_CLASSES, type Format, type MailClass } from "@/lib/letters/formats";

const base: PriceInput = { format: "letter", mailClass: "first_class", pageCount: 1, color: false, removeBranding: false };
const price = (over: Partial<PriceInput>) => priceLetter({ ...base, ...over });

// Every case is written out in the published cents so that a change to PRICES shows up here.
const cases: [string, Partial<PriceInput>, number][] = [
  ["one-page first-class letter", {}, 99],
  ["two-page letter", { pageCount: 2 }, 99 + 15],
  ["ten-page letter", { pageCount: 10 }, 99 + 9 * 15],
  ["one-page color letter", { color: true }, 99 + 30],
  ["four-page color letter", { pageCount: 4, color: true }, 99 + 3 * 15 + 30 + 3 * 10],
  ["windowed letter", { format: "letter_windowed" }, 99 + 10],
  ["certified letter", { mailClass: "certified" }, 99 + 549],
  ["certified with e-return receipt", { mailClass: "certified_err" }, 99 + 799],
  ["priority letter", { mailClass: "priority" }, 99 + 999],
  ["first-class letter without brand mark", { removeBranding: true }, 99 + 49],
  ["windowed letter without brand mark", { format: "letter_windowed", removeBranding: true }, 99 + 10 + 49],
  ["certified letter asking to remove brand mark", { mailClass: "certified", removeBranding: true }, 99 + 549],
  ["certified_err letter asking to remove brand mark", { mailClass: "certified_err", removeBranding: true }, 99 + 799],
  ["priority letter asking to remove brand mark", { mailClass: "priority", removeBranding: true }, 99 + 999],
  [
    "3-page color certified windowed letter",
    { format: "letter_windowed", mailClass: "certified", pageCount: 3, color: true },
    99 + 2 * 15 + 30 + 2 * 10 + 10 + 549,
  ],
  [
    "60-page color priority letter without brand mark",
    { pageCount: 60, color: true, mailClass: "priority", removeBranding: true },
    99 + 59 * 15 + 30 + 59 * 10 + 999,
  ],
  ["notecard", { format: "notecard", pageCount: 1 }, 199],
  ["notecard in script", { format: "notecard", handwriting: "script" }, 199],
  ["notecard with pen", { format: "notecard", handwriting: "pen" }, 199 + 100],
  ["notecard without brand mark", { format: "notecard", removeBranding: true }, 199 + 49],
  ["notecard with pen, no brand mark", { format: "notecard", handwriting: "pen", removeBranding: true }, 199 + 100 + 49],
  ["postcard 4x6", { format: "postcard_4x6" }, 99],
  ["postcard 6x9", { format: "postcard_6x9" }, 299],
  ["postcard 6x11", { format: "postcard_6x11" }, 349],
  ["postcard 4x6 asking to remove brand mark", { format: "postcard_4x6", removeBranding: true }, 99],
  ["postcard 6x9 asking to remove brand mark", { format: "postcard_6x9", removeBranding: true }, 299],
  ["postcard 6x11 asking to remove brand mark", { format: "postcard_6x11", removeBranding: true }, 349],
  ["color flag ignored on a postcard", { format: "postcard_6x9", color: true }, 299],
  ["page count ignored on a notecard", { format: "notecard", pageCount: 3 }, 199],
];

describe("priceLetter", () => {
  it.each(cases)("%s costs the published price", (_name, over, cents) => {
    expect(price(over).priceCents).toBe(cents);
  });

  it.each(cases)("%s: breakdown lines are well-formed, non-zero and sum to the total", (_name, over) => {
    const { priceCents, breakdown } = price(over);
    expect(breakdown.length).toBeGreaterThan(0);
    for (const line of breakdown) {
      expect(Object.keys(line).sort()).toEqual(["amount_cents", "id", "label"]);
      expect(line.id).toMatch(/^[a-z0-9_]+$/);
      expect(line.label.trim()).not.toBe("");
      expect(Number.isInteger(line.amount_cents)).toBe(true);
      expect(line.amount_cents).toBeGreaterThan(0);
    }
    expect(breakdown.reduce((s, l) => s + l.amount_cents, 0)).toBe(priceCents);
    expect(new Set(breakdown.map((l) => l.id)).size).toBe(breakdown.length);
  });

  it("itemizes a 3-page color certified windowed letter line by line", () => {
    const { breakdown } = price({ format: "letter_windowed", mailClass: "certified", pageCount: 3, color: true });
    expect(breakdown.map((l) => [l.id, l.amount_cents])).toEqual([
      ["first_page", 99],
      ["extra_pages", 30],
      ["color_first_page", 30],
      ["color_extra_pages", 20],
      ["windowed_envelope", 10],
      ["class_certified", 549],
    ]);
    expect(breakdown.find((l) => l.id === "extra_pages")!.label).toContain("2 additional pages");
  });

  it("says '1 additional page' in the singular", () => {
    const line = price({ pageCount: 2 }).breakdown.find((l) => l.id === "extra_pages")!;
    expect(line.label).toMatch(/\b1 additional page\b(?!s)/);
  });

  it("a one-page first-class letter has a single line and no zero-cent extras", () => {
    expect(price({}).breakdown).toEqual([{ id: "first_page", label: expect.any(String), amount_cents: 99 }]);
  });

  it("charges remove_branding only where a brand mark would print", () => {
    for (const format of FORMATS) {
      for (const mailClass of MAIL_CLASSES) {
        const lines = price({ format, mailClass, removeBranding: true }).breakdown;
        const charged = lines.some((l) => l.id === "remove_branding");
        const expected = (format === "letter" || format === "letter_windowed" || format === "notecard") && mailClass === "first_class";
        expect(charged, `${format}/${mailClass}`).toBe(expected);
        if (charged) expect(lines.find((l) => l.id === "remove_branding")!.amount_cents).toBe(49);
      }
    }
  });

  it("never charges remove_branding when it is not asked for", () => {
    for (const format of FORMATS) {
      for (const mailClass of MAIL_CLASSES) {
        expect(price({ format, mailClass }).breakdown.some((l) => l.id === "remove_branding")).toBe(false);
      }
    }
  });
});

describe("printsBrandMark", () => {
  const expected: Record<Format, Record<MailClass, boolean>> = {
    letter: { first_class: true, certified: false, certified_err: false, priority: false },
    letter_windowed: { first_class: true, certified: false, certified_err: false, priority: false },
    notecard: { first_class: true, certified: false, certified_err: false, priority: false },
    postcard_4x6: { first_class: false, certified: false, certified_err: false, priority: false },
    postcard_6x9: { first_class: false, certified: false, certified_err: false, priority: false },
    postcard_6x11: { first_class: false, certified: false, certified_err: false, priority: false },
  };
  for (const format of FORMATS) {
    for (const mailClass of MAIL_CLASSES) {
      it(`${format} by ${mailClass}: ${expected[format][mailClass] ? "prints" : "no"} mark`, () => {
        expect(printsBrandMark(format, mailClass)).toBe(expected[format][mailClass]);
      });
    }
  }
});

describe("PRICES", () => {
  it("holds the published cents", () => {
    expect(PRICES).toMatchObject({
      letterFirstPage: 99,
      letterExtraPage: 15,
      colorFirstPage: 30,
      colorExtraPage: 10,
      windowedEnvelope: 10,
      removeBranding: 49,
      notecard: 199,
      notecardPen: 100,
      postcard_4x6: 99,
      postcard_6x9: 299,
      postcard_6x11: 349,
      classSurcharge: { first_class: 0, certified: 549, certified_err: 799, priority: 999 },
    });
  });
});
