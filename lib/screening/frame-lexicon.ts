// The vocabulary the intent frame (intent-frame.ts) is read with: how a letter is read (its
// letterhead, its sign-off, its sentences without the "we will never ask for your PIN" warnings
// that honest senders print, text-speak written out), and the word-bounded patterns for the
// means scams share (untraceable payment, secrecy, requests for secrets, an authority speaking
// in its own voice).

export type Letter = {
  /** The whole letter, lower-cased, quotes straightened, whitespace collapsed. */
  all: string;
  /** The letter without its warning sentences: what it actually asks the recipient to do. */
  plain: string;
  /** Those sentences one by one (lines count as sentences: forms and letterheads have no full stops). */
  sentences: string[];
  /** Letterhead and sign-off: who the letter says it is from, as opposed to whom it mentions. */
  head: string;
  tail: string;
  /** How many kinds of scam-warning talk the letter has ("scam alert", "hang up", "we will never ask"): 2 or more reads as a warning about fraud. */
  warns: number;
};

/**
 * Text-speak and dropped apostrophes, written out, so that "pls send it 2nite or ur wife sees
 * the vid" reads like "please send it tonight or your wife sees the vid": the rules below are
 * written for the long forms. Whole words only.
 */
const SHORTHAND: Record<string, string> = {
  u: "you", ur: "your", urs: "yours", yr: "your", pls: "please", plz: "please", thx: "thanks", thnx: "thanks", ty: "thank you",
  b4: "before", bc: "because", cuz: "because", coz: "because", tho: "though", nite: "night", tonite: "tonight", "2nite": "tonight",
  "2day": "today", tmrw: "tomorrow", tmr: "tomorrow", hrs: "hours", mins: "minutes", acct: "account", pic: "picture", pics: "pictures",
  vid: "video", vids: "videos", msg: "message", msgs: "messages", dm: "message", w: "with", "w/": "with", "w/o": "without",
  dont: "don't", wont: "won't", cant: "can't", didnt: "didn't", doesnt: "doesn't", isnt: "isn't", arent: "aren't", wasnt: "wasn't",
  im: "i'm", ive: "i've", youre: "you're", youll: "you'll", youve: "you've", theyre: "they're", thats: "that's", whats: "what's",
  shouldnt: "shouldn't", wouldnt: "wouldn't", couldnt: "couldn't", aint: "ain't", ima: "i'm going to", imma: "i'm going to",
};
const SHORTHAND_WORD = new RegExp(String.raw`(?<![\w'/])(${Object.keys(SHORTHAND).map((k) => k.replace("/", "\\/")).join("|")})(?![\w'/])`, "g");

const clean = (s: string) =>
  s
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2013\u2014]/g, "-")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase()
    .replace(SHORTHAND_WORD, (w) => SHORTHAND[w])
    // A title's full stop ends no sentence: "This is Sgt. Miller, Lane County Sheriff" names its sender.
    .replace(TITLE_STOP, "$1")
    // "24 hr" is a deadline; "HR" alone is the human-resources office an extortionist threatens to tell.
    .replace(/\b(\d+) ?hr\b/g, "$1 hours")
    // "at 6.30" is a time, written the British and Indian way.
    // "3:00 p.m. to collect" is one sentence: a.m. and p.m. end none.
    .replace(/\b([ap])\.m\./g, "$1m")
    .replace(/\b(at|by|around|until|till|from|before|after) (\d{1,2})\.(\d\d)\b/g, "$1 $2:$3");

const TITLE_STOP = /\b(sgt|det|lt|capt|cpl|ofc|insp|agt|supt|dr|mr|mrs|ms|jr|sr|dept|no)\./g;

/**
 * Honest senders warn against the very things scams ask for ("we will never ask for your PIN",
 * "we never accept gift cards", "if anyone calls claiming to be us, hang up"). Those sentences
 * describe the fraud; they are not it, so they are left out before the request signals run.
 */
