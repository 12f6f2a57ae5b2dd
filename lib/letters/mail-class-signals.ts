// The phrase tables behind POST /v1/suggest-class (lib/letters/suggest-mail-class.ts).
//
// Pattern sources are regular expressions with two conventions, applied by `compile`:
//  - a literal space stands for any run of whitespace or hyphens, so a phrase still matches
//    across a line break, doubled spaces or a hyphenated spelling ("cease-and-desist",
//    "3-day notice"); never write "x ?" (write a group or a character class instead);
//  - every pattern is word-bounded: no letter, digit, underscore or hyphen just before it
//    ("uncertified mail", "board-certified mail", "pursue you" do not match "certified mail"
//    or "sue you"), and no letter, digit or underscore just after it ("please" and "release"
//    hold no "lease", "client" no "lien"). Plurals and inflections are spelled out.
// Matching is case-insensitive on text whose curly quotes were straightened.

export type SuggestedTier = "certified_err" | "certified";

/** What a letter can read as. The tier is the class it calls for when the evidence is there. */
export const CATEGORIES = {
  eviction: { tier: "certified_err", label: "a notice to vacate" },
  lease_termination: { tier: "certified_err", label: "a lease termination" },
  payment_demand: { tier: "certified_err", label: "a demand for payment before legal action" },
  cease_and_desist: { tier: "certified_err", label: "a cease and desist letter" },
  default: { tier: "certified_err", label: "a notice of default or breach" },
  contract_termination: { tier: "certified_err", label: "a contract termination" },
  claim: { tier: "certified_err", label: "a legal notice of claim" },
  receipt_requested: { tier: "certified_err", label: "a notice sent return receipt requested" },
  complaint: { tier: "certified", label: "a formal complaint" },
  dispute: { tier: "certified", label: "a formal dispute" },
  appeal: { tier: "certified", label: "an appeal" },
  notice_of_intent: { tier: "certified", label: "a notice of intent" },
  rent_increase: { tier: "certified", label: "a rent increase notice" },
  final_notice: { tier: "certified", label: "a final notice" },
  records_request: { tier: "certified", label: "a records request" },
  formal_notice: { tier: "certified", label: "a formal notice" },
} as const satisfies Record<string, { tier: SuggestedTier; label: string }>;
export type Category = keyof typeof CATEGORIES;

/**
 * Weights: 3 for a phrase that on its own names the kind of letter ("notice to quit"), 2 for
 * one that belongs to it but also turns up elsewhere ("legal action"), 1 for a single word that
 * only adds to the others ("eviction"). No phrase decides alone: see the rules in
 * suggest-mail-class.ts.
 */
export type Weight = 1 | 2 | 3;

const N = "(\\d+|one|two|three|five|seven|ten|fourteen|fifteen|twenty|thirty|forty five|sixty|ninety)";
const MONTH = "(january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)";
const PREMISES = "(the|this|said|your|my|our) (premises|property|unit|apartment|house|home|dwelling|residence|rental)";
const AGREEMENT = "(agreement|contract)";

