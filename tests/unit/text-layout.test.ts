import { describe, expect, it } from "vitest";
import { renderTextLetter, type TextLetterInput } from "@/lib/documents/render-text-letter";
import PDFDocument from "pdfkit";
import { HANDWRITING_STYLES, firstUnprintableCharacter, openFace, resolveFont } from "@/lib/letters/fonts";
import { HAND_FALLBACK_FONT, HAND_FONT, planHandwriting } from "@/lib/documents/handwriting";
import { renderPage } from "@/lib/documents/proofs";
import { inkColour } from "../support/ink";
import { ApiError } from "@/lib/errors/api-error";
import { extractPdfText, openWithPdfjs } from "@/lib/documents/pdfjs";

const from = { name: "Ada Sender", line1: "1 Main St", line2: undefined, city: "Springfield", state: "IL", zip: "62701", country: "US" as const };
const to = { name: "Bob Recipient", line1: "200 Elm Ave", line2: "Apt 4", city: "Albany", state: "NY", zip: "12207-1234", country: "US" as const };

const render = (over: Partial<TextLetterInput>) =>
  renderTextLetter({ format: "letter", text: "Dear Bob,\n\nHello.\n\nAda", font: "helvetica", from, to, ...over });

/** The ApiError a rendering rejects with (fails the test if it resolves or throws something else). */
async function errorOf(p: Promise<unknown>): Promise<ApiError> {
  const e = await p.then(
    () => {
      throw new Error("expected the rendering to fail");
    },
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(ApiError);
  return e as ApiError;
}

const latin1 = (pdf: Buffer) => pdf.toString("latin1");
/** Page objects in the PDF: `/Type /Page`, not the `/Type /Pages` tree node. */
const pageObjects = (pdf: Buffer) => (latin1(pdf).match(/\/Type \/Page\b(?!s)/g) ?? []).length;
const mediaBoxes = (pdf: Buffer) => latin1(pdf).match(/\/MediaBox \[[^\]]*\]/g) ?? [];

const PROSE = "The quick brown fox jumps over the lazy dog while the letter carrier waits at the gate. ";

