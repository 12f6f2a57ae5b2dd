import type { RefusalCategory } from "@/lib/screening/screener";

// What a refused letter's sender reads (refusal_reason and the refused e-mail): the kind of
// letter we do not mail, in plain words, and what a lawful version may do instead. It never
// quotes the letter and never lists the words that tipped the decision: a refusal must not read
// as instructions for getting the same letter through.

const WHY: Record<RefusalCategory, string> = {
  threat: "it reads as a threat of harm to the recipient, their family, pets, home or a place",
  extortion: "it reads as extortion: it demands money or an action in exchange for not exposing or harming the recipient",
  fraud_fake_invoice: "it reads as a bill for something the recipient does not appear to have ordered, or it redirects their payments",
  fraud_phishing: "it asks the recipient to hand over secrets or identity numbers",
  fraud_advance_fee: "it promises money or a prize in return for a payment made first",
  fraud_romance: "it asks for money through affection or family ties, in ways such scams use",
  impersonation_government: "it presents itself as a government agency and asks for payment or personal data in ways that agency never uses",
  impersonation_court: "it presents itself as a court and demands payment outside the court's own process",
  impersonation_police: "it presents itself as the police or another law-enforcement agency and demands payment or personal data",
  impersonation_utility: "it presents itself as a utility and demands payment or data in ways utilities do not use",
  impersonation_bank: "it presents itself as the recipient's bank and asks for card details, PINs, cash or a transfer",
  impersonation_business: "it presents itself as a well-known company and asks for payment, access or data in ways that company does not use",
};

const LAWFUL: Record<RefusalCategory, string> = {
  threat: "A firm letter that names lawful consequences (a lawsuit, a complaint, a report to the police) is fine.",
  extortion: "A demand that names only lawful remedies (court, a complaint, collections) is fine.",
  fraud_fake_invoice: "Send offers clearly marked as offers, and bills only for what was ordered.",
  fraud_phishing: "We do not mail requests for passwords, PINs or full identity and account numbers.",
  fraud_advance_fee: "We do not mail offers that require a fee before a prize, grant, loan or refund.",
  fraud_romance: "We do not mail requests for gift cards, wires or cash of this kind.",
  impersonation_government: "We do not mail letters that impersonate government agencies.",
  impersonation_court: "We do not mail letters that impersonate courts; a demand letter that says you may go to court is fine.",
  impersonation_police: "We do not mail letters that impersonate law enforcement.",
  impersonation_utility: "We do not mail letters that impersonate utilities.",
  impersonation_bank: "We do not mail letters that impersonate banks.",
  impersonation_business: "We do not mail letters that impersonate other companies.",
};

/** The refusal reason the sender reads, for a letter refused in `category`. */
export function refusalReason(category: RefusalCategory): string {
  return `We did not mail this letter because ${WHY[category]}. ${LAWFUL[category]}`;
}

/** A category in a few words, for operators. */
export function categoryLabel(category: RefusalCategory): string {
  return category.replace(/_/g, " ");
}
