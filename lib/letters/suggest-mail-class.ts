import { z } from "zod";
import { FORMAT_LABELS, FORMATS, MAIL_CLASS_LABELS, isLetterFormat, type Format } from "@/lib/letters/formats";
import { CATEGORIES, MARKERS, SIGNALS, type Category, type Signal, type SuggestedTier } from "@/lib/letters/mail-class-signals";

// POST /v1/suggest-class (spec 4.4): which mail class a letter's text calls for. Advisory only:
// the sender always chooses. A word-bounded heuristic (`source: "heuristic"`), pure, no I/O.
//
// The rules, in order:
//  1. Find the phrases of lib/letters/mail-class-signals.ts. Where two overlap, the stretch of
//     text counts once, for the heavier (then longer) phrase.
//  2. Drop a phrase that is negated ("this is not a legal notice", "we will not be taking legal
//     action") or a passing mention (in a sentence about a movie, a book or what happened to a
//     friend: "we watched a movie about an eviction", "my neighbor got an eviction notice").
//     A negation inside a condition still counts ("if you do not vacate the premises").
//  3. Add the weights of the phrases left, each phrase once, per tier (certified_err or
//     certified), and count the kinds of formal markers present (deadline, statute, hereby,
//     consequence, formal address; at most 3). evidence = both tiers' weights + markers.
//  4. certified_err when its phrases weigh 3 or more and evidence is 4 or more, or weigh 2 and
//     evidence is 5 or more (a lesser phrase with three kinds of marker: "we are terminating
//     the agreement effective immediately under section 8"): a notice to vacate, a demand
//     before suit, a cease and desist, a default or termination, a claim.
//  5. Else certified when the phrases of both tiers weigh 2 or more and evidence is 4 or more:
//     a complaint, a dispute, an appeal, a rent increase, a final notice.
//  6. Else first_class. One strong phrase alone is not enough (the combination is required):
//     a letter that only names "a cease and desist" talks about one, it does not serve one.
//  7. Postcards and notecards are mailed First-Class only (lib/letters/schemas.ts): with such a
//     format the answer is first_class and the reason says certified needs a letter.

export const SuggestClassRequestSchema = z.strictObject({
  text: z
    .string({ error: (issue) => (issue.input === undefined ? "text is required: send the letter's text" : "text must be a string") })
    .min(1, { error: "text must be 1 to 50000 characters" })
    .max(50_000, { error: "text must be at most 50000 characters" })
    .refine((t) => t.trim() !== "", { error: "text is blank: send the letter's text" }),
  format: z
    .enum(FORMATS, { error: `format must be one of ${FORMATS.join(", ")}` })
    .nullish()
    .transform((v) => v ?? undefined),
});
export type SuggestClassRequest = z.output<typeof SuggestClassRequestSchema>;

export type SuggestedClass = "first_class" | SuggestedTier;
export type Confidence = "high" | "medium" | "low";

export type MailClassSuggestion = {
  mail_class: SuggestedClass;
  source: "heuristic";
  /** One sentence for a person, naming what was found. */
  reason: string;
  /** The phrases that counted, lower-cased, as they appear in the text. */
  matched: string[];
  confidence: Confidence;
};

type Found = { signal: Signal; start: number; end: number; phrase: string };
type Discount = "negated" | "passing";
type Judged = Found & { discount: Discount };

export function suggestMailClass(text: string, format?: Format): MailClassSuggestion {
  return analyse(text, format).suggestion;
}

/** The response body of POST /v1/suggest-class. */
export function answerSuggestClass(req: { text: string; format?: Format }) {
  const { suggestion: s, needsLetter } = analyse(req.text, req.format);
  const next = [`Advisory only: you choose the class. To follow this suggestion, quote with mail_class "${s.mail_class}" (POST /v1/quotes).`];
  if (needsLetter) next.push(`For proof of delivery, send it as a letter (format "letter" or "letter_windowed") with mail_class "${needsLetter}".`);
  else if (s.mail_class === "certified_err") next.push("Keep the electronic return receipt with your copy of the letter: it shows when it was delivered and who signed for it.");
  else if (s.mail_class === "certified") next.push('If you may have to prove who received it (to a court, a landlord or a lender), choose "certified_err" instead.');
  else next.push('If you need proof of mailing or delivery, choose "certified" or "certified_err" instead.');
  return { status: "ok" as const, suggested_class: s.mail_class, reason: s.reason, source: s.source, matched: s.matched, confidence: s.confidence, advisory: true as const, next };
}