describe("renderTextLetter: letters", () => {
  it("prints names and text in Latin with Vietnamese, Greek and Cyrillic in every font, embedded and subset", async () => {
    const unicodeTo = { ...to, name: "Nguyễn Thị Minh", line1: "12 Łódź Ave" };
    const unicodeFrom = { ...from, name: "Antonín Dvořák", line1: "1 Ōtsuka St" };
    const text = "Dear Minh,\n\n“Quoted” — Ελληνικά, Русский, Tiếng Việt.\n\nAntonín";
    for (const font of ["helvetica", "times", "courier"] as const) {
      const { pdf } = await render({ font, text, to: unicodeTo, from: unicodeFrom });
      // pdf.js puts the gaps of a monospace face in as spaces: compare without them. Read back as a
      // viewer copies it (NFC): Noto draws "ị" as "i" and a dot below, which read back as "ị", and
      // the plain "i" of "Minh" after it as "i".
      const printed = (await extractPdfText(pdf)).normalize("NFC").replace(/\s+/g, "");
      for (const words of ["Nguyễn Thị Minh", "12 Łódź Ave", "Antonín Dvořák", "1 Ōtsuka St", "“Quoted”", "Ελληνικά", "Русский", "Tiếng Việt"]) expect(printed, `${font}: ${words}`).toContain(words.replace(/\s+/g, ""));
      expect(latin1(pdf), font).toMatch(/\/FontFile2/); // embedded, not a standard font
      expect(pdf.length, font).toBeLessThan(60_000); // subset: the faces are 600 KB each
    }
    // The faces' decoded tables are shared between documents, their glyphs are not: a document
    // made after others reads back as typed (each glyph's characters are its own document's).
    for (const words of ["Zebras quietly jump over vexed wizards.", "Pack my box with five dozen liquor jugs.", "Sphinx of black quartz, judge my vow."]) {
      expect(await extractPdfText((await render({ text: words })).pdf)).toContain(words);
    }
    // A pen card is drawn letter by letter, each letter its own piece of text: compared without gaps.
    const card = await render({ format: "notecard", handwriting: "pen", text: "Chúc mừng sinh nhật! С днём рождения! Καλημέρα!" });
    expect((await extractPdfText(card.pdf)).replace(/\s+/g, "")).toContain("Chúcmừngsinhnhật!Сднёмрождения!Καλημέρα!");
  });

  it("a short letter is a one-page US Letter PDF", async () => {
    const { pdf, pageCount } = await render({});
    expect(latin1(pdf.subarray(0, 5))).toBe("%PDF-");
    expect(pageCount).toBe(1);
    expect(pageObjects(pdf)).toBe(1);
    expect(mediaBoxes(pdf)).toEqual(["/MediaBox [0 0 612 792]"]);
  });

  it("a windowed letter is laid out on the same paper", async () => {
    const { pdf, pageCount } = await render({ format: "letter_windowed" });
    expect(pageCount).toBe(1);
    expect(mediaBoxes(pdf)).toEqual(["/MediaBox [0 0 612 792]"]);
  });

  it("the page count grows with the text", async () => {
    const short = await render({ text: PROSE.repeat(20) });
    const longer = await render({ text: PROSE.repeat(200) });
    expect(short.pageCount).toBeGreaterThanOrEqual(1);
    expect(longer.pageCount).toBeGreaterThan(short.pageCount);
  });

  it("50,000 characters of prose lay out to 8-15 letter pages, each one a page of the PDF", async () => {
    const text = PROSE.repeat(Math.ceil(50_000 / PROSE.length)).slice(0, 50_000);
    for (const font of ["helvetica", "times"] as const) {
      const { pdf, pageCount } = await render({ text, font });
      expect(pageCount, font).toBeGreaterThanOrEqual(8);
      expect(pageCount, font).toBeLessThanOrEqual(15);
      expect(pageObjects(pdf), font).toBe(pageCount);
      const boxes = mediaBoxes(pdf);
      expect(boxes).toHaveLength(pageCount);
      expect(new Set(boxes)).toEqual(new Set(["/MediaBox [0 0 612 792]"]));
    }
  });

  it("refuses text that lays out past 60 pages (50,000 blank lines between words)", async () => {
    const e = await errorOf(render({ text: "Start" + "\n".repeat(50_000) + "End" }));
    expect(e.code).toBe("page_limit_exceeded");
    expect(e.message).toContain("60");
  });

  it("50,000 newlines and nothing else are an empty document", async () => {
    const e = await errorOf(render({ text: "\n".repeat(50_000) }));
    expect(e.code).toBe("empty_document");
  });

  it("whitespace-only text is an empty document", async () => {
    for (const text of ["", "   ", " \t\r\n \n\t "]) {
      const e = await errorOf(render({ text }));
      expect(e.code, JSON.stringify(text)).toBe("empty_document");
    }
  });
});

describe("renderTextLetter: cards", () => {
  it("a short 4x6 postcard is one landscape 432x288 page", async () => {
    const { pdf, pageCount } = await render({ format: "postcard_4x6", text: "Wish you were here!" });
    expect(latin1(pdf.subarray(0, 5))).toBe("%PDF-");
    expect(pageCount).toBe(1);
    expect(pageObjects(pdf)).toBe(1);
    expect(mediaBoxes(pdf)).toEqual(["/MediaBox [0 0 432 288]"]);
  });

  it("a short notecard is one 5x7 page", async () => {
    const { pdf, pageCount } = await render({ format: "notecard", text: "Thank you!", handwriting: "pen" });
    expect(pageCount).toBe(1);
    expect(mediaBoxes(pdf)).toEqual(["/MediaBox [0 0 360 504]"]);
  });

  it("2,500 characters do not fit on a 4x6 postcard, and the message says how many would", async () => {
    const text = PROSE.repeat(40).slice(0, 2_500);
    const e = await errorOf(render({ format: "postcard_4x6", text }));
    expect(e.code).toBe("content_too_long");
    const m = e.message.match(/about (\d+) of its 2500 characters fit/);
    expect(m, e.message).not.toBeNull();
    const fit = Number(m![1]);
    expect(fit).toBeGreaterThan(0);
    expect(fit).toBeLessThan(2_500);
  });

  it("the suggested length actually fits", async () => {
    const text = PROSE.repeat(40).slice(0, 2_500);
    const e = await errorOf(render({ format: "postcard_4x6", text }));
    const fit = Number(e.message.match(/about (\d+) of/)![1]);
    // "about": allow a margin of one line's worth of characters.
    const { pageCount } = await render({ format: "postcard_4x6", text: text.slice(0, Math.floor(fit * 0.9)) });
    expect(pageCount).toBe(1);
  });

  it("text too long for a 4x6 postcard fits on the larger 6x11", async () => {
    const text = PROSE.repeat(20).slice(0, 900);
    expect((await errorOf(render({ format: "postcard_4x6", text }))).code).toBe("content_too_long");
    const { pdf, pageCount } = await render({ format: "postcard_6x11", text });
    expect(pageCount).toBe(1);
    expect(mediaBoxes(pdf)).toEqual(["/MediaBox [0 0 792 432]"]);
  });
});

