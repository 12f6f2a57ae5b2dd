import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { answerSuggestClass, suggestMailClass, SuggestClassRequestSchema } from "@/lib/letters/suggest-mail-class";

// POST /v1/suggest-class without HTTP: a labelled set of real-looking letters (notices, demands,
// complaints, and personal letters that only mention such things), then the rules one by one.

type Labelled = { text: string; expected: "first_class" | "certified" | "certified_err"; acceptable?: string[]; note: string };
const labelled: Labelled[] = JSON.parse(readFileSync(path.join(import.meta.dirname, "../fixtures/suggest-class/labelled.json"), "utf8"));

const suggest = (text: string) => suggestMailClass(text);

describe("suggest-class: the labelled set", () => {
  it("has at least 48 letters of every class, each with a note, its expected class among the acceptable ones", () => {
    expect(labelled.length).toBeGreaterThanOrEqual(48);
    for (const cls of ["first_class", "certified", "certified_err"]) expect(labelled.filter((l) => l.expected === cls).length, cls).toBeGreaterThanOrEqual(12);
    for (const l of labelled) {
      expect(l.note.length, l.text.slice(0, 40)).toBeGreaterThan(5);
      if (l.acceptable) expect(l.acceptable, l.note).toContain(l.expected);
    }
  });

  it("suggests an acceptable class for every letter of the set", () => {
    const wrong = labelled
      .map((l) => ({ l, s: suggest(l.text) }))
      .filter(({ l, s }) => !(l.acceptable ?? [l.expected]).includes(s.mail_class))
      .map(({ l, s }) => `${l.note}: expected ${l.expected}, got ${s.mail_class} (${s.reason})`);
    expect(wrong).toEqual([]);
  });

  it("gives a reason a person can read, naming what it found", () => {
    for (const l of labelled) {
      const s = suggest(l.text);
      expect(s.source).toBe("heuristic");
      expect(["high", "medium", "low"]).toContain(s.confidence);
      expect(s.reason, l.note).toMatch(/^[A-Z"].{40,400}\.$/s);
      expect(s.reason).not.toMatch(/\n|undefined|\[object/);
      if (s.mail_class !== "first_class") {
        expect(s.matched.length, l.note).toBeGreaterThan(0);
        expect(s.matched.some((m) => s.reason.includes(`"${m}"`)), l.note).toBe(true);
      }
    }
  });
});

describe("suggest-class: rules", () => {
  const eviction = "NOTICE TO QUIT\n\nYou are hereby notified to vacate the premises at 12 Main St within three (3) days.";

  it("reads a notice to vacate as certified_err, quoting the phrases it found", () => {
    const s = suggest(eviction);
    expect(s).toMatchObject({ mail_class: "certified_err", source: "heuristic", matched: ["notice to quit", "vacate the premises"] });
    expect(s.reason).toBe('The letter reads as a notice to vacate ("notice to quit", "vacate the premises"); certified mail with electronic return receipt gives you proof of delivery, signed for by the recipient.');
  });

  it("matches phrases across line breaks, runs of spaces, hyphens and any case", () => {
    expect(suggest("This is a Notice\n   to\tQuit. You must vacate the\r\npremises within 3 days.").matched).toEqual(["notice to quit", "vacate the premises"]);
    expect(suggest("Cease-and-desist: stop within 10 days.").matched).toEqual(["cease-and-desist"]);
    // Overlapping phrases count once, for the heavier then longer one.
    expect(suggest("a 3-day notice to pay or quit").matched).toEqual(["3-day notice to pay"]);
  });

  it("matches whole words only", () => {
    // "evictions" is the word, "predictions" and "convictions" are not; "lease" is not in
    // "please" or "release", "lien" not in "client", "sue you" not in "pursue you".
    expect(suggest("Three evictions this year.").matched).toEqual(["evictions"]);
    expect(suggest("Our predictions and convictions.").matched).toEqual([]);
    expect(suggest("Please release the client. We will pursue you with good news within 10 days.").matched).toEqual([]);
    expect(suggest("If you do not pay within 10 days we will sue you.").matched).toEqual(["sue you"]);
  });

  it("does not count certified inside another word", () => {
    expect(suggest("Sent by certified mail on May 2.").matched).toEqual(["certified mail"]);
    for (const text of ["Our uncertified mail room.", "She is a board-certified mail carrier.", "Recertified mail handlers.", "certifiedmail.com"]) {
      expect(suggest(text).matched, text).toEqual([]);
    }
  });

  it("does not count a negated phrase", () => {
    const hi = suggest("This is not a legal notice, just saying hi");
    expect(hi).toMatchObject({ mail_class: "first_class", matched: [] });
    expect(hi.reason).toBe('"legal notice" appears only in a negation, not as a notice to the recipient, so First-Class is enough.');
    expect(suggest("We will not be taking legal action over the fence. Pay me back within 30 days if you can.").matched).toEqual([]);
    expect(suggest("I won’t file a formal complaint, I promise.").matched).toEqual([]);
    expect(suggest("Nothing in this letter is a cease and desist, no later than Friday.").matched).toEqual([]);
  });

  it("still counts a negation that is part of a condition or a separate statement", () => {
    const threat = suggest("If you do not vacate the premises within 3 days, we will begin eviction proceedings.");
    expect(threat.mail_class).toBe("certified_err");
    expect(threat.matched).toEqual(["vacate the premises", "eviction proceedings"]);
    // "not" here is about the payment; the legal action is real.
    expect(suggest("We have not received your payment and legal action will follow within 10 days. This is our final demand.").mail_class).toBe("certified_err");
  });

  it("does not count a passing mention in a story, a film or what happened to someone else", () => {
    const movie = suggest("We watched a movie about an eviction.");
    expect(movie).toMatchObject({ mail_class: "first_class", matched: [] });
    expect(movie.reason).toMatch(/"eviction" appears only as a passing mention/);
    expect(suggest("My neighbor Tom got an eviction notice last week. You must visit by June 3!").mail_class).toBe("first_class");
    // The same phrase addressed to the recipient does count.
    expect(suggest("This is an eviction notice. You must vacate the premises by June 3.").mail_class).toBe("certified_err");
  });

  it("needs more than one strong phrase: alone it is first_class, with low confidence and a way out", () => {
    const s = suggest("Thanks for helping us with the cease and desist.");
    expect(s).toMatchObject({ mail_class: "first_class", confidence: "low", matched: ["cease and desist"] });
    expect(s.reason).toMatch(/if it is one, choose certified_err\.$/);
    expect(suggest("Cease and desist all use of our logo within 14 days.").mail_class).toBe("certified_err");
  });

  it("suggests certified for lesser formal notices", () => {
    expect(suggest("I am writing to file a formal complaint about the broken elevator. Please reply in writing.").mail_class).toBe("certified");
    expect(suggest("Notice of rent increase: starting September 1 your monthly rent will increase to $1,475, with sixty days' notice.").mail_class).toBe("certified");
    expect(suggest("FINAL NOTICE. Please return the book within 14 days.").mail_class).toBe("certified");
  });

  it("reads an ordinary letter as first_class with high confidence", () => {
    const s = suggest("Dear Grandma,\n\nThank you for the sweater! See you at Thanksgiving.\n\nLove, Anna");
    expect(s).toEqual({
      mail_class: "first_class",
      source: "heuristic",
      reason: "Nothing in the letter reads as a legal or formal notice (such as a notice to vacate, a demand for payment, a termination or a formal complaint), so First-Class is enough.",
      matched: [],
      confidence: "high",
    });
  });

  it("suggests first_class for a postcard or notecard, saying certified needs a letter", () => {
    for (const format of ["postcard_4x6", "notecard"] as const) {
      const s = suggestMailClass(eviction, format);
      expect(s).toMatchObject({ mail_class: "first_class", confidence: "high", matched: ["notice to quit", "vacate the premises"] });
      expect(s.reason).toMatch(/mailed First-Class only; certified needs a letter format/);
    }
    expect(suggestMailClass(eviction, "letter_windowed").mail_class).toBe("certified_err");
    const answer = answerSuggestClass({ text: eviction, format: "postcard_6x9" });
    expect(answer.next[1]).toMatch(/send it as a letter .* mail_class "certified_err"/);
    // An ordinary postcard gets the ordinary answer.
    expect(suggestMailClass("Greetings from Maui!", "postcard_4x6").reason).toMatch(/^Nothing in the letter/);
  });

  it("answers in the shape of spec 4.4, advisory", () => {
    const answer = answerSuggestClass({ text: eviction });
    expect(Object.keys(answer).sort()).toEqual(["advisory", "confidence", "matched", "next", "reason", "source", "status", "suggested_class"]);
    expect(answer).toMatchObject({ status: "ok", suggested_class: "certified_err", source: "heuristic", advisory: true });
    expect(answer.next[0]).toMatch(/^Advisory only: you choose the class\./);
  });

  it("straightens curly quotes and apostrophes", () => {
    expect(suggest("We will file a mechanic’s lien within 10 days.").matched).toEqual(["mechanic's lien"]);
    expect(suggest("We won’t take legal action.").matched).toEqual([]);
  });

  it("is fast on the longest text", () => {
    const long = (eviction + " the the - - a ").repeat(400).slice(0, 50_000);
    const started = performance.now();
    expect(suggest(long).mail_class).toBe("certified_err");
    expect(suggest("a-".repeat(25_000)).mail_class).toBe("first_class");
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

describe("suggest-class: request schema", () => {
  const refusal = (body: unknown) => {
    const parsed = SuggestClassRequestSchema.safeParse(body);
    return parsed.success ? null : parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
  };

  it("takes 1 to 50000 characters of text and an optional letter format", () => {
    expect(refusal({ text: "x" })).toBeNull();
    expect(refusal({ text: "x".repeat(50_000) })).toBeNull();
    expect(refusal({ text: "x", format: "notecard" })).toBeNull();
    expect(SuggestClassRequestSchema.parse({ text: "x", format: null })).toEqual({ text: "x", format: undefined });
  });

  it("says what is wrong", () => {
    expect(refusal({})).toMatch(/text is required/);
    expect(refusal({ text: 5 })).toMatch(/text must be a string/);
    expect(refusal({ text: "" })).toMatch(/text must be 1 to 50000 characters/);
    expect(refusal({ text: " \n\t " })).toMatch(/text is blank/);
    expect(refusal({ text: "x".repeat(50_001) })).toMatch(/at most 50000 characters/);
    expect(refusal({ text: "x", format: "a4" })).toMatch(/format must be one of letter, letter_windowed/);
    expect(refusal({ text: "x", mail_class: "certified" })).toMatch(/mail_class/);
  });
});