/** The suggestion, and the certified class the text calls for when its format cannot have it. */
function analyse(text: string, format?: Format): { suggestion: MailClassSuggestion; needsLetter: SuggestedTier | null } {
  const t = normalize(text);
  // Each phrase counts once: after its first counted occurrence the others need no judging.
  const counted = new Map<Signal, Found>();
  const discounted: Judged[] = [];
  for (const f of findPhrases(t).sort((a, b) => a.start - b.start)) {
    if (counted.has(f.signal)) continue;
    const discount = discountOf(t, f.start, f.end);
    if (discount) discounted.push({ ...f, discount });
    else counted.set(f.signal, f);
  }
  const countedPhrases = [...counted.values()];
  const ignored = discounted.filter((j) => !counted.has(j.signal));

  const weightOf = (tier: SuggestedTier) => countedPhrases.filter((j) => tierOf(j) === tier).reduce((sum, j) => sum + j.signal.weight, 0);
  const errWeight = weightOf("certified_err");
  const certWeight = weightOf("certified");
  const markers = Math.min(3, new Set(MARKERS.filter((m) => new RegExp(m.re).test(t)).map((m) => m.kind)).size);
  const evidence = errWeight + certWeight + markers;

  const tier: SuggestedTier | null =
    (errWeight >= 3 && evidence >= 4) || (errWeight >= 2 && evidence >= 5) ? "certified_err" : errWeight + certWeight >= 2 && evidence >= 4 ? "certified" : null;
  const matched = unique(countedPhrases.map((j) => j.phrase));

  if (tier && format && !isLetterFormat(format)) {
    const { label, quoted } = describe(countedPhrases, tier);
    const reason = `The text reads as ${label} (${quoted}), which calls for ${MAIL_CLASS_LABELS[tier]}, but a ${FORMAT_LABELS[format].toLowerCase()} is mailed First-Class only; certified needs a letter format (letter or letter_windowed).`;
    return { suggestion: { mail_class: "first_class", source: "heuristic", reason, matched, confidence: "high" }, needsLetter: tier };
  }
  if (tier) {
    const { label, quoted } = describe(countedPhrases, tier);
    const why = tier === "certified_err"
      ? "certified mail with electronic return receipt gives you proof of delivery, signed for by the recipient."
      : "certified mail gives you proof that it was sent and a record of its delivery.";
    const confidence: Confidence = evidence >= 7 ? "high" : evidence >= 5 ? "medium" : "low";
    return { suggestion: { mail_class: tier, source: "heuristic", reason: `The letter reads as ${label} (${quoted}); ${why}`, matched, confidence }, needsLetter: null };
  }
  return { suggestion: { mail_class: "first_class", source: "heuristic", ...whyFirstClass(countedPhrases, ignored, errWeight, certWeight, evidence), matched }, needsLetter: null };
}

// Curly quotes and apostrophes are straightened so that "don't" and "mechanic's" match as
// typed on a phone; non-breaking spaces and soft hyphens (pasted from word processors) too.
function normalize(text: string): string {
  return text.replace(/[\u2018\u2019\u02bc\u2032]/g, "'").replace(/[\u201c\u201d]/g, '"').replace(/\u00a0/g, " ").replace(/\u00ad/g, "");
}

function findPhrases(t: string): Found[] {
  const all: Found[] = [];
  for (const signal of SIGNALS) {
    for (const m of t.matchAll(signal.re)) all.push({ signal, start: m.index, end: m.index + m[0].length, phrase: m[0].toLowerCase().replace(/\s+/g, " ") });
  }
  all.sort((a, b) => b.signal.weight - a.signal.weight || b.end - b.start - (a.end - a.start) || a.start - b.start);
  const taken = new Uint8Array(t.length);
  const kept: Found[] = [];
  for (const f of all) {
    if (taken.subarray(f.start, f.end).some((x) => x === 1)) continue;
    taken.fill(1, f.start, f.end);
    kept.push(f);
  }
  return kept;
}

const tierOf = (f: Found): SuggestedTier => CATEGORIES[f.signal.category].tier;