describe("renderTextLetter: notecards in handwriting", () => {
  const NOTE = "Dear Grandma,\n\nThank you so much for the lovely sweater! It fits perfectly. Hello hello, all will be well.\n\nWith love,\nSam";
  /** The pieces of text pdf.js reads from page 1, with where each sits: x, baseline y, and its turn in degrees. */
  async function pieces(pdf: Buffer) {
    const doc = await openWithPdfjs(pdf);
    const content = await (await doc.getPage(1)).getTextContent();
    await doc.destroy();
    return content.items.flatMap((item) => ("str" in item && item.str.trim() !== "" ? [{ str: item.str, x: item.transform[4], y: item.transform[5], turn: (Math.atan2(item.transform[1], item.transform[0]) * 180) / Math.PI }] : []));
  }
  const embeddedFaces = (pdf: Buffer) => [...new Set([...latin1(pdf).matchAll(/\/BaseFont \/[A-Z]{6}\+([\w-]+)/g)].map((m) => m[1]))].sort();

  it("script prints in Dancing Script and pen in Caveat, embedded; a word the face lacks prints in the Noto italic", async () => {
    expect(embeddedFaces((await render({ format: "notecard", handwriting: "script", text: NOTE })).pdf)).toEqual(["DancingScript-Regular"]);
    expect(embeddedFaces((await render({ format: "notecard", handwriting: "pen", text: NOTE })).pdf)).toEqual(["Caveat-Regular"]);
    // Dancing Script has no Cyrillic, Caveat no Greek: those words print in Noto, and read back.
    const script = await render({ format: "notecard", handwriting: "script", text: "Привет, Anna!" });
    expect(embeddedFaces(script.pdf)).toEqual(["DancingScript-Regular", "NotoSerif-Italic"]);
    expect((await extractPdfText(script.pdf)).replace(/\s+/g, " ")).toContain("Привет, Anna!");
    const pen = await render({ format: "notecard", handwriting: "pen", text: "Καλημέρα, Anna!" });
    expect(embeddedFaces(pen.pdf)).toEqual(["Caveat-Regular", "NotoSans-Italic"]);
  });

  it("pen writes in blue ink, letter by letter, each a little off the line and turned; script sits on straight lines in near-black", async () => {
    const pen = await render({ format: "notecard", handwriting: "pen", text: NOTE });
    const ink = await inkColour(pen.pdf);
    expect(ink.b - ink.r, JSON.stringify(ink)).toBeGreaterThan(60);
    const letters = await pieces(pen.pdf);
    const thank = letters.slice(letters.findIndex((p) => p.str === "T"), letters.findIndex((p) => p.str === "T") + 5);
    expect(thank.map((p) => p.str).join("")).toBe("Thank");
    expect(new Set(thank.map((p) => p.y.toFixed(2))).size, "baselines of T-h-a-n-k").toBeGreaterThan(2);
    expect(thank.filter((p) => Math.abs(p.turn) > 0.2).length, "letters turned").toBeGreaterThan(2);
    expect(Math.max(...thank.map((p) => Math.abs(p.turn)))).toBeLessThan(4);

    const script = await render({ format: "notecard", handwriting: "script", text: NOTE });
    const dark = await inkColour(script.pdf);
    expect(Math.abs(dark.b - dark.r), JSON.stringify(dark)).toBeLessThan(40);
    const lines = await pieces(script.pdf);
    expect(lines.every((p) => p.turn === 0)).toBe(true);
    expect(lines.find((p) => p.str.startsWith("Thank you so much"))).toBeDefined();
  });

  it("the same card draws the same hand every time (quote, proof and print match); another card is drawn afresh", async () => {
    const again = async (over: Partial<TextLetterInput>) => renderPage((await render({ format: "notecard", handwriting: "pen", text: NOTE, ...over })).pdf);
    const first = await again({});
    expect((await again({})).equals(first)).toBe(true);
    expect((await again({ to: { ...to, name: "Carol Recipient" } })).equals(first)).toBe(false);
  });

  it("a double letter is two different strokes, as by hand: the pen uses the face's alternate forms", async () => {
    const doc = new PDFDocument({ size: [360, 504] });
    const style = HANDWRITING_STYLES.pen;
    doc.registerFont(HAND_FONT, openFace(style.face) as unknown as Buffer);
    doc.registerFont(HAND_FALLBACK_FONT, openFace(style.fallback) as unknown as Buffer);
    const plan = planHandwriting(doc, "Hello all, will you call? Llama sells balloons.", style, { x: 36, y: 36, width: 288, height: 432 }, "seed");
    const strokes = plan.lines.flatMap((l) => l.words.flatMap((w) => w.strokes));
    const forms = new Set(strokes.map((s) => s.features.join()));
    expect(forms.size).toBe(3);
    for (let i = 1; i < strokes.length; i++) {
      if (strokes[i].text === strokes[i - 1].text) expect(strokes[i].features, `${strokes[i - 1].text}${strokes[i].text}`).not.toEqual(strokes[i - 1].features);
    }
  });

  it("a notecard holds about 1,100 characters of prose in either hand, and says how many fit when it is more", async () => {
    for (const handwriting of ["script", "pen"] as const) {
      expect((await render({ format: "notecard", handwriting, text: PROSE.repeat(20).slice(0, 1_000) })).pageCount).toBe(1);
      const e = await errorOf(render({ format: "notecard", handwriting, text: PROSE.repeat(20).slice(0, 1_300) }));
      expect(e.code).toBe("content_too_long");
      expect(Number(e.message.match(/about (\d+) of its 1300 characters fit/)?.[1])).toBeGreaterThan(1_000);
    }
    // One word longer than the card is wide is broken, not lost or overflowing.
    const long = "Supercalifragilisticexpialidocious".repeat(3);
    expect((await extractPdfText((await render({ format: "notecard", handwriting: "script", text: long })).pdf)).replace(/\s+/g, "")).toBe(long);
  });
});