const WARNING = new RegExp(
  [
    // ("I hope it will not be too great an imposition to ask you to..." is a request.)
    String.raw`\b(never|not|don't|won't|doesn't|do not|will not|does not|would not)\b((?!\b(imposition|too much|trouble|bother|inconvenience|hesitate|mind)\b)[^.]){0,60}\b(ask|asks|request|require)\b (you|for|customers|members|anyone)`,
    String.raw`\b(never|not|don't|won't|do not|will not|no longer) (accept|take|allow|support) (payment|payments|purchases|gift|prepaid|cash|crypto)`,
    String.raw`\bif (anyone|someone|a caller|you receive)\b[^.]{0,80}\b(claim|claiming|asks?|pretend)`,
    String.raw`\bhang up\b|\bbeware of\b|\bscams?\b`,
    // "Never share your PIN with anyone": a security warning, not a request for secrecy.
    String.raw`\b(never|do not|don't|not to|need not|needn't)\b[^.]{0,10}\b(share|give|tell|disclose|reveal|send|read|provide|enter|include|submit|write)\b[^.]{0,40}\b(password|passcode|pin|code|codes|username|login|id|credentials|card number|account number|security number|details)\b`,
    // "We will never demand payment by gift card": what honest senders do not do.
    String.raw`\b(will|would|does|do|shall|should) never\b|\bnever (asks?|demands?|requests?|calls?|threatens?|accepts?|takes?|sends?|emails?|texts?|collects?|requires?|needs?|suspends?|arrests?)\b`,
    // Reported speech: what a scammer said, told of by the one warning against it.
    String.raw`\b(the )?(caller|callers|scammers?|fraudsters?|crooks?|con (artists?|men)|impost[eo]rs?|thieves|criminals|the man|the woman|a man|a woman|a voice)\b[^.]{0,40}\b(said|says|say|told|tells|tell|asked|asks|claimed|claims|claim|demanded|demands|wanted|wants|pretend(s|ed)?|will say|may say|might say|insisted)\b`,
  ].join("|"),
);