const S: [Category, Weight, string][] = [
  ["eviction", 3, "notice to (quit|vacate)"],
  ["eviction", 3, "(eviction|evict) notice"],
  ["eviction", 3, "notice of eviction"],
  ["eviction", 3, "unlawful detainer"],
  ["eviction", 3, "(forcible|summary) (detainer|eviction|possession)"],
  ["eviction", 3, "(pay|perform) (rent )?or quit"],
  ["eviction", 3, "writ of (possession|restitution)"],
  ["eviction", 3, `${N} days? notice to (pay|quit|vacate|perform|cure|move out)`],
  ["eviction", 3, "notice to move out"],
  ["eviction", 2, `(vacate|vacating) (and surrender )?${PREMISES}`],
  ["eviction", 2, `surrender (possession|${PREMISES})`],
  ["eviction", 2, "(deliver|return) possession"],
  ["eviction", 2, "terminat(e|es|ed|ing|ion of) (your|the) tenancy"],
  ["eviction", 2, "eviction (proceedings|action|lawsuit|case|process)"],
  ["eviction", 2, "(file|filing|begin|start|commence) (an |for )?eviction"],
  ["eviction", 1, "(evict|evicts|evicted|evicting|eviction|evictions)"],

  ["lease_termination", 3, "notice of intent(ion)? to (vacate|move out|terminate)"],
  ["lease_termination", 3, "(lease|tenancy) termination"],
  ["lease_termination", 3, "notice of (lease )?non[\\s-]?renewal"],
  ["lease_termination", 3, "terminat(e|es|ing|ion of) (my|our|your|the|this) (residential )?(lease|rental agreement|lease agreement)"],
  ["lease_termination", 3, "(will|shall|are|am|do|does) not (be )?renew(ing)? (the|your|my|our|this) (lease|rental agreement|tenancy)"],
  ["lease_termination", 3, "(lease|tenancy) (will|shall) not be renewed"],
  ["lease_termination", 2, "(will|shall) not be renewed"],
  ["lease_termination", 1, "(lease|tenancy) (expires|will expire|ends|will end)"],
  ["lease_termination", 1, "move[\\s-]?out (date|inspection)"],
  ["lease_termination", 1, "forwarding address"],

  ["payment_demand", 3, "(final|formal|written) demand"],
  ["payment_demand", 3, "demand (for|of) (immediate |full )?(payment|repayment|reimbursement|the return|return|the balance|the sum)"],
  ["payment_demand", 3, "demand (that you |the |a )?(immediate |full )?(pay|payment|repay|repayment|reimburse|reimbursement|return|refund)"],
  ["payment_demand", 3, "demand letter"],
  ["payment_demand", 3, "pre[\\s-]?suit demand"],
  ["payment_demand", 2, "legal (action|proceedings|remedies)"],
  ["payment_demand", 2, "small claims"],
  ["payment_demand", 2, "(file|filing|bring|bringing) (a |an )?(suit|lawsuit|claim|action|complaint) against you"],
  ["payment_demand", 2, "(sue|suing) you"],
  ["payment_demand", 2, "collection (agency|agencies)"],
  ["payment_demand", 2, "(to|for) collections?"],
  ["payment_demand", 1, "(past due|overdue|delinquent)"],
  ["payment_demand", 1, "(remaining|unpaid|outstanding) (balance|amount|invoice|invoices|rent|sum)"],
  ["payment_demand", 1, "amount (owed|owing)"],

  ["cease_and_desist", 3, "cease (and|&) desist"],
  ["cease_and_desist", 3, "cease (all |any )?(further )?(communication|communications|contact|collection)"],
  ["cease_and_desist", 2, "(trademark|copyright|patent) infringement"],
  ["cease_and_desist", 2, "(stop|desist from|refrain from) (all |any )?(further )?(contacting|harassing|using|publishing|posting|selling)"],
  ["cease_and_desist", 1, "(harass|harassing|harassment|defamatory|defamation|infringe|infringes|infringed|infringing|infringement)"],

  ["default", 3, "notice of (default|breach|acceleration|intent to accelerate)"],
  ["default", 3, "events? of default"],
  ["default", 3, "(failure|fail|failed) to cure"],
  ["default", 3, "(notice|right|opportunity) to cure"],
  ["default", 3, "cure period"],
  ["default", 2, "in default"],
  ["default", 2, "material breach"],
  ["default", 2, "breach of (the |this |our |your )?(contract|agreement|lease|note|warranty|terms)"],
  ["default", 2, "(cure|remedy) (the|this|such|said) (default|breach)"],
  ["default", 2, "accelerat(e|ion of) the (loan|debt|note|balance)"],
  ["default", 1, "(breach|breached|defaulted)"],

  ["contract_termination", 3, "notice of termination"],
  ["contract_termination", 3, "hereby terminat(e|es|ing)"],
  ["contract_termination", 2, `terminat(e|es|ing|ion of) (the|this|our|your|my) ([a-z]+ )?${AGREEMENT}`],
  ["contract_termination", 2, "(cancel|cancellation of) (the|this|our|your|my) (agreement|contract|membership|policy|service contract)"],

  ["claim", 3, "notice of (a )?(claim|lien|intent to lien|intent to sue|intent to file)"],
  ["claim", 3, "intent to (sue|lien)"],
  ["claim", 3, "demand for arbitration"],
  ["claim", 3, "(mechanic's|mechanics|construction) lien"],
  ["claim", 3, "pre[\\s-]?suit notice"],
  ["claim", 2, "(file|filing|pursue|pursuing|submit|submitting|bring|bringing) a (formal )?(claim|lawsuit)"],
  ["claim", 2, "(tort|government) claims? act"],
  ["claim", 2, "lien (on|against) (the|your) property"],
  ["claim", 1, "(lawsuit|litigation)"],

  ["receipt_requested", 3, "return receipt requested"],
  // Not a bare "return receipt": that is also the slip of a returned purchase.
  ["receipt_requested", 3, "(electronic|certified mail(,)?) return receipt"],

  ["complaint", 3, "formal (complaint|grievance)"],
  ["complaint", 3, "(file|filing|lodge|lodging|submit|submitting|register|registering) (a |this )?(formal )?(complaint|grievance)"],
  ["complaint", 3, "this (letter )?is a (formal )?complaint"],
  ["complaint", 2, "(complaint|grievance) (against|regarding|concerning|about)"],
  ["complaint", 2, "(writing|write) to complain"],
  ["complaint", 1, "(complaint|complaints|complain|complained|grievance|unacceptable|dissatisfied)"],

  ["dispute", 3, "dispute (the|this|these|a|an|your) (charge|charges|debt|bill|invoice|amount|balance|item|items|entry|entries|account|transaction|fee|fees|assessment|citation|ticket)"],
  ["dispute", 3, "(debt|account) validation"],
  ["dispute", 3, "validat(e|ion of) (the|this) debt"],
  ["dispute", 3, "billing error"],
  ["dispute", 3, "notice of dispute"],
  ["dispute", 3, "(i|we) (formally |hereby )?dispute"],
  ["dispute", 3, "formally disput(e|ing)"],
  ["dispute", 2, "fair (credit billing|credit reporting|debt collection)"],
  ["dispute", 2, "credit (report|reports|bureau|bureaus)"],
  ["dispute", 1, "(dispute|disputes|disputed|disputing)"],

  ["appeal", 3, "notice of appeal"],
  ["appeal", 3, "formal appeal"],
  ["appeal", 3, "(appeal|appealing|contest|contesting) (the|this|your) (decision|denial|determination|ruling|assessment|citation|ticket)"],
  ["appeal", 3, "request (for )?(a |an )?(reconsideration|appeal|hearing)"],
  ["appeal", 2, "(citation|ticket|fine|penalty|charge|fee|violation) (be )?(dismissed|waived|reversed|withdrawn|voided)"],
  ["appeal", 1, "(appeal|appeals|appealed|appealing)"],

  ["notice_of_intent", 3, "notice of (my |our )?intent(ion)?"],
  ["notice_of_intent", 2, "(letter|statement) of intent"],

  ["rent_increase", 3, "rent increase"],
  ["rent_increase", 3, "increase (in|of|to) (your |the |my )?(monthly )?rent"],
  ["rent_increase", 3, "notice of (rent|rate) increase"],
  ["rent_increase", 3, "(monthly )?rent will (increase|be increased|go up|rise)"],
  ["rent_increase", 2, "new (monthly )?rent"],

  ["final_notice", 3, "(final|last) notice"],
  ["final_notice", 3, "final warning"],
  ["final_notice", 2, "second notice"],
  ["final_notice", 2, "(final|last) reminder"],

  ["records_request", 3, "(public )?records request"],
  ["records_request", 3, "freedom of information"],
  ["records_request", 3, "foia"],
  ["records_request", 3, "(public records|open records|right to know|sunshine) (law|act|request)"],
  ["records_request", 2, "request (copies|a copy) of (all|any|the)"],
  ["records_request", 2, "request (a copy of |copies of )?(my|the) (complete )?(medical |personnel |employment |school )?records"],

  ["formal_notice", 3, "certified (mail|letter)"],
  ["formal_notice", 3, "notice is hereby given"],
  ["formal_notice", 3, "notice of (entry|intent to enter)"],
  ["formal_notice", 2, "(legal|official|formal) notice"],
];

