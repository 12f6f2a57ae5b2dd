import { describe, expect, it } from "vitest";
import { shippedScreener } from "@/lib/screening/two-key-screener";
import { loadLetters } from "@/scripts/screening/corpus";
import { HELD_LETTER, LAWFUL_DEMAND, THREAT_LETTER } from "@/tests/support/screening-letters";

// The letters other tests rely on are still decided as they expect (see tests/support/screening-letters.ts).

describe("the letters the other tests rely on", () => {
  const screener = shippedScreener();
  it("refuses the threat as a threat", () => {
    expect(screener.screenNow(THREAT_LETTER)).toMatchObject({ decision: "refuse", category: "threat" });
  });
  it("holds the suspicious letter for a person", () => {
    expect(screener.screenNow(HELD_LETTER).decision).toBe("review");
  });
  it("mails the lawful demand", () => {
    expect(screener.screenNow(LAWFUL_DEMAND).decision).toBe("allow");
  });
  // What a new user or an agent sends first: the README's curl example, the compose page's and
  // the MCP test's short notes, a postcard line. A short letter is judged by what it says; a
  // classifier that had only seen letters of thirty words and more held these for a person.
  it.each([
    "Hello from the sandbox",
    "Dear Ada,\n\nThe engine is ready for your programme.\n\nCharles",
    "Dear Ada,\n\nSent by an agent.\n\nCharles",
    "Happy birthday, Ada!",
    "Greetings from the lake.",
  ])("mails the short note %j", (text) => {
    expect(screener.screenNow(text).decision).toBe("allow");
  });
});

// A passage in words no training letter used (a language the corpus lacks, or a spelling made to
// dodge it) is read by neither key: it is held for a person, never mailed unread and never
// refused for being unread. (Before, a threat in German was mailed.)
describe("letters the screener cannot read", () => {
  const screener = shippedScreener();
  it.each([
    ["a threat in German", "Ich weiß, wo du wohnst und auf welche Schule deine Kinder gehen. Wenn du mir die dreitausend Dollar nicht bis Freitag zurückgibst, komme ich zu dir nach Hause und tue deiner Frau und deinen Kindern weh. Ruf nicht die Polizei."],
    ["family news in Russian", "Дорогая Наташа!\n\nПишу тебе из Бруклина. У нас всё хорошо, дети ходят в школу, Саша нашёл работу в пекарне. Погода холодная, но мы привыкаем. Передай привет бабушке и дяде Коле.\n\nЦелую, твоя Оля"],
    ["an English letter with a paragraph in Vietnamese", `${LAWFUL_DEMAND}\n\nTao biết nhà mày ở đâu và con mày học trường nào. Nếu thứ Sáu này mày không trả ba ngàn đô, tao sẽ đến nhà mày và làm hại vợ con mày. Đừng gọi cảnh sát.`],
    ["a threat spelled to dodge the words", "Y0u w1ll p@y th3 m0n3y by Fr1d@y 0r y0ur h0us3 burnz w1th y0u 1ns1d3, d0nt c@ll th3 c0pz, 1 kn0w wh3r3 ur k1dz g0 2 sk00l"],
  ])("holds %s for a person, saying it was not read", (_kind, text) => {
    const verdict = screener.screenNow(text);
    expect(verdict.decision).toBe("review");
    expect(verdict.reason).toMatch(/^Not read: in one passage only \d+ of \d+ words/);
    expect(verdict.evidence.unread!.share).toBeLessThan(0.4);
  });

  it("keeps the category and the scores' reason of a letter they hold already, after saying it was not read", () => {
    const held = screener.screenNow(HELD_LETTER);
    const withUnread = screener.screenNow(`${HELD_LETTER}\n\nDorogaya Natasha, pishu tebe iz Bruklina, u nas vsyo khorosho, deti khodyat v shkolu, Sasha nashyol rabotu v pekarne, pogoda kholodnaya no my privykaem, peredai privet babushke.`);
    expect(withUnread.decision).toBe("review");
    expect(withUnread.category).toBe(held.category);
    // Then why the scores hold it (they read the letter with the passage, so their numbers differ).
    expect(withUnread.reason).toMatch(/^Not read: in one passage only \d+ of \d+ words .+\. Possibly threat: classifier 0\.\d+ \(threat\)/);
  });

  it("mails an English letter that quotes a line in another language", () => {
    const text = "Dear Rosa,\n\nThank you for the lovely dinner on Sunday. Your grandmother's blessing, \"Que Dios te bendiga, mija\", made me cry, and the tamales were the best I have eaten since I was a girl in San Antonio.\n\nWith love,\nMarta";
    const verdict = screener.screenNow(text);
    expect(verdict.decision).toBe("allow");
    expect(verdict.evidence.unread).toBeUndefined();
  });
});