describe("fonts", () => {
  it("resolves requested font names to the printed families", () => {
    expect(resolveFont(undefined)).toBe("helvetica");
    expect(resolveFont("")).toBe("helvetica");
    expect(resolveFont("Times New Roman")).toBe("times");
    expect(resolveFont("  ARIAL ")).toBe("helvetica");
    expect(resolveFont("monospace")).toBe("courier");
    expect(resolveFont("Courier New")).toBe("courier");
    expect(resolveFont("Comic Sans")).toBeNull();
  });

  it("accepts Western European text with its punctuation and the euro sign", () => {
    expect(firstUnprintableCharacter("héllo “quoted” — €5")).toBeNull();
    expect(firstUnprintableCharacter("Ça coûte 5 £, naïve façade ‘ok’ …\n\ttab")).toBeNull();
  });

  it("prints Latin with Vietnamese, Greek and Cyrillic, and names the first character no print font has", () => {
    for (const name of ["Nguyễn Thị Minh", "Łódź", "Dvořák", "Ōtsuka", "Ελληνικά", "Привет", "“Quoted” — €5 №7 ₫"]) expect(firstUnprintableCharacter(name), name).toBeNull();
    expect(firstUnprintableCharacter("hi 😀")).toBe("😀");
    expect(firstUnprintableCharacter("Tokyo 東京")).toBe("東");
    expect(firstUnprintableCharacter("bell\u0007")).toBe("\u0007");
    expect(firstUnprintableCharacter("C1 \u0085 control")).toBe("\u0085");
  });
});