/** Kinds of scam-warning talk: a letter with two or more is warning about fraud, not committing it. */
const WARNING_TALK = [
  /\b(nobody|no one|no-one) honest\b|\bit was a (con|scam|fraud)\b|\b(false|fake|fraudulent|bogus) (court |bank |tax |irs |utility |government )?(letters?|calls?|notices?|texts?|e-?mails?)\b|\bmade to look (as if|like) (they|it) (come|came|comes) from\b|\bfraudulent\b|\bimpersonat(e|es|ed|ing|ion|ors?)\b|\b(claim|claims|claiming|pretend|pretends|pretending|posing|pose) (to be|as)\b|\bscam(s|mers?|med)?\b|\bfraudsters?\b|\bimpost[eo]rs?\b|\bcon (artists?|men|job|game)\b|\bfake (profiles?|accounts?|soldiers?|pictures?|checks?|websites?|callers?)\b|\b(he|she|they|it) (is|are|was|were) ?n[o']t real\b|\bto steal (money|your)\b|\bhoax\b/,
  /\bbeware\b|\b(scam|fraud|consumer|security|impostor|imposter) (alert|warning|awareness|bulletin)\b|\bwarning signs?\b|\bred flags?\b|\bprotect yourself\b|\bdon't fall for\b/,
  /\bhang up\b|\bhung up\b|\bnone of (that|this|those|it) (is|was|are|were) (us|from us)\b|\b(don't|do not) open (it|the door)\b|\bdo not (respond|reply|call the number|click)\b|\bthat (is|was) not us\b|\bit (is|was)n?'?t us\b/,
  // "We will not ask", "the bank does not call": a sender about itself. A bare "Do not call the branch" is an instruction, which scams give.
  /\b(?!(please|and|or|but|so|then|just|also)\b)[a-z]+ (will|would|does|do) (never|not) (ask|call|demand|request|require|send|email|text|contact|collect|accept|take)\b|\bnever (asks?|calls?|demands?|requests?|accepts?|takes?)\b|\bno (real|legitimate|genuine|honest) (company|bank|agency|business|soldier|government|charity|lottery|court|person|lawyer|investment|broker|exchange)\b|\b(nobody|no one|no-one) (honest|legitimate)\b/,
  /\b(how (it|the scam|this|they) works?|how (these|the|this|those) scams? (go|goes|work|works|start|starts)|(doesn't|does not|won't|wouldn't) ask (you )?for (gift cards|money|wires|a wire)|what (the scam|it|they) looks? like|what to do|what's true|if it happened to you|if this happens to you|(don't|dont|do not) (send|pay|give|buy|wire) (him|her|them|anything|nothing))\b/,
  /\breport (it|them|this|the (call|letter|scam)|suspicious)\b|\breportfraud\.ftc\.gov\b|\bftc\b|\bfederal trade commission\b|\bbetter business bureau\b/,
];

export function readLetter(text: string): Letter {
  const lines = text.split(/\r?\n/).map(clean).filter(Boolean);
  const sentences = lines.flatMap(splitSentences);
  // Quoted words are someone else's (a scam warning quoting the scammer), and a bulleted list
  // under "we will never:" lists what the writer does not do.
  // (Quotes are taken out line by line: a quoted script often runs over several sentences.)
  const unquoted = dropNeverLists(lines.flatMap((l) => splitSentences(l.replace(/"[^"]{1,300}"/g, " ")))).filter((s) => s.trim() && s.trim() !== "-");
  const kept = unquoted.filter((s) => !WARNING.test(s));
  const all = sentences.join(" ");
  return {
    all,
    plain: kept.join(" "),
    sentences: kept,
    // Letterheads and sign-offs are short lines; a letter with neither must not have its
    // closing paragraph read as a signature.
    // A postcard or a note runs its letterhead into its first line ("COUNTY COURT: unpaid
    // citation..."): the words before its first stop count as the letterhead.
    head: lines.slice(0, 2).map((l) => (l.length <= 80 ? l : (OPENING.exec(l)?.[1] ?? ""))).filter(Boolean).join(" \n "),
    tail: lines.slice(-2).filter((l) => l.length <= 80).join(" \n "),
    // Two kinds or more, one of them naming the fraud: scams borrow "we never ask" and "report it".
    warns: WARNING_TALK.slice(0, 2).some((re) => re.test(all)) ? WARNING_TALK.filter((re) => re.test(all)).length : 0,
  };
}

const splitSentences = (line: string) => line.split(/(?<=[.!?])\s+(?=[a-z0-9"(])/).filter(Boolean);

/**
 * A list's heading whose items are not the writer's requests: what the writer will never do
 * ("We will NEVER:"), or what scammers say ("Here's what they're saying:", "Reported scripts:").
 */
const NEVER_HEADING = /\b(never|not|won't|will not|do not|don't)\b[^.!?]{0,30}:$|\bnever do:?$|\b(they('re| are)|scammers?|callers?|they|fraudsters?|crooks?) (saying|say|said|may say|might say|will say|claim|tell|told)\b[^.!?]{0,20}:$|\b(reported|common|typical|known) (scripts?|lines|scams?|pitches|stories)\b[^.!?]{0,20}:$/;
/** A list item: bulleted, numbered or lettered, or a short line. */
const LIST_LINE = /^([-*•]|\d{1,2}[.)]|[a-z][.)]|\([a-z0-9]\))\s/;

/** A list item that states what is never done: under any heading, a warning's list, not a request. */
// A bare "do not ..." is left in: scammers instruct that way too ("- don't call the branch").
const NEGATED_ITEM = /^(never|does not|doesn't|will not|won't|we (will )?never|we (do not|don't|will not|won't)|no (real|legitimate|genuine|honest))\b/;

/** The sentences without the items of a "we will never:" list (a letter that warns about scams lists what scammers ask). */
function dropNeverLists(sentences: string[]): string[] {
  const out: string[] = [];
  let inList = false;
  for (const s of sentences) {
    if (NEVER_HEADING.test(s)) {
      inList = true;
      continue;
    }
    if (inList && LIST_LINE.test(s)) continue;
    inList = false;
    // An item that says what is not done ("- Never accept gift cards", "- Do not call to demand payment").
    if (LIST_LINE.test(s) && NEGATED_ITEM.test(s.replace(LIST_LINE, ""))) continue;
    out.push(s);
  }
  return out;
}

/** A long line's opening words, up to its first colon, dash or full stop, when that comes early. */
const OPENING = /^([^.:!?]{3,60}?)(?:[.:!?]|\s[-–]\s)/;

/**
 * Whether `re` matches `text`. The categories ask the same questions of the same letter (every
 * authority checks for gift cards, secrecy, a courier...), so the answers for the letter being
 * read are kept: a few texts at a time (its whole text and its plain text), dropped as soon as
 * another letter is read. Screening reads one letter at a time, synchronously.
 */
export function has(text: string, re: RegExp): boolean {
  let answers = hasAnswers.get(text);
  if (!answers) {
    if (hasAnswers.size >= 4) hasAnswers.clear();
    hasAnswers.set(text, (answers = new Map()));
  }
  let found = answers.get(re);
  if (found === undefined) answers.set(re, (found = re.test(text)));
  return found;
}
const hasAnswers = new Map<string, Map<RegExp, boolean>>();
export const anySentence = (l: Letter, ...all: RegExp[]) => all.every((re) => re.test(l.plain)) && l.sentences.some((s) => all.every((re) => re.test(s)));

// ------------------------------------------------------------------------------------------
// Payment
// ------------------------------------------------------------------------------------------

/** Channels no agency, court, utility or bank takes, and that cannot be reversed once sent. */
export const GIFT_OR_CRYPTO = /\b(gift ?cards?|itunes|google play|apple cards?|steam (cards?|wallet)|vanilla (visa|gift|prepaid|cards?)?|green ?dot|prepaid (reload |debit |visa |mastercard |cash )?cards?(?! (issued|provided|sent|mailed|loaded) (by|to you))|reload cards?|moneypak|bitcoin|btc|crypto ?(currency)?|cryptocurrency (atm|kiosk)|usdt|ethereum|wallet address)\b/;
export const MONEY_TRANSFER = /\b(western union|moneygram|wire transfers?|wiring instructions|by wire|bank transfer|remitly|worldremit|world remit|xoom|ria money transfer)\b/;
/** Person-to-person apps: fine between neighbours, never how an authority or utility is paid. */
export const P2P = /\b(zelle|cash ?app|venmo|paypal friends)\b/;
export const PAY = /\b(pay|pays|paying|paid|payable|payment|payments|remit|send|sending|sent|transfer|transferring|deposit|depositing|settle|purchase|buy|load|wire|wiring|post (a|the) bond|fee|fine|bond|bail)\b/;
/** Cash carried or mailed to a person rather than paid at a counter or by check. */
export const CASH_HANDOFF = /\b(due|pay|paid|payment|collect(ed|s)?|fee|cash)\b[^.]{0,60}\b(at (the )?time of|upon|when|on the day of|on)\s+(the |your |our |his |her )?(install|installation|visit|arrival|service|inspection|pickup|appointment)\b|\bready in cash\b|\bin cash or (a )?money order (made out|payable) to\b|\b(can'?t|cannot|do not|don't) take cards in the field\b|\b(cash|pay|paid|fee)\b[^.]{0,60}\bwhen (he|she|they|the (tech|technician|crew|installer|worker|inspector)) (arrives|arrive|comes|come|gets there|shows up|show up)\b|\b(cash (or money orders? )?only|only (accept|take|be paid in) cash|can only accept cash|(must|to) be paid in cash|in cash\b[^.]{0,60}\b(envelope|bag|courier|collect|pick)|hundred-dollar bills|(withdraw|take out)\b[^.]{0,40}\bin cash)/;
const FIELD_AGENT = String.raw`(courier|runner|messenger|agent|officer|technician|tech|techs|inspector|installer|representative|deputy|driver|clerk|crew lead|crew member|crew|foreman|worker|serviceman|lineman|meter reader|someone)`;
/** Someone sent to the door to take the money (one sentence at a time; meters and modems are not money). */
export const COLLECTOR_AT_DOOR = new RegExp(
  String.raw`\b${FIELD_AGENT}\b[^.]{0,120}\b(collect|pick up|receive)\s+(it|them|(the |your |a )?(\$[\d,.]+ )?([a-z-]+ ){0,2}(cash|money|bills|payment|fee|bail|bond|card|cards|envelope|funds|contribution|deposit))\b|\b${FIELD_AGENT}\b[^.]{0,60}\bpick (it|them) up\b|\b(paid|pay|payment|given|handed)\b[^.]{0,20}\bto (the|our|a) ${FIELD_AGENT}\b|\b(cash|money|fine|fee)\b[^.]{0,40}\bto (the|our|a) [a-z ]{0,10}${FIELD_AGENT}\b`,
);
/** The authority's own channels refused, a private partner or account put in their place. */
export const DIVERTED = new RegExp(
  [
    String.raw`\bprivate (payment )?(processor|partner|account)\b|\b(collection|payment|processing|online|digital payment) partner('s)?\b|\bauthorized (private )?(payment |processing )?(processor|partner|agent)\b|\bsettlement account\b|\bpayment processing account\b|\bbranch staff are not authorized\b`,
    String.raw`\b(do not|don't) (pay|send (payment|it|money)|mail (payment|it))\b[^.]{0,40}\b(office|courthouse|branch|city hall|website|department|authority|normal|regular|usual|bill)\b`,
    String.raw`\b(payments?|checks?)\b[^.]{0,60}\b(office|courthouse|city hall|website|department|bill pay|regular|normal|usual|old|previous)\b[^.]{0,60}\b((cannot|can not|will not|won't) be (credited|applied|accepted|processed)|will be (returned|rejected)|are (currently )?being returned)\b`,
    String.raw`\bonly (be )?(accepted |made |processed )?(through|via|by|to) (our|an?|the) (approved |authorized |online |digital )?(payment |processing )?(partner|agent|processor)\b|\b(can|will) only be (accepted|made|processed) by (wire|bank transfer|zelle|gift|prepaid|bitcoin|crypto)`,
  ].join("|"),
);
const SAFE = String.raw`(safe|secure|secured|protective|protected|protection|holding|escrow|trust|recovery|court-supervised|government|segregated|custodial|quarantine|quarantined)`;
export const SAFE_ACCOUNT = new RegExp(String.raw`\b${SAFE}\b[a-z -]{0,25}\b(account|escrow|wallet|trust)\b`);
/** Moving one's own money into a "safe" account, within one sentence (not "your secure online banking"). */
export const SAFE_ACCOUNT_MOVE = new RegExp(String.raw`\b(transfer|transferring|move|moving|wire|send|deposit|depositing)\b[^.]{0,80}\b(to|into|through) (a |an |the |our |your )?([a-z]+ )?(new )?${SAFE}\b[a-z -]{0,25}\b(account|escrow|wallet|trust)\b`);
/** A "safe" account opened for the recipient, and their balances to be moved: said across sentences. */
export const SAFE_ACCOUNT_OPENED = new RegExp(String.raw`\b(opened|created|set up|established|prepared)\b[^.]{0,60}\b${SAFE}\b[a-z -]{0,25}\baccount\b[^]{0,400}\b(transfer|move|wire|moving|transferring)\b[^.]{0,40}\b(balances?|savings|funds|money|your (checking|savings|current|investment) accounts?)\b`);
export const AMOUNT = /\$\s?\d[\d,]*(\.\d\d)?|\b(\d+(\.\d+)?|one|two|three|four|five|ten|half an?) (btc|bitcoin)\b|\b([a-z]+ )?(hundred|thousand) dollars\b|\b\d[\d,]* dollars\b/;
export const HOURS_DEADLINE = /\b(within (24|48|72) hours|within (one|two|1|2) (business )?days?|(pay|paid|payment|made|make|complete|call|act)\b[^.]{0,40}\btoday|same day|same-day|immediately|by (5|6):00 ?p\.?m\.?|before (the )?(deadline|friday)|as soon as possible|right away)\b/;
/** Calling to hand over payment: reading out card numbers, getting a wallet address. */
export const PAY_BY_CALL = /\bcall\b[^.]{0,100}\b(with (the|your) (card|moneypak|transaction|reference|confirmation)|to (receive|get) (your |the )?(wallet|instructions|wiring|clearance|confirmation)|and read|for (wiring|payment) instructions|card numbers?)\b|\b(take|takes|make) (the )?payment over the phone\b|\bcall\b[^.]{0,60}\b(immediately|right away|now)\b/;

// ------------------------------------------------------------------------------------------
// Secrecy, secrets and identity numbers
// ------------------------------------------------------------------------------------------

/** Being told to keep the letter from the people who would spot the scam. */
export const SECRECY = new RegExp(
  [
    String.raw`\b(do not|don't|not to|never|without|must not|may not|prefer (that )?(you )?not( to)?|ask (that )?you not|please not)\b ?(tell|telling|discuss|discussing|mention|mentioning|speak|speaking|talk|talking|share|sharing|inform|informing|involve|involving|contact|contacting|visit|reply|go|telephone|consult|consulting)\b[^.]{0,60}\b(anyone|anybody|family|relatives|children|kids|parents|your (wife|husband|spouse|son|daughter|mother|father)|bank|teller|branch|employees|staff|police|cops|law enforcement|lawyer|attorney|friends|coworkers|landlord|this letter|this notice|this matter|this case|why)\b`,
    String.raw`\bkeep (this|it|the matter|this award|this offer)[^.]{0,20}\b(confidential|secret|between us|quiet|private)\b|\btell no one\b|\bdiscretion is (essential|required|important)\b|\bgag order\b|\b(matter|case) is sealed\b|\butmost confidentiality\b|\b(treat|keep|hold) (this|it|the matter|this letter|our conversation)[^.]{0,30}\b(strictest|strict|utmost|complete) (confidence|confidentiality|secrecy)\b`,
    String.raw`\b(discussing|disclosing|disclosure|telling|sharing|disclose|contacting|informing|involving|calling|mentioning)\b[^.]{0,60}\b(will|may|can|could|would)\b[^.]{0,40}\b(result|void|cancel|revoke|lead|obstruct\w*|compromise|jeopardi[sz]e|treated as|liable|non-?cooperation|forfeit)|\bif you (disclose|tell|discuss)\b[^.]{0,80}\b(revoked|void|cancel)|\b(disclosing|discussing|revealing|sharing) (it|this|the (matter|investigation|case|notice))\b[^.]{0,30}\bis (an offence|an offense|a crime|a federal crime|illegal|prohibited|forbidden)\b`,
  ].join("|"),
);
/** Coaching a cover story for the bank teller is how the "safe account" and courier scams work. */
export const COVER_STORY = /\bif (the )?(teller|bank|anyone|they|staff)\b[^.]{0,30}\basks?\b[^.]{0,60}\b(tell|say)\b/;

/** Secrets nobody honest asks for by letter. */
export const SECRETS = [
  /\bpasswords?\b|\bpasscodes?\b|\busername and password\b/,
  /(?<!rolling |shelf |safety |bowling )\bpins?\b(?! (on|to) (the|a|your) (map|board|wall))|\bpin (number|code)\b/,
  /\b(cvv|cvc|security code|3[- ]digit code|three[- ]digit code)\b/,
  /\bmother's maiden name\b|\bsecurity questions\b/,
  /\bonline[- ]banking (username|login|credentials|password|user ?ids?)\b|\b(online|banking|account) log-?ins?\b/,
  // What opens the house: a registry that wants door, garage and alarm codes is casing it.
  /\b(keypad|door|garage( door)?|alarm( system)?|lockbox|lock box) (entry )?codes?\b|\bhidden key\b/,
  /\b(one-time|verification|login|backup|security|text(ed)?) (pass)?codes?\b|\b\d[- ]digit code\b|\b(login|account|sign-in) credentials\b/,
  /\b(seed|recovery|secret) (phrase|words)\b|\bprivate keys?\b/,
  /\bremote access\b|\b(anydesk|teamviewer|remote desktop)\b/,
];
/** Identity and account numbers: asked for lawfully now and then, by scams constantly. */
export const IDENTITY = [
  /\b(full )?(social security number|ssn)\b(?! \(?last four)/,
  /\b(date of birth|birth date)\b/,
  /\bbanks?,? (and )?account numbers\b|\baccount numbers,? and (current )?balances\b|\b(routing (and account )?numbers?|routing number|bank account number|checking account (and routing )?number|(bank|banking)( account)? (details|information|info)|bank statements|account and routing)\b/,
  /\b(full card number|card number|card numbers|debit card (number|information|details)|credit card (number|information|details)|card details|card information|expiration date)\b/,
  /\b(driver's license number|passport|copy of your (driver's license|passport))\b/,
  /\b(medicare number|member number|policy number|insurance numbers?)\b/,
];
const REQUEST_VERB = String.raw`(provide|confirm|verify|send|enter|update|give|include|write|list|fill( in| out)?|complete|reply|read|tell|submit|re-?confirm|re-?register|sign in|log in|sign on|log on|return|install|allow|grant|call|have|place|put|mail|bring|attach|enclose|show|text|email|message|type( in)?|share)`;
/**
 * A request addressed to the recipient: an imperative (at the start of a sentence or clause, or
 * after "please", "must", "and then"), someone who "will ask" or "will confirm", or a blank to
 * fill in. "We will send your PIN separately" and "enter your PIN at any ATM" are not requests.
 */
const ASK = new RegExp(
  [
    String.raw`(^|[,;:]\s*|\b(please|kindly|simply|must|need to|needs to|required to|asked to|ask you (to|for)|you to|be sure to|and|then|or|also)\s+)(also\s+)?${REQUEST_VERB}\b`,
    String.raw`\b(will|must|'ll) (ask|need|require)\b|\b(will|'ll|may|must) be (asked|required) (for|to)\b|\byou (will|'ll) need( to)?\b|\basks? for\b|\b(form|card|portal|page)\b[^.]{0,30}\b(asks for|requires|must include)\b|\b(a note|the form|a slip)\b[^.]{0,20}\b(showing|with|listing)\b|\b(representative|agent|officer|technician|clerk|specialist)s? will (also )?(confirm|verify|ask|need)\b|_{3,}`,
  ].join("|"),
);
export const NOT_A_REQUEST = /\b(atm|keypad|card reader|terminal)\b(?! pin)|\b(separately|separate (letter|envelope|mailing)) |\b(create|choose|set up|select|pick|change) (a |your |the )?(new )?(pin|password|passcode|security questions?|username)\b|\b(to|with) (any |all |the |your )?(merchants?|companies|billers?|businesses|services)\b|\b(printed on|shown on|provided (on|in|with)|we (sent|mailed|gave|assigned)|assigned to you)\b/;

/** How many kinds from `list` the letter asks for, one sentence at a time. */
export function askedKinds(l: Letter, list: RegExp[]): number {
  // Several categories ask the same question of one letter: answer it once.
  const known = memo(askedMemo, l);
  const cached = known.get(list);
  if (cached !== undefined) return cached;
  // A kind the letter never names needs no sentence-by-sentence look (most letters name none).
  const n = list.filter((k) => k.test(l.plain) && l.sentences.some((s) => k.test(s) && ASK.test(s) && !NOT_A_REQUEST.test(s))).length;
  known.set(list, n);
  return n;
}

const askedMemo = new WeakMap<Letter, Map<RegExp[], number>>();
const speaksMemo = new WeakMap<Letter, Map<Authority, boolean>>();
function memo<K, V>(store: WeakMap<Letter, Map<K, V>>, l: Letter): Map<K, V> {
  let m = store.get(l);
  if (!m) store.set(l, (m = new Map()));
  return m;
}

/** Hyphenated look-alike domains ("irs-refundrelease.com") and free mail for an organisation's business. */
export const LOOKALIKE_SITE = /\b[a-z0-9]+-[a-z0-9-]+\.(com|net|org|info|xyz|online|site|center|support|co)\b|@(gmail|protonmail|yahoo|outlook)\.com/;

// ------------------------------------------------------------------------------------------
// Authorities: who a letter may claim to be
// ------------------------------------------------------------------------------------------

export type Authority = "government" | "court" | "police" | "utility" | "bank";

const AUTHORITY: Record<Authority, RegExp> = {
  government: /\b(small business administration|u\.?s\.? sba|department of the interior|national park service|department of (labor|agriculture|energy|commerce|housing and urban development|veterans affairs)|veterans affairs|internal revenue service|irs|social security administration|medicare|medicaid|department of education|student aid|fincen|beneficial ownership|corporate transparency act|department of health|department of (the )?treasury|u\.?s\.? treasury|homeland security|uscis|citizenship and immigration|immigration|dmv|department of motor vehicles|department of (revenue|taxation)|tax (enforcement|department)|revenue (agent|department)|franchise tax board|census bureau|federal trade commission|department of labor|unemployment|state of [a-z]+|federal government|the government)\b/,
  // Named courts only: "904 Sandpiper Court" is an address, "Court Square" a street.
  court: /\b(chapter (7|11|13) trustee|bankruptcy trustee|office of the (chapter (7|11|13) )?trustee|united states trustee)\b|\b(superior|district|circuit|county|municipal|federal|supreme|bankruptcy|civil|criminal|traffic|family|probate|housing|juvenile|magistrate|justice|city|state|mediation|arbitration|claims|appeals) court\b|\bcourts? (of|clerk|officer|registrar|administrator|settlement|disbursement)\b|\b(clerk of|court registrar|judicial|jury (administrator|service|duty)|small claims|bench warrant|docket|summons|order of (the )?court)\b/,
  police: /\b(police|pd|sheriff|sheriff's office|deput(y|ies)|trooper|det\.|sgt\.|ofc\.|fbi|federal bureau of investigation|marshals?|law enforcement|detective|special agent|narcotics|drug enforcement|dea|department of justice|interpol|homeland security investigations|customs and border protection|sergeant|officer [a-z]+ [a-z]+)\b/,
  utility: /\b(electric|electricity|gas|water|power|energy|sewer|utility|utilities)\b[a-z &,-]{0,30}\b(company|co|utility|utilities|service|services|cooperative|co-?op|department|authority|district|board|corporation|corp|customer|account|bill|meter|light)\b|\b(disconnection|disconnect|shut-?off|shutoff) (notice|order|department|prevention|technician|crew|supervisor)\b|\b(duke energy|xcel( energy)?|georgia power|florida power|fpl|nicor|pg&e|con ?ed(ison)?|dominion energy|southern california edison|entergy|ameren|peco|comed|national grid|southwest gas|atmos( energy)?|centerpoint|dte( energy)?|consumers energy|pseg|eversource|srp|tva|we energies|alabama power|oncor|reliant|spire|piedmont natural gas|department of (water|watershed))\b|\bsmart meter\b|\b(gas|water|power|electric|electricity|energy|light|sewer|utilities)( (&|and) [a-z]+)? (of [a-z]+|dept|field services|emergency|dispatch|billing|deposit services|meter services|metering|customer (care|service))\b|\b(city|county|town|village|municipal|public|rural) (water|gas|power|electric|utilities)\b|(^|\n )[a-z .'&-]{2,30} (gas|water|power|electric|energy)( (&|and) [a-z]+)?\s?(:|$| \n)/,
  bank: /\b(bank|banks|banking|credit union|card services|cardholder|fraud (prevention|protection|resolution|department|division|team|unit|office)|bank examiner|private client services|private banking|relationship manager|wealth management|deposit services|certificate services|trust company)\b/,
};

// Up to the first word that turns the sentence towards someone else ("... a debt you owe to Harbor Bank").
const SELF_ID = /\b(i am|i'm|my name is|this is|we are|writing (to you )?(from|on behalf of)|i work (for|with)|working (with|for)|calling from|on behalf of)\b((?!\b(owe|owed|owes|about|regarding|against|collect|to|filing|file|sue|suing|taking|take|going|report|reporting|calling the|contacting|complaining|asking|ready|prepared|willing|entitled)\b)[^.]){0,60}/g;
const OWN_VOICE: Record<Authority, RegExp> = {
  government: /\b(this (department|agency|office)|the department has|our (agency|department))\b/,
  court: /\b(this court|the court has|court officer|by order of the court|you are (hereby )?(ordered|summoned|notified))\b/,
  police: /\b(badge (no|number|#)?\s?\d+|this (department|unit|task force))\b/,
  utility: /\byour (\w+ )?(electric|gas|water|power|sewer|utility) (account|service|bill|meter)\b|\byour (electricity|power|gas|water|heat)( service)? (will|may) be (switched|shut|turned|cut) off\b|\byour service will be (interrupted|shut off|disconnected|cut off)\b|\b(smart )?meters? (upgrade|replacement|installation|exchange|program)\b/,
  bank: /\b(our|this) bank\b|\byour (\w+ )?(debit|credit) card ending\b|\bas (a|the|your) bank examiner\b|\b(an? |one of our )?(teller|employee) (at|in) (your|our) (local )?branch\b|\byour (local )?branch\b[^.]{0,40}\b(teller|employee|staff)\b[^.]{0,40}\b(accessing|stealing|investigat\w*|compromised)\b/,
};

/** Whether the letter speaks as the authority (letterhead, sign-off, "I am ... with ..."), not merely about it. */
export function speaksAs(l: Letter, who: Authority): boolean {
  const known = memo(speaksMemo, l);
  const cached = known.get(who);
  if (cached !== undefined) return cached;
  const re = AUTHORITY[who];
  const speaks = re.test(l.head) || re.test(l.tail) || OWN_VOICE[who].test(l.all) || [...l.all.matchAll(SELF_ID)].some((m) => re.test(m[0]));
  known.set(who, speaks);
  return speaks;
}