// Padding must not buy a mailing: the classifier reads a letter as a whole, so pages of family
// news around a threat pull its score down. A run of paragraphs that reads as harmful, with the
// frame agreeing, holds the letter for a person; a letter longer than the calibration letters is
// read passage by passage. (Family news: the body paragraphs of the corpus's personal letters.)
describe("a threat padded or buried in pages of lawful text", () => {
  const screener = shippedScreener();
  const family = loadLetters("train")
    .flatMap((f) => f.letters)
    .filter((l) => l.label === "allow" && l.category === "personal")
    .map((l) => l.text.split(/\n\s*\n/).slice(1, -1).join("\n\n"))
    .filter((body) => body.length > 300);
  const [greeting, ...threat] = THREAT_LETTER.split("\n\n");
  const pages = family.join("\n\n").slice(0, 44_000);
  const middle = pages.lastIndexOf("\n\n", 22_000);

  it("holds a threat after three letters' worth of family news", () => {
    const padded = [greeting, ...family.slice(0, 3), ...threat].join("\n\n");
    const verdict = screener.screenNow(padded);
    expect(verdict).toMatchObject({ decision: "review", category: "threat" });
    expect(verdict.reason).toMatch(/^Possibly threat: one passage scores/);
  });

  it("stops a threat in the middle of a 44,000-character letter, and mails the letter without it", () => {
    const buried = `${pages.slice(0, middle)}\n\n${THREAT_LETTER}${pages.slice(middle)}`;
    expect(screener.screenNow(buried).decision).not.toBe("allow");
    expect(screener.screenNow(pages).decision).toBe("allow");
  });

  it("mails a lawful demand in the middle of the same letter", () => {
    expect(screener.screenNow(`${pages.slice(0, middle)}\n\n${LAWFUL_DEMAND}${pages.slice(middle)}`).decision).toBe("allow");
  });
});

// A long letter is refused at the first passage that is refused: the rest is not read, and of two
// harmful passages the earlier names the refusal.
describe("a long letter with two harmful passages", () => {
  const screener = shippedScreener();
  const letters = loadLetters("train").flatMap((f) => f.letters);
  // Pages of one kind of harm: letters of the category the screener refuses as that category.
  const pagesOf = (category: string) => {
    const refused = letters.filter((l) => l.category === category && screener.screenNow(l.text).category === category && screener.screenNow(l.text).decision === "refuse");
    return refused.map((l) => l.text).join("\n\n").slice(0, 6_000);
  };
  const family = letters.filter((l) => l.label === "allow" && l.category === "personal").map((l) => l.text).join("\n\n");
  const [invoice, threat] = [pagesOf("fraud_fake_invoice"), pagesOf("threat")];
  const between = (a: string, b: string) => [family.slice(0, 8_000), a, family.slice(8_000, 20_000), b, family.slice(20_000, 30_000)].join("\n\n");

  it.each([
    ["fraud_fake_invoice", "threat"],
    ["threat", "fraud_fake_invoice"],
  ])("is refused as %s when that comes first, before the %s", (first) => {
    const text = first === "threat" ? between(threat, invoice) : between(invoice, threat);
    expect(text.length).toBeGreaterThan(35_000);
    expect(screener.screenNow(text)).toMatchObject({ decision: "refuse", category: first });
  });
});

// The longest text the API takes, in shapes no letter of the corpus has: read without failing.
describe("letters of odd shapes, up to the 50,000-character limit", () => {
  const screener = shippedScreener();
  it.each([
    ["one paragraph, no line breaks", "We had a lovely week at the lake and the children swam every day. ".repeat(740).slice(0, 50_000)],
    ["emoji and accents, cut across passages", "Happy birthday, Grand-mère Zoë! 🎂🎉 We all send you a big hug from the café. ".repeat(700).slice(0, 50_000)],
    ["blank lines only around a few words", `${"\n\n".repeat(12_000)}Happy birthday, Ada!${"\n \n".repeat(8_000)}`],
  ])("mails %s", (_shape, text) => {
    expect(screener.screenNow(text).decision).toBe("allow");
  });
});

// A passage that reads as a warning about fraud (or as fiction) cannot turn the frame's key, so a
// long letter's passages are decided without the frame's full reading there, and it is read only
// when that passage's verdict is the letter's: the verdict must be the one a full reading gives.
describe("a long letter whose likeliest passage reads as a warning about fraud", () => {
  const screener = shippedScreener();
  const harmful = loadLetters("train").flatMap((f) => f.letters).filter((l) => l.label === "refuse").map((l) => l.text);
  const family = loadLetters("train")
    .flatMap((f) => f.letters)
    .filter((l) => l.label === "allow" && l.category === "personal")
    .map((l) => l.text)
    .join("\n\n")
    .slice(0, 12_000);
  // The harmful letters' first pages: among them scams that print fraud warnings of their own.
  const scams = harmful.join("\n\n").slice(0, 50_000);

  it("is refused on a later passage that reads as plainly harmful", () => {
    expect(screener.screenNow(scams)).toMatchObject({ decision: "refuse" });
  });

  it("is held with the frame's full reading when no passage is refused", () => {
    const warningsOnly = `${family}\n\n${scams.slice(0, scams.indexOf("\n\n", 3_500))}`;
    const verdict = screener.screenNow(warningsOnly);
    expect(verdict.decision).toBe("review");
    expect(verdict.evidence.frame.signals.join(" ")).toMatch(/reads as (a warning about fraud|fiction or reporting)/);
    expect(verdict.evidence.frame.category).not.toBeNull();
  });
});
