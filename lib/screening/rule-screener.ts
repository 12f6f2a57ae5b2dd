import type { RefusalCategory, Screener, ScreeningVerdict } from "@/lib/screening/screener";

// The rule-based screener: weighted, word-bounded signals per refusal category. A category
// scoring REFUSE_AT or more refuses the letter; REVIEW_AT or more holds it for an operator.
// The signals look for the shape of the wrongdoing (harm promised by the writer, exposure
// traded for money, a fee before a windfall, credentials requested, an authority that wants
// gift cards), not for words that lawful letters share with it: "court", "attorney", "pay by
// Friday or I will file in small claims" and "final notice" alone never refuse anything.

export const REFUSE_AT = 3;
export const REVIEW_AT = 2;

type Signal = { name: string; weight: number; re: RegExp };
type Scored = { score: number; signals: string[] };

const sig = (name: string, weight: number, re: RegExp): Signal => ({ name, weight, re });

function normalize(text: string): string {
  return text
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/\s+/g, " ")
    .toLowerCase();
}

function scoreOf(text: string, signals: Signal[]): Scored {
  let score = 0;
  const hits: string[] = [];
  for (const s of signals) {
    if (s.weight > 0 && s.re.test(text)) {
      score += s.weight;
      hits.push(s.name);
    }
  }
  return { score, signals: hits };
}

const has = (text: string, re: RegExp) => re.test(text);

// ------------------------------------------------------------------------------------------
// Shared signals
// ------------------------------------------------------------------------------------------

