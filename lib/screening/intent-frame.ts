import { IMPERSONATION, advanceFee, extortion, fakeInvoice, impersonation, phishing, threat, type Hit, type Scored } from "@/lib/screening/frame-categories";
import { AMOUNT, PAY, has, readLetter, speaksAs, type Letter } from "@/lib/screening/frame-lexicon";
import { readExposure, readHarm, storyTalk } from "@/lib/screening/frame-harm-slots";
import { readSpanishFrame } from "@/lib/screening/frame-spanish";
import { disownedCharge, readAsks, readBill, readMoney, readTies, readWindfall, remoteAccessAsked, secrecyAsked } from "@/lib/screening/frame-money-slots";
import type { RefusalCategory } from "@/lib/screening/screener";

// The intent frame: the screener's second key, read by rules and independent of the trained
// classifier. It asks who the letter claims to speak as, what it asks of the recipient, how it
// wants money to move, and what harm or exposure it holds over them, and scores each refusal
// category from those slots (frame-harm-slots.ts, frame-money-slots.ts) and from the older, narrower category rules
// (frame-categories.ts). The strongest category names the refusal; the signals that fired are
// kept for the operator.
//
// Scores: 3 or more is an intent no lawful letter has (a promise of violence, gift cards to an
// agency, a fee before a prize); 2 is an intent stated plainly enough to turn the frame's key;
// below 2 is a hint, kept as a signal only. The levels the screener acts on are calibrated
// (lib/screening/model/thresholds.json).

export type FrameReading = {
  category: RefusalCategory | null;
  score: number;
  /** Every category with a signal, strongest first: "category: what fired". */
  signals: string[];
};

/** Money asked for without the word "pay": "I want $5,000", "cash app or zelle". */
const ASKED_FOR_MONEY = /\b(i want|we want|you owe|give me|hand over|cash app|zelle|venmo|in cash|envelope|in my mailbox|in the mailbox|under the mat)\b|\bcash,|\$\s?\d[\d,]* (in )?cash\b|\bto the wallet\b|\$\s?\d[\d,]* (every|each|a|per) (week|month|friday|monday|payday)\b/;