/**
 * Signs of a formal notice addressed to the recipient: deadlines, references to law or to the
 * agreement, consequences, formal address. None suggests a class by itself; each one that is
 * present (at most 3 count) backs up the phrases above.
 */
const M: [string, string][] = [
  ["hereby", "hereby"],
  ["pursuant to", "pursuant to"],
  ["in accordance with", "in accordance with"],
  ["section", "(section|sections|§)\\s*\\d+"],
  ["a statute", "(civil|penal|business|government|property|probate|commercial) code|statutes?"],
  ["the agreement", "(lease|agreement|contract|note|policy) (dated|executed|signed|entered into)"],
  ["the agreement", "(under|per|as required by|in violation of) (the|our|your|my) ([a-z]+ ){0,2}(warranty|contract|agreement|lease)"],
  ["a deadline", `within ${N} (\\(\\d+\\) )?(business |calendar )?days`],
  ["a deadline", "no later than"],
  ["a deadline", "on or before"],
  ["a deadline", `(by|before|until) ${MONTH}\\.? \\d{1,2}`],
  ["a notice period", `${N} (\\(\\d+\\) )?(day|days|days') (written )?notice`],
  ["effective", "effective (immediately|as of|on)"],
  ["immediately", "immediately"],
  ["a consequence", "(failure|fail) to"],
  ["a consequence", "if you do not|(if|unless) (i|we) (do not|don't) receive"],
  ["a consequence", "will result in"],
  ["a consequence", "without further notice"],
  ["a consequence", "(further|additional) (legal )?(action|steps)"],
  ["a consequence", "reserve(s)? (all|the) (right|rights)"],
  ["a consequence", "(attorney's|attorneys'|attorney|attorneys|legal) fees|court costs"],
  ["formal address", "you are (hereby )?(notified|required|directed|ordered|instructed|advised)"],
  ["formal address", "please be advised|take notice"],
  ["formal address", "this (letter )?(serves|shall serve|constitutes|is intended) as"],
  ["formal address", "(written|formal|official) notice"],
  ["formal address", "you (must|shall)"],
  ["formal address", "to whom it may concern|dear (sir|madam|sirs)"],
  ["in writing", "in writing|written (response|reply|confirmation)"],
  ["previous requests", "(received|had|got) no (response|reply|answer)"],
  ["previous requests", "(despite|after|ignored) (my|our|several|repeated|two|three|multiple) (previous |prior |earlier |written )?(requests|reminders|letters|calls|emails|attempts|notices|warnings)"],
  ["previous requests", "(my|our) (letter|letters|email|emails|call|calls|notice|notices|warning|warnings) (of|dated)"],
];

export type Signal = { category: Category; weight: Weight; re: RegExp };
export type Marker = { kind: string; re: RegExp };

function compile(source: string): RegExp {
  const body = source.replaceAll(" ", "[\\s-]+");
  return new RegExp(`(?<![\\p{L}\\p{N}_-])(?:${body})(?![\\p{L}\\p{N}_])`, "giu");
}

export const SIGNALS: Signal[] = S.map(([category, weight, source]) => ({ category, weight, re: compile(source) }));
export const MARKERS: Marker[] = M.map(([kind, source]) => ({ kind, re: compile(source) }));