// The sentence before a phrase, and within it the clause (commas, semicolons, colons, dashes,
// brackets and "but" end a clause; quotes do not: 'not a "legal notice"'). Line breaks inside
// a paragraph end neither: letters wrap lines.
const SENTENCE_END = /[.!?]+["')\]]*\s+|\n[ \t]*\n/g;
const CLAUSE_END = /[,;:()\u2013\u2014]|\s-\s|\bbut\b/gi;

function lastPiece(s: string, separator: RegExp): string {
  let from = 0;
  for (const m of s.matchAll(separator)) from = m.index + m[0].length;
  return s.slice(from);
}

// A negator counts when only these words stand between it and the phrase: "is not a legal
// notice", "will not be taking legal action", "no need for a formal complaint". Any other word
// ends it: "we have not received payment and legal action will follow" is not a negation.
const NEGATORS = new Set(["not", "no", "never", "nothing", "nor", "neither", "without", "none"]);
const FILLERS = new Set(
  ("a an the this that these any such some kind sort of be been being is are was were am it it's as for in to really actually " +
    "going intended meant need needed needs considered seeking sending send sent taking take pursuing pursue filing file planning plan " +
    "want wanting intend intending threatening threaten have has had do does did yet ever at all will would should could can may might " +
    "legally formal official our your my letter email note message real").split(" "),
);
// A negation inside a condition is a threat, which counts: "if you do not vacate the premises".
const CONDITION = /\b(if|unless|until|otherwise|should|failure|fail|failing|else)\b/i;

// A sentence about a film, a book or what happened to someone else mentions a notice without
// being one. Media nouns that also mean something in a notice ("story" of a building) need an
// article and "about".
const PASSING_BEFORE = new RegExp(
  [
    "\\b(watch|watched|watching|binged|read about|reading about|heard about|hearing about|talked about|talking about|joked about|joking about|learned about|dreamed about|dreamt about|reminded me of|remember when)\\b",
    "\\b(movie|movies|film|films|documentary|documentaries|novel|novels|podcast|podcasts|episode|episodes|sitcom|sitcoms|netflix|tv|book|books)\\b",
    "\\b(a|the|that|this) (story|article|show|series|play) (about|of|on)\\b",
    "\\b(my|his|her|their|our|your) (friend|friends|neighbor|neighbors|neighbour|cousin|brother|sister|mom|mother|dad|father|aunt|uncle|coworker|co-worker|colleague|roommate|boss|son|daughter|grandma|grandmother|grandpa|grandfather|buddy|niece|nephew)('s)?( [\\w']+){0,3} (got|gets|received|receives|was served|were served|is facing|was facing|faced|went through|is going through|had)\\b",
    "\\b(he|she|they) (got|received|was served|were served|is facing|was facing)\\b",
  ].join("|"),
  "i",
);
const PASSING_AFTER = /^\W*(\w+\W+){0,2}(movie|movies|film|films|documentary|episode|scene|scenes|plot|joke|jokes|storyline)\b/i;

function discountOf(t: string, start: number, end: number): Discount | null {
  const sentence = lastPiece(t.slice(Math.max(0, start - 400), start), SENTENCE_END);
  const clause = lastPiece(sentence, CLAUSE_END);
  if (isNegated(clause)) return "negated";
  const afterClause = t.slice(end, end + 80).split(/[.!?,;:\n]/)[0];
  if (PASSING_BEFORE.test(sentence) || PASSING_AFTER.test(afterClause)) return "passing";
  return null;
}

function isNegated(clause: string): boolean {
  if (CONDITION.test(clause)) return false;
  const words = clause.toLowerCase().split(/\s+/).filter(Boolean).map((w) => w.replace(/^[^a-z']+|[^a-z']+$/g, ""));
  for (let i = words.length - 1, seen = 0; i >= 0 && seen <= 6; i--, seen++) {
    const w = words[i];
    if (NEGATORS.has(w) || w.endsWith("n't")) return true;
    if (!FILLERS.has(w)) return false;
  }
  return false;
}

/**
 * The label of the heaviest category of the tier (of any tier when the tier has no phrase of
 * its own: certified reached on lesser phrases of the other tier), and up to three phrases.
 */
function describe(phrases: Found[], tier: SuggestedTier): { label: string; quoted: string } {
  const own = phrases.filter((j) => tierOf(j) === tier);
  const inTier = own.length ? own : phrases;
  const byCategory = new Map<Category, number>();
  for (const j of inTier) byCategory.set(j.signal.category, (byCategory.get(j.signal.category) ?? 0) + j.signal.weight);
  const top = [...byCategory.entries()].sort((a, b) => b[1] - a[1])[0][0];
  const ordered = [...inTier.filter((j) => j.signal.category === top), ...inTier.filter((j) => j.signal.category !== top).sort((a, b) => b.signal.weight - a.signal.weight)];
  return { label: CATEGORIES[top].label, quoted: quote(ordered.map((j) => j.phrase)) };
}

function whyFirstClass(counted: Found[], ignored: Judged[], errWeight: number, certWeight: number, evidence: number): { reason: string; confidence: Confidence } {
  if (counted.length === 0 && ignored.length === 0) {
    return {
      reason: "Nothing in the letter reads as a legal or formal notice (such as a notice to vacate, a demand for payment, a termination or a formal complaint), so First-Class is enough.",
      confidence: "high",
    };
  }
  if (counted.length === 0) {
    const how = ignored.every((j) => j.discount === "negated") ? "in a negation" : ignored.every((j) => j.discount === "passing") ? "as a passing mention" : "in a negation or a passing mention";
    return {
      reason: `${quote(ignored.map((j) => j.phrase))} appear${unique(ignored.map((j) => j.phrase)).length > 1 ? "" : "s"} only ${how}, not as a notice to the recipient, so First-Class is enough.`,
      confidence: "medium",
    };
  }
  const tier: SuggestedTier = errWeight >= certWeight ? "certified_err" : "certified";
  const { label, quoted } = describe(counted, tier);
  if (errWeight >= 3 || certWeight >= 3) {
    return {
      reason: `The letter mentions ${quoted} but nothing else reads as ${label} (no deadline, demand or formal notice to the recipient), so First-Class is enough; if it is one, choose ${tier}.`,
      confidence: "low",
    };
  }
  return {
    reason: `Only a few words of a formal notice turn up (${quoted}), not enough to read as one, so First-Class is enough.`,
    confidence: evidence >= 3 ? "low" : "medium",
  };
}

function quote(phrases: string[]): string {
  return unique(phrases).slice(0, 3).map((p) => `"${p}"`).join(", ");
}

function unique(items: string[]): string[] {
  return [...new Set(items)];
}