/** Well-known companies scammers pose as: a letter speaks as one in its letterhead, sign-off or self-introduction. */
const BRAND = /\b(microsoft|windows (defender|support|security)|apple (support|care|id)|icloud|amazon|prime (membership|video)|paypal|geek squad|best buy|norton|mcafee|avast|ups|fedex|dhl|netflix|walmart|costco|verizon|at&t|comcast|xfinity|spectrum|t-mobile|google|gmail|facebook|meta|instagram|coinbase|cash app support|venmo support|zelle support|ebay|home depot|lowe's|target|norton ?lifelock|lifelock|bank of america|chase|wells fargo|dell|hp support|adobe|roku|hulu|disney\+|carfax|ticketmaster|live nation|stubhub|venmo (account|security|integrity|team)|nike team( sales)?|peloton|tesla (service|motors|inc)|airbnb|doordash|(spotify|samsung|playstation|xbox|nintendo|steam|uber|lyft) (support|account|security|billing|team)|turbotax|intuit|(vehicle|auto|car) (warranty|protection) (services?|department|center)|(ford|toyota|honda|chevrolet|gm|nissan|hyundai) (motor|financial|service)|(land rover|jaguar|bmw|mercedes-benz|volkswagen|subaru|kia|mazda|toyota|honda|ford|nissan|hyundai|lexus|audi|volvo|porsche|chevrolet) (north america|usa|of america|customer (care|relations)|recall|vehicle services|owner services))\b/;
const SELF = /\b(i am|i'm|im|my name is|this is|we are|writing (to you )?(from|on behalf of)|on behalf of|calling from|from the|representing|team at|department at|support at|security at)\b[^.!?\n]{0,60}/g;

function speaksAsBrand(l: Letter): boolean {
  if (BRAND.test(l.head) || BRAND.test(l.tail)) return true;
  return [...l.all.matchAll(SELF)].some((m) => BRAND.test(m[0])) || /\b(security|account|billing|fraud|support|customer service|membership)\b[^.!?\n]{0,20}\b(alert|team|department|center|notice)\b/.test(l.head) && BRAND.test(l.all);
}

class Frame {
  private readonly scored = new Map<RefusalCategory, Scored>();

  add(category: RefusalCategory, scored: Scored): void {
    const prev = this.scored.get(category);
    if (!prev) this.scored.set(category, { score: scored.score, hits: [...scored.hits] });
    else this.scored.set(category, { score: Math.max(prev.score, scored.score), hits: [...prev.hits, ...scored.hits] });
  }

  slot(category: RefusalCategory, score: number, name: string, says: string): void {
    if (score > 0) this.add(category, { score, hits: [{ name, says, weight: score } satisfies Hit] });
  }

  /** At most `max` for `category`: what the letter also says shows the signals are a lawful sender's. */
  cap(category: RefusalCategory, max: number): void {
    const scored = this.scored.get(category);
    if (scored) scored.score = Math.min(scored.score, max);
  }

  read(cap: number, note: string | null): FrameReading {
    const ranked = [...this.scored.entries()].filter(([, s]) => s.hits.length > 0).sort((a, b) => b[1].score - a[1].score);
    const [top] = ranked;
    return {
      category: top && top[1].score > 0 ? top[0] : null,
      score: top ? Math.min(cap, top[1].score) : 0,
      signals: [...(note ? [note] : []), ...ranked.flatMap(([c, s]) => [...new Set(s.hits.map((h) => h.name))].map((n) => `${c}: ${n}`))],
    };
  }
}

/**
 * Whether a letter reads as a warning about fraud, or as fiction or reporting: then no category
 * scores above CONTEXT_CAP, whatever the rest of the frame reads. A small part of a full reading.
 */
export function readsInContext(text: string): boolean {
  return contextOf(letterOf(text)) !== null || readSpanishFrame(text).context !== null;
}

function contextOf(l: Letter): string | null {
  return l.warns >= 2 ? "reads as a warning about fraud" : storyTalk(l) >= 2 ? "reads as fiction or reporting" : null;
}

/** The last letter read: readsInContext and then readIntentFrame on one text read it once. */
let lastRead: { text: string; letter: Letter } | undefined;
function letterOf(text: string): Letter {
  if (lastRead?.text !== text) lastRead = { text, letter: readLetter(text) };
  return lastRead.letter;
}

export function readIntentFrame(text: string): FrameReading {
  const l = letterOf(text);
  const frame = new Frame();

  // The older category rules: narrow, but precise where they fire.
  frame.add("threat", threat(l));
  frame.add("extortion", extortion(l));
  frame.add("fraud_fake_invoice", fakeInvoice(l));
  frame.add("fraud_phishing", phishing(l));
  frame.add("fraud_advance_fee", advanceFee(l));
  for (const [category, who] of IMPERSONATION) frame.add(category, impersonation(l, who));

  // Harm held over the recipient.
  const harm = readHarm(l);
  frame.slot("threat", harm.violence ? 3 : 0, "writer promises violence", "it says the writer will hurt the recipient, their family or their property");
  frame.slot("threat", harm.device ? (harm.menace > 0 || harm.watching || harm.hidden ? 3 : 2.5) : 0, "something set to go off", "it warns that something will go off or tells people to clear a building");
  // Watching someone, or menace, alone is what a worried neighbour or a thriller may write too;
  // together, or menace of several kinds, they make the intent.
  // A witness told to forget what they saw is intimidated whatever else the letter says.
  // A vote, an order or a seat demanded under that watching or menace is coercion: one step more.
  // Watching and menace beyond a bare "final warning" together are specific: on the calibration
  // letters a handful of lawful letters have both, against about a third of the threats.
  const dread = (harm.watching ? 1.5 : 0) + (harm.silencing ? 2.5 : 0) + Math.min(harm.menace, 3) + (harm.coercion ? 1 : 0);
  // Watching someone the writer has a grudge against ("you fired me", "you voted") is a threat
  // even when the menace is left unsaid: on the calibration letters, 61 threats and 6 lawful
  // letters (three of them fiction or fraud warnings) have both.
  const watchedWithMenace = harm.watching && harm.menacing >= 1;
  const watchedWithGrudge = harm.watching && harm.grudge ? 2 : 0;
  frame.slot("threat", watchedWithMenace ? (harm.menacing >= 2 ? 4 : 3.5) : Math.max(watchedWithGrudge, dread >= 2 ? Math.min(3, dread) : dread >= 1 ? 1 : 0), harm.silencing ? "tells a witness to forget" : harm.coercion ? "demands an act, with watching or menace" : watchedWithMenace ? "watches the recipient, with menace" : watchedWithGrudge ? "watches the recipient, with a grudge" : harm.watching ? "watches the recipient" : "menace", "it shows the writer watches the recipient, or uses menacing language about what will happen next");

  // A grudge and the recipient's building that would burn ("old wiring, no sprinklers; buildings
  // like that have bad nights"), not reported to any inspector: arson hinted.
  frame.slot("threat", harm.grudge && harm.arson ? 2 : 0, "a grudge, and a building that would burn", "it holds a grudge against the recipient and points out that their building would burn");

  // Exposure traded.
  const exposure = readExposure(l);
  const demands = (has(l.plain, PAY) || has(l.plain, ASKED_FOR_MONEY)) && has(l.plain, AMOUNT) || /\b(resign|withdraw|drop|dismiss|vote|delete|step down|leave town|move out)\b/.test(l.plain);
  const personalLever = exposure.privateLever || exposure.publicLever && (exposure.secret || exposure.material);
  frame.slot("extortion", personalLever && exposure.condition ? (demands || exposure.secret ? 3 : 2) : personalLever ? 1 : 0,
    "exposure traded", "it threatens to expose the recipient to people close to them unless they pay or comply");
  frame.slot("extortion", exposure.secret && demands ? (exposure.material || exposure.condition || personalLever ? 3 : 2) : 0,
    "a secret held over a demand", "it holds a private matter over the recipient and demands money");
  frame.slot("extortion", exposure.sabotage ? 3 : 0, "reviews that stop when paid", "it runs a campaign of bad reviews or complaints that stops only when paid");
  const favour = /\b(i('ll| will) need you to|in exchange|in return|your (vote|recommendation|support)|be my champion)\b/.test(l.plain);
  frame.slot("extortion", exposure.material && exposure.wrongdoing && (demands || favour) && !exposure.lawfulRemedy ? 2.5 : 0,
    "the recipient's wrongdoing held over a demand", "it says the writer holds proof of the recipient's wrongdoing and asks for money or a favour");
  frame.slot("extortion", exposure.protection ? 3 : 0, "protection money", "it asks for regular payments so that nothing happens to the recipient's business");
  frame.slot("extortion", exposure.hostage && demands ? 3 : 0, "held until paid", "it says the writer holds something of the recipient's and will return it only for money");
  frame.slot("extortion", exposure.ransom && demands ? 3 : 0, "data held for ransom", "it says the writer holds the recipient's data and will release it unless paid");

  // Money moving where no honest sender asks for it.
  const money = readMoney(l);
  // Silence for a price: "then I forget the whole thing", paid through an app or in cash.
  // An act bought with the silence counts as a demand too: an easement signed, a licence granted.
  const silenceBought = demands || /\b(sign|signed)\b[^.!?\n]{0,40}\b(over|easement|side letter|statement|confession)\b|\bgrant (me|us|our firm)\b/.test(l.plain);
  frame.slot("extortion", exposure.silence && silenceBought ? (money.untraceable.length > 0 || personalLever || exposure.secret || exposure.material ? 3 : 2) : 0,
    "silence for a price", "it offers silence, or an end to the trouble, in return for money");
  // Telling someone, an authority included, traded for the writer's own gain (cash or a regular
  // sum for the writer, or a favour) over something the writer says they know or hold.
  const gain = demands && (exposure.forTheWriter || money.untraceable.length > 0) || exposure.favour;
  const told = exposure.tellsAnyone || exposure.privateLever || exposure.publicLever;
  const held = exposure.knows || exposure.secret || exposure.material || exposure.wrongdoing;
  frame.slot("extortion", told && exposure.condition && gain ? (held ? 3 : 2) : 0,
    "telling someone, traded for the writer's gain", "it threatens to tell someone about the recipient unless they pay the writer or do them a favour");
  // Something the writer holds or knows, over money for the writer paid where no creditor asks
  // (an app, crypto, cash, gift cards), under a deadline or a condition: a debt is not collected so.
  frame.slot("extortion", demands && money.untraceable.length > 0 && exposure.condition && !exposure.lawfulRemedy && (exposure.material || exposure.secret || exposure.wrongdoing) ? 2 : 0,
    "something held over a payment off the books", "it holds something over the recipient and asks to be paid through an app, crypto or cash by a deadline");
  // Bad reviews that come unless the recipient pays: a customer's review is not for sale.
  const reviewsForMoney = /\b(one-star|1-star|1 star|one star|bad|negative|fake|terrible)\b[^.!?\n]{0,40}\breviews?\b/.test(l.plain) && demands && (exposure.condition || /\buntil\b/.test(l.plain)) && (exposure.forTheWriter || money.untraceable.length > 0);
  frame.slot("extortion", reviewsForMoney ? 2 : 0, "reviews unless paid", "it says bad reviews will come unless the recipient pays the writer");
  const asks = readAsks(l);
  const secrecy = secrecyAsked(l);
  const remote = remoteAccessAsked(l);
  // One identity number is what a real agency asks for on a payment slip; several, or a secret, are not.
  const detour = money.channelRefused || money.feeForFree || money.lookalikePayment;
  const illegitimate = money.untraceable.length > 0 || asks.secrets > 0 || asks.identity >= 2 || secrecy || remote || detour;
  const how = [
    ...money.untraceable,
    ...(asks.secrets ? ["secrets such as a PIN or password"] : []),
    ...(asks.identity ? ["identity or account numbers"] : []),
    ...(remote ? ["remote access to a computer"] : []),
    ...(secrecy ? ["secrecy"] : []),
    ...(money.channelRefused ? ["avoiding its own offices and website"] : []),
    ...(money.feeForFree ? ["a fee for something free"] : []),
    ...(money.lookalikePayment ? ["a look-alike website"] : []),
  ].join(", ");
  // A bank offers Zelle itself: an app payment is illegitimate for every authority but a bank,
  // unless the bank asks the customer to send money back by app. A court, agency or police
  // department takes payment through its own clerk or portal, never into a bank account it prints.
  const bankIllegitimate = money.untraceable.some((u) => u !== "a payment app or wire") || money.appReversal || asks.secrets > 0 || asks.identity >= 2 || secrecy || remote || detour;
  const publicIllegitimate = illegitimate || (money.privateAccount && has(l.plain, PAY));
  for (const [category, who] of IMPERSONATION) {
    // Law enforcement never asks for bank account numbers by letter.
    const wrong = who === "bank" ? bankIllegitimate : who === "utility" ? illegitimate : publicIllegitimate || (who === "police" && asks.identity >= 1);
    if (wrong && speaksAs(l, who)) frame.slot(category, 3, `speaks as ${who}, wants ${how}`, `it presents itself as ${who === "government" ? "a government agency" : who === "court" ? "a court" : who === "police" ? "law enforcement" : who === "utility" ? "a utility" : "a bank"} and asks for ${how}`);
  }
  // Law enforcement collects no money to make charges or a warrant go away; a court clerk may
  // take a fine to recall a warrant, so this reads the police only.
  const payToClear = has(l.plain, PAY) && has(l.plain, AMOUNT) && /\b(avoid (arrest|charges|prosecution|being (arrested|charged))|clear (it|yourself|your name|the warrant|this warrant)|(charges|warrant|case)\b[^.!?\n]{0,30}\b(dropped|go away|goes away|lifted|withdrawn|recalled))\b/.test(l.plain);
  if (payToClear && speaksAs(l, "police")) frame.slot("impersonation_police", 3, "speaks as law enforcement, wants money to clear a charge", "it presents itself as law enforcement and asks for money to make a charge or warrant go away");
  if (speaksAsBrand(l)) {
    // A refund or credit paid out only against bank details given by phone or letter: how refund scams end.
    const refundForDetails = asks.identity > 0 && /\b(refund|rebate|reward adjustment|overcharg\w*|charged twice|owed)\b/.test(l.plain);
    frame.slot("impersonation_business", illegitimate ? 3 : disownedCharge(l) || refundForDetails ? 2 : has(l.plain, PAY) && has(l.plain, AMOUNT) ? 1.5 : 0, `speaks as a well-known company${illegitimate ? `, wants ${how}` : ""}`, "it presents itself as a well-known company and asks for payment, access or data");
  }

  // Money promised for a payment first.
  const windfall = readWindfall(l);
  frame.slot("fraud_advance_fee", windfall.overpayment ? 3 : 0, "deposit a cheque, send part on", "it asks the recipient to deposit a cheque and send part of the money on");
  frame.slot("fraud_advance_fee", windfall.paidJob ? (money.untraceable.length > 0 ? 3 : 2.5) : 0, "a job that must be paid for", "it offers a job that must first be paid for");
  frame.slot("fraud_advance_fee", windfall.costsFirst ? (money.untraceable.length > 0 ? 3 : 2.5) : 0, "costs paid before the money comes", "it asks for fees or costs to be paid before a sale, an estate or a claim pays out");

  // Bills for what nobody ordered, and payments sent elsewhere.
  const bill = readBill(l);
  frame.slot("fraud_fake_invoice", bill.unorderedService && bill.billed ? (bill.obliged ? 3 : 2) : 0, "bill for a service rarely ordered", "it bills for a deed copy, a register entry, posters or a listing as if they were owed");
  frame.slot("fraud_fake_invoice", bill.newAccount && !bill.invitesCheck ? (bill.diversionTell ? 3 : 2) : 0, "payments redirected to a new account", "it tells the recipient to send payments to a new account");
  frame.slot("fraud_fake_invoice", bill.serviceLetterhead && bill.billed && bill.obliged && !bill.onFile ? 2 : 0, "a compliance service's bill styled as a requirement", "it bills, under an official-sounding service's name, for a registration, filing, permit or posting it says is required");
  // A renewal charged to the card the customer already keeps on file is a real subscription's bill.
  if (bill.onFile && money.untraceable.length === 0 && !bill.newAccount) frame.cap("fraud_fake_invoice", 1.5);
  frame.slot("fraud_fake_invoice", bill.reportedToRegulator && bill.billed ? 2 : 0, "an unpaid bill reported to a regulator", "it threatens to report the recipient to a regulator such as the fire marshal if the bill is not paid");
  frame.slot("fraud_fake_invoice", bill.unorderedGoods && bill.billed ? 2 : 0, "goods claimed ordered by phone", "it bills for goods it says were ordered by telephone");

  // Secrets and identity numbers asked for, however the request is laid out.
  const pretext = /\b(refund|reward|prize|owed|rebate|settlement|claim|overcharg\w*|overpa\w*|unclaimed|credit)\b/.test(l.plain);
  frame.slot("fraud_phishing", asks.secrets > 0 ? 3 : asks.identity >= 3 ? 3 : asks.identity === 2 ? (pretext ? 3 : 2) : asks.identity === 1 ? 1 : 0,
    asks.secrets > 0 ? "asks for secrets (PIN, password, security code)" : "asks for identity or account numbers", "it asks the recipient for secrets or identity and account numbers");

  // Affection and family ties used to ask for money.
  const ties = readTies(l);
  const pressed = money.untraceable.length > 0 || secrecy;
  if (ties.needsMoney && (ties.kinInTrouble || ties.affection && (pressed || ties.emergency))) {
    frame.slot("fraud_romance", pressed ? 3 : 2, "money asked through affection or family", "it asks for money through affection or family ties");
  }
  // A relative (or one just found by DNA) asking for money by gift card, app, wire or in secret:
  // family asks for help too, but not that way.
  frame.slot("fraud_romance", ties.kinWriting && ties.needsMoney && pressed ? 2.5 : 0, "a relative asking for money by untraceable means", "it writes as a relative and asks for money by gift card, app or wire, or in secret");
  // The same questions asked of a letter written in Spanish.
  const spanish = readSpanishFrame(text);
  for (const s of spanish.slots) frame.slot(s.category, s.score, s.name, s.says);

  // A letter that warns about fraud quotes what fraud says ("a courier will pick up your card");
  // its frame stays a hint, whatever it quotes. The classifier still reads it.
  // So does fiction or true crime quote threats.
  const context = contextOf(l) ?? spanish.context;
  return frame.read(context ? CONTEXT_CAP : Infinity, context);
}

/** The most a letter that reads as a fraud warning, fiction or reporting can score: a signal, never a key. */
export const CONTEXT_CAP = 1.5;