/** Payment by means that cannot be traced or reversed: the scammer's favourite. */
const UNTRACEABLE = /\b(gift ?cards?|itunes|google play (cards?)?|steam (cards?|wallet)|vanilla (visa|gift|prepaid)|green ?dot|prepaid (debit |visa |mastercard )?cards?|moneypak|bitcoin|btc|crypto ?(currency|wallet|coins?)?|usdt|ethereum|western union|moneygram|bitcoin atm|cash ?app|zelle)\b/;
const PAY_DEMAND = /\b(pay|payment|remit|send|transfer|deposit|settle|purchase|buy|load)\b/;
const URGENCY = /\b(within (24|48|72) hours|within (one|two|three|1|2|3) (business )?days?|immediately|right away|act now|urgent(ly)?|without delay|today|by end of (day|business)|time[- ]sensitive)\b/;
const SECRECY = /\b(do not (tell|discuss|contact|inform|share this|call your bank|speak)|don't (tell|discuss|contact)|keep this (confidential|between us|secret|private)|tell no one|not (to )?(discuss|share) this)\b/;
/** A request for secrets no legitimate sender asks for by letter. Negated mentions are removed first. */
const CREDENTIALS = /\b(social security (number|no)|ssn|passwords?|passcodes?|pin( (number|code))?|full (card|account) number|(credit|debit|bank) card number|card number|cvv|cvc|security code|routing number|(bank )?account (number|no)|online banking (login|credentials|password)|login (details|credentials)|username and password|mother's maiden name)\b/;
const NEGATED_CREDENTIALS = /\b(never|will not|won't|do not|don't|does not|doesn't|not)\b[^.]{0,40}\b(ask|request|call|e-?mail|text|share|give|send|disclose)\b[^.]{0,60}/g;

function withoutNegatedRequests(text: string): string {
  return text.replace(NEGATED_CREDENTIALS, " ");
}

// ------------------------------------------------------------------------------------------
// Categories
// ------------------------------------------------------------------------------------------

function threat(t: string): Scored {
  return scoreOf(t, [
    // Harm promised by the writer: "I will hurt you", "we're going to burn your house".
    sig("writer promises violence", 4, /\b(i|we)('ll| will|'m going to| am going to| are going to|'re going to| shall| intend to| plan to)( personally)? (kill|hurt|shoot|stab|burn|beat|strangle|break your|break every|destroy you|end you|make you (suffer|bleed)|come (for|after) you|hunt you|find you and|get you|pay you a visit|visit you)\b/),
    sig("veiled threat", 3, /(would be a (real )?shame if|something (bad|terrible|unfortunate|awful) (might|could|will|is going to) happen|accidents (happen|can happen)|watch your back|sleep with one eye|won't see (it|me|us) coming|you have been warned|your days are numbered|count your days|nobody (will|would) (ever )?find|i('d| would) hate for (something|anything)|be a pity if)/),
    sig("knows where the recipient or family is", 2.5, /\b(i|we) know where (you|your (kids|children|son|daughter|wife|husband|family|mother|parents)) (live|lives|work|works|sleep|go|goes|park|parks|play|plays|are|is)\b|\bi('ve| have) been watching (you|your)\b|\bi (follow|followed|watch|watched) (you|your)\b/),
    sig("harm to home, car or pets", 2.5, /\b(your|the) (house|home|car|truck|store|shop|business|dog|cat|pets?) (would|could|might|will) (burn|catch fire|go up in flames|get hurt|be hurt|disappear|have an accident)\b/),
    sig("regret or pay for it", 1, /\byou('ll| will| are going to|'re going to) (regret|be sorry|pay for (this|what you did|it)|wish you (had|hadn't|never))\b/),
    sig("weapon", 1, /\b(gun|guns|knife|knives|bullets?|shotgun|rifle|gasoline|baseball bat|crowbar)\b/),
  ]);
}

function extortion(t: string): Scored {
  const exposure = /\b(photos?|pictures?|videos?|recordings?|footage|screenshots?|webcam|intimate|affair|secret|browsing history|private (messages|emails|texts)|records of)\b/;
  const publish = /\b(release|publish|post (them|it|online|on)|send (them|it|these|copies|the)? ?(photos|videos|pictures)? ?to (your|every)|share (them|it|these)|expose|leak|show (them|it|these) to|tell your (wife|husband|spouse|boss|employer|family|church|friends|contacts|neighbors|partner)|everyone (you know|will know|will see)|your (contacts|employer|family|wife|husband) will (see|know|receive|learn))\b/;
  const conditional = /\b(unless|or else|if you (don't|do not|fail to|refuse to)|if (the )?payment is not|otherwise)\b/;
  return scoreOf(t, [
    sig("threat to expose private material", has(t, exposure) && has(t, publish) ? 2.5 : 0, /./),
    sig("pay or else", has(t, conditional) && has(t, PAY_DEMAND) && has(t, publish) ? 1.5 : 0, /./),
    sig("untraceable payment for silence", has(t, UNTRACEABLE) && has(t, publish) ? 1.5 : 0, /./),
    sig("pay or things happen", 3, /(make sure nothing happens|so (that )?nothing happens|(don't|do not|if you don't|fail to|refuse to) pay[^.]{0,60}(things|something|bad things|accidents)[^.]{0,30}(happen|go wrong|start|break)|(windows|glass|place|store|shop) (stay|stays|will stay) in one piece|protection (fee|money|payment))/),
    sig("demand for silence money", 1.5, /\b(price of (my|our) silence|keep (my|our) mouth shut|for (my|our) silence|hush money|to keep (this|it|quiet))\b/),
  ]);
}

function fakeInvoice(t: string): Scored {
  const billing = /\b(invoice|amount due|total due|balance due|remit|payable|renewal (notice|fee|invoice)|final notice|statement of account|due date|pay this amount)\b/;
  const isBill = has(t, billing);
  return scoreOf(t, [
    sig("bill for listings or registrations rarely ordered by letter", isBill ? 2 : 1, /\b(domain (name )?(listing|registration|renewal|expiration|expiry|submission|services?)|search engine (submission|registration|listing|optimization|optimisation)|seo (services?|listing)|(online |business |national )?(directory|yellow pages) (listing|entry|registration|renewal)|trademark (registration|monitoring|listing|publication) (service|fee|renewal)|(annual|corporate) (compliance|minutes|records|report|filing) (statement|service|fee|form)|labor law (poster|compliance))\b/),
    sig("solicitation dressed as a bill", isBill ? 1.5 : 0, /(this is (a solicitation|not a bill|an offer)|not a bill|is a solicitation|you are under no obligation|no obligation to (pay|accept)|unless you accept this offer)/),
    sig("pay or lose the listing", 1.5, /(failure to (pay|remit|respond|renew)[^.]{0,80}(loss|cancell?ation|deactivation|removal|expir|lose|released)|(lose|loss of) (your )?(domain|listing|ranking|search (engine )?ranking|online presence|website|trademark|good standing)|(domain|listing|website) will be (deleted|removed|released|cancell?ed|made available))/),
    sig("unordered goods billed", isBill ? 1.5 : 0, /\b(toner|printer cartridges?|office supplies|copier supplies)\b/),
    sig("bill paid by untraceable means", isBill && has(t, UNTRACEABLE) ? 2 : 0, /./),
    // Payment diversion: "we changed banks, pay the invoices to this new account, don't call".
    sig("payments redirected to a new account", 2, /(chang(ed|ing) (its|our) (bank|banking|payment)|new (bank(ing)? )?(account|provider|payment (processing )?account)|updated (bank|banking|remittance|payment) (details|information|instructions)|(remit|send|sent|pay)[^.]{0,60}(to|into) (our|the) new)/),
    sig("account and routing numbers to pay into", has(t, /\brouting\b/) && has(t, /\baccount\b/) && has(t, PAY_DEMAND) ? 1 : 0, /./),
    sig("do not check with us", 1.5, /\b(do not|don't|please do not) (call|contact|phone|email|visit) (our|the|your) (main|usual|regular|old|local)? ?(office|line|number|branch|representative|bank)/),
  ]);
}

/** How many distinct secrets a letter mentions (after removing "we will never ask for ..."). */
function secretsAsked(t: string): number {
  const kinds = [/\b(pin|pin number|pin code)\b/, /\bpasswords?|passcodes?\b/, /\b(cvv|cvc|security code|3-digit code)\b/, /\b(full )?(social security number|ssn)\b/, /\b(full (card|account) number|card number)\b/, /\b(routing number|bank account number|online banking)\b/, /\bmother's maiden name\b/, /\b(driver's license number|passport number)\b/];
  return kinds.filter((k) => k.test(t)).length;
}

function phishing(t: string): Scored {
  const asked = withoutNegatedRequests(t);
  const secrets = secretsAsked(asked);
  return scoreOf(asked, [
    sig("asks for several secrets", secrets >= 3 ? 3 : secrets === 2 ? 1.5 : 0, /./),
    sig("asks for credentials or identity numbers", 1.5, new RegExp(`\\b(provide|confirm|verify|send|enter|update|give|include|write|reply with|call (us )?with|have your)\\b[^.]{0,80}${CREDENTIALS.source}|${CREDENTIALS.source}[^.]{0,60}\\b(to (verify|confirm|restore|reactivate|unlock|release|process|claim))\\b`)),
    sig("verify to restore", 1.5, /\b(verify|confirm|update|validate|re-?activate|reconfirm|unlock|restore|re-?verify)\b[^.]{0,60}\b(your )?(account|identity|information|details|records|card|access|benefits)\b[^.]{0,80}\b(suspend|lock|frozen|freez|deactivat|restrict|clos|terminat|cancel)/),
    sig("account suspended", 1, /\b(account|card|access|service|benefits?|membership)\b[^.]{0,40}\b(has been|have been|will be|is|are)\b[^.]{0,15}\b(suspended|locked|frozen|deactivated|restricted|compromised|terminated)\b/),
    sig("prize or refund against personal data", 1.5, new RegExp(`\\b(prize|reward|refund|rebate|gift|winnings|stimulus)\\b[^.]{0,120}${CREDENTIALS.source}`)),
    sig("go to a link or number to log in", 0.5, /\b(log ?in|sign ?in|visit|go to|click|scan the (qr )?code|call)\b[^.]{0,60}(https?:\/\/|www\.|\b[a-z0-9-]+\.(com|net|org|info|co|xyz|online|site|top|support)\b|\(?\d{3}\)?[ .-]\d{3}[ .-]\d{4})/),
    sig("untraceable payment to unlock", has(asked, UNTRACEABLE) && has(asked, /\b(unlock|restore|reactivat|verify|release)\b/) ? 1.5 : 0, /./),
  ]);
}

function advanceFee(t: string): Scored {
  const windfall = /\b(lottery|lotto|sweepstakes|jackpot|lucky (winner|draw|number)|(you have|you've|you) (won|been (selected|chosen|approved))|winning (ticket|number|notification|entry)|prize (award|winnings|money|claim)|cash (prize|award)|inheritance|beneficiary|next of kin|unclaimed (funds|estate|inheritance|assets|money)|consignment|(government|federal|private) grant|compensation (fund|payment)|(million|thousand) (united states |us |u\.s\. )?dollars|\$\s?\d{1,3}(,\d{3}){2,}|guaranteed (loan|approval)|(selected|chosen|approved|eligible) (to receive|for) (a |an |the )?[a-z ]{0,40}(grant|award|payment|loan|prize|funds))\b/;
  const fee = /\b(processing|transfer|clearance|release|handling|administrative|admin|legal|insurance|courier|shipping|activation|registration|filing|documentation|certificate|tax(es)?|customs|origination|security|stamp duty)\s+(fee|fees|charge|charges|costs?|payment)\b|\bpay(ing|ment of)?\b[^.]{0,60}\b(before|in order to|to (receive|release|claim|unlock|process|transfer|collect))\b|\bupfront\b/;
  return scoreOf(t, [
    sig("windfall", 1.5, windfall),
    sig("fee before the windfall", has(t, windfall) && has(t, fee) ? 2 : has(t, fee) ? 0.5 : 0, /./),
    sig("fee by untraceable means", has(t, windfall) && has(t, UNTRACEABLE) ? 1.5 : 0, /./),
    sig("pay with gift cards and read out the numbers", 2.5, /\b(gift ?cards?|prepaid cards?|google play|apple (gift )?cards?|itunes|steam cards?)\b[^]{0,200}\b(card numbers?|numbers on the back|scratch|pin on the back|read (us |me )?the)\b|\b(scratch off|card numbers?)\b[^]{0,120}\b(gift ?cards?|prepaid)\b/),
    sig("overpayment refund", 2.5, /(overpa(id|yment)[^.]{0,120}(refund|return|send back|wire)|(sent|paid) you (too much|more than)[^.]{0,80}(refund|return|send back)|refund the (difference|excess|balance|overpayment))/),
    sig("stranger's fortune", 1.5, /\b(barrister|foreign (bank|account|partner)|diplomat(ic)?|prince|royal family|late (client|husband|father)[^.]{0,80}(fund|deposit|estate)|dormant (account|fund)|share of (the )?(funds|estate|proceeds))\b/),
    sig("keep it secret", has(t, windfall) && has(t, SECRECY) ? 1 : 0, /./),
  ]);
}

const AGENCIES: Record<"impersonation_government" | "impersonation_court" | "impersonation_police" | "impersonation_utility" | "impersonation_bank", RegExp> = {
  impersonation_government: /\b(internal revenue service|irs|social security administration|ssa|medicare|medicaid|department of (the )?treasury|u\.?s\.? treasury|treasury department|homeland security|uscis|citizenship and immigration|immigration (and customs enforcement|services|office|department)|ice|dmv|department of motor vehicles|(state )?(department|board|office) of (revenue|taxation)|franchise tax board|census bureau|federal trade commission|ftc|department of labor|unemployment office)\b/,
  impersonation_court: /\b((superior|district|circuit|county|municipal|federal|supreme|bankruptcy|small claims|civil|traffic) court|court of (common pleas|appeals|justice)|clerk of (the )?courts?|court (clerk|order|summons)|summons|subpoena|bench warrant|judgment (against|entered)|failure to appear|jury duty)\b/,
  impersonation_police: /\b(police (department|officer|dept|headquarters)|sheriff('s)?( office| department)?|deputy|fbi|federal bureau of investigation|u\.?s\.? marshals?( service)?|state (police|trooper|patrol)|law enforcement|detective|department of justice|doj)\b/,
  impersonation_utility: /\b(electric(al)? (company|utility|service|cooperative|co-?op|department)|power (company|& light|and light|authority)|gas (company|& electric|and electric|utility)|water (department|utility|company|authority|district)|utility (company|department|services|provider|billing)|energy (company|services|provider)|light (&|and) power|disconnection (notice|department))\b/,
  impersonation_bank: /\b(bank|credit union|fraud (department|prevention|team|unit|division)|card services|security (department|team)|chase|wells fargo|bank of america|citibank|capital one|us bank|pnc)\b/,
};

/**
 * Impersonation: an authority speaking (letterhead voice, case numbers, orders) and wanting
 * what no such authority wants by letter: gift cards, crypto, wires to a private account, a
 * "safe account", credentials, instant payment under threat of arrest or disconnection.
 */
function impersonation(t: string, kind: keyof typeof AGENCIES): Scored {
  if (!has(t, AGENCIES[kind])) return { score: 0, signals: [] };
  const asked = withoutNegatedRequests(t);
  const speaksAsAuthority = /\b(notice of (violation|delinquency|default|levy|intent|judgment|garnishment|suspension|disconnection|termination)|this (notice|letter|summons|warrant|is an official)|official (notice|notification|warning|communication|demand)|final (notice|warning|demand)|case (no|number|#|id)|badge (no|number|#)|docket (no|number)|warrant (no|number)|reference (no|number|#)|(our|department|agency) (records|investigation|system)s? (show|indicate|has)|you are (hereby )?(ordered|summoned|commanded|required|directed|notified)|we (have|are) (issued|filed|suspended|scheduled|authorized)|on behalf of the|(agent|officer|deputy|inspector|investigator|clerk|supervisor) [a-z]+ [a-z]+,? (badge|id)|respond to this office)\b/;
  return scoreOf(asked, [
    sig("speaks as the authority", 1, speaksAsAuthority),
    sig("wants untraceable payment", has(asked, UNTRACEABLE) && has(asked, PAY_DEMAND) ? 2.5 : 0, /./),
    sig("threat of arrest, deportation, seizure or shut-off", 1, /\b(arrest(ed)?|warrants?|taken into custody|jail|prison|deport(ed|ation)?|suspen(d|sion of) (your )?(license|benefits|social security|ssn|passport)|disconnect(ed|ion)?|shut ?off|service (will be )?(terminated|interrupted|cut)|seiz(e|ure)|freeze (your )?(assets|accounts?|wages)|garnish|lien)\b/),
    sig("payment pressure", has(asked, PAY_DEMAND) && has(asked, URGENCY) ? 1 : 0, /./),
    sig("secrecy", 1, SECRECY),
    sig("move money to a safe account", 2.5, /\b(safe|secure|protected|holding|new) (account|wallet)\b[^.]{0,80}\b(transfer|move|deposit|wire)|\b(transfer|move|withdraw)\b[^.]{0,60}\b(your )?(money|funds|savings|balance)\b[^.]{0,60}\b(safe|secure|protected|new)\b/),
    sig("asks for credentials", 1.5, new RegExp(`\\b(provide|confirm|verify|send|give|read|tell|have (ready|your))\\b[^.]{0,80}${CREDENTIALS.source}`)),
    sig("pay through a private website or account", 1.5, /\b(only|exclusively|solely) (through|via|at|to|by)\b[^.]{0,60}(partner|processor|www\.|\.com|account|agent)|(processed|accepted|paid|made) (only|exclusively) (through|via|at|by)|(cannot|will not|can not) be (accepted|processed)[^.]{0,80}(city hall|court|office|department|bill pay|old address)/),
    sig("pay by phone or to a private party", 1, /\b(call (us |this number |the number |our office )?(immediately|now|today|at|to)|pay (it )?(by|over the) phone|payment (must be )?(made )?(to|through) (agent|officer|the (officer|agent|deputy)|a third party)|courier will (collect|pick up))\b/),
  ]);
}

// ------------------------------------------------------------------------------------------
// The verdict
// ------------------------------------------------------------------------------------------

const REASONS: Record<RefusalCategory, string> = {
  threat: "The letter threatens the recipient, their family, pets or property with harm. We do not mail threats; a firm letter that names lawful consequences (a lawsuit, a complaint, collections) is fine.",
  extortion: "The letter demands money or action in exchange for not exposing or harming the recipient. We do not mail extortion; a demand that names only lawful remedies (court, collections) is fine.",
  fraud_fake_invoice: "The letter is laid out as a bill for a listing, registration or goods the recipient does not appear to have ordered. We do not mail invoices that are really solicitations; send a clearly marked offer instead.",
  fraud_phishing: "The letter asks the recipient to hand over account numbers, passwords, PINs or identity numbers, or to 'verify' an account. We do not mail requests for credentials.",
  fraud_advance_fee: "The letter promises money (a prize, an inheritance, a grant or a refund of an overpayment) in return for a fee or a payment first. We do not mail advance-fee offers.",
  impersonation_government: "The letter presents itself as coming from a government agency and asks for payment or personal data in ways that agency never uses. We do not mail letters that impersonate government agencies.",
  impersonation_court: "The letter presents itself as a court document (a summons, judgment or warrant) and demands payment outside the court's own process. We do not mail letters that impersonate courts.",
  impersonation_police: "The letter presents itself as coming from the police or another law-enforcement agency and demands payment or personal data. We do not mail letters that impersonate law enforcement.",
  impersonation_utility: "The letter presents itself as a utility's disconnection notice and demands immediate or unusual payment. We do not mail letters that impersonate utilities.",
  impersonation_bank: "The letter presents itself as coming from a bank's fraud or security team and asks for card details, PINs or a transfer to a 'safe' account. We do not mail letters that impersonate banks.",
};

export function screenText(text: string): ScreeningVerdict {
  const t = normalize(text);
  const scored: [RefusalCategory, Scored][] = [
    ["threat", threat(t)],
    ["extortion", extortion(t)],
    ["fraud_fake_invoice", fakeInvoice(t)],
    ["fraud_phishing", phishing(t)],
    ["fraud_advance_fee", advanceFee(t)],
    ["impersonation_government", impersonation(t, "impersonation_government")],
    ["impersonation_court", impersonation(t, "impersonation_court")],
    ["impersonation_police", impersonation(t, "impersonation_police")],
    ["impersonation_utility", impersonation(t, "impersonation_utility")],
    ["impersonation_bank", impersonation(t, "impersonation_bank")],
  ];
  const [category, top] = scored.reduce((best, cur) => (cur[1].score > best[1].score ? cur : best));
  const signals = scored.filter(([, s]) => s.score > 0).flatMap(([c, s]) => s.signals.map((n) => `${c}: ${n}`));
  if (top.score >= REFUSE_AT) return { decision: "refuse", category, reason: REASONS[category], signals };
  if (top.score >= REVIEW_AT) {
    return { decision: "review", category, reason: `Possibly ${category.replace("_", " ")} (score ${top.score}): ${top.signals.join("; ")}.`, signals };
  }
  return { decision: "allow", category: null, reason: null, signals };
}

export class RuleScreener implements Screener {
  readonly name = "rules";
  async screen(text: string): Promise<ScreeningVerdict> {
    return screenText(text);
  }
}
