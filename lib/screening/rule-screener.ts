import type { RefusalCategory, Screener, ScreeningVerdict } from "@/lib/screening/screener";
import { IMPERSONATION, advanceFee, extortion, fakeInvoice, impersonation, phishing, threat, type Hit, type Scored } from "@/lib/screening/rule-categories";
import { readLetter } from "@/lib/screening/rule-lexicon";

// The rule-based screener: weighted, word-bounded signals per refusal category
// (rule-categories.ts, built from the vocabulary in rule-lexicon.ts). A category scoring
// REFUSE_AT or more refuses the letter; REVIEW_AT or more holds it for an operator.
// The signals look for what a letter does (harm promised by the writer, exposure traded for
// money, a fee before a windfall, secrets requested, an authority speaking in its own voice and
// wanting gift cards, cash couriers or a "safe account"), not for words lawful letters share
// with it: "court", "attorney", "police", "pay by Friday or I will file in small claims" and
// "final notice" alone never refuse anything. When a lawful look-alike could score, the
// weights are set so that it is held for a person rather than refused.

export const REFUSE_AT = 3;
export const REVIEW_AT = 2;

/** What the category is, for the sender; the signals that fired are added after it. */
const LEAD: Record<RefusalCategory, string> = {
  threat: "We did not mail this letter because it reads as a threat to the recipient, their family, pets or property.",
  extortion: "We did not mail this letter because it reads as extortion: it demands money or an action in exchange for not exposing or harming the recipient.",
  fraud_fake_invoice: "We did not mail this letter because it reads as a bill for something the recipient does not appear to have ordered, or redirects their payments.",
  fraud_phishing: "We did not mail this letter because it asks the recipient to hand over secrets or identity numbers.",
  fraud_advance_fee: "We did not mail this letter because it promises money in return for a payment made first.",
  impersonation_government: "We did not mail this letter because it presents itself as coming from a government agency and asks for payment or personal data in ways that agency never uses.",
  impersonation_court: "We did not mail this letter because it presents itself as coming from a court and demands payment outside the court's own process.",
  impersonation_police: "We did not mail this letter because it presents itself as coming from the police or another law-enforcement agency and demands payment or personal data.",
  impersonation_utility: "We did not mail this letter because it presents itself as coming from a utility and demands payment or data in ways utilities do not use.",
  impersonation_bank: "We did not mail this letter because it presents itself as coming from a bank and asks for card details, PINs, cash or a transfer to a 'safe' account.",
};

/** What a lawful version of the letter may do instead. */
const LAWFUL: Record<RefusalCategory, string> = {
  threat: "A firm letter that names lawful consequences (a lawsuit, a complaint, a report to the police) is fine.",
  extortion: "A demand that names only lawful remedies (court, a complaint, collections) is fine.",
  fraud_fake_invoice: "Send offers clearly marked as offers, and bills only for what was ordered.",
  fraud_phishing: "We do not mail requests for passwords, PINs or full identity and account numbers.",
  fraud_advance_fee: "We do not mail offers that require a fee before a prize, grant, loan or refund.",
  impersonation_government: "We do not mail letters that impersonate government agencies.",
  impersonation_court: "We do not mail letters that impersonate courts; a demand letter that says you may go to court is fine.",
  impersonation_police: "We do not mail letters that impersonate law enforcement.",
  impersonation_utility: "We do not mail letters that impersonate utilities.",
  impersonation_bank: "We do not mail letters that impersonate banks.",
};

/** The plain-words account of what fired, strongest first, without quoting the letter. */
function because(hits: Hit[]): string {
  const says = [...hits].sort((a, b) => b.weight - a.weight).map((h) => h.says);
  return [...new Set(says)].slice(0, 4).join("; ");
}

export function screenText(text: string): ScreeningVerdict {
  const letter = readLetter(text);
  const scored: [RefusalCategory, Scored][] = [
    ["threat", threat(letter)],
    ["extortion", extortion(letter)],
    ["fraud_fake_invoice", fakeInvoice(letter)],
    ["fraud_phishing", phishing(letter)],
    ["fraud_advance_fee", advanceFee(letter)],
    ...IMPERSONATION.map(([category, who]): [RefusalCategory, Scored] => [category, impersonation(letter, who)]),
  ];
  const [category, top] = scored.reduce((best, cur) => (cur[1].score > best[1].score ? cur : best));
  const signals = scored.filter(([, s]) => s.hits.length > 0).flatMap(([c, s]) => s.hits.map((h) => `${c}: ${h.name}`));
  if (top.score >= REFUSE_AT) {
    return { decision: "refuse", category, reason: `${LEAD[category]} What we found: ${because(top.hits)}. ${LAWFUL[category]}`, signals };
  }
  if (top.score >= REVIEW_AT) {
    return { decision: "review", category, reason: `Possibly ${category.replace("_", " ")} (score ${top.score}): ${top.hits.map((h) => h.name).join("; ")}.`, signals };
  }
  return { decision: "allow", category: null, reason: null, signals };
}

export class RuleScreener implements Screener {
  readonly name = "rules";
  async screen(text: string): Promise<ScreeningVerdict> {
    return screenText(text);
  }
}
