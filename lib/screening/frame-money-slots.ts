import { CASH_HANDOFF, COLLECTOR_AT_DOOR, GIFT_OR_CRYPTO, IDENTITY, MONEY_TRANSFER, NOT_A_REQUEST, P2P, SAFE_ACCOUNT_MOVE, SAFE_ACCOUNT_OPENED, SECRECY, SECRETS, askedKinds, has, type Letter } from "@/lib/screening/frame-lexicon";

// Slots of the intent frame (intent-frame.ts) about money: how it is to move, what is asked for
// (secrets, identity numbers), affection or family ties used to ask for it, bills for what
// nobody ordered, and money promised for a payment first. Read in broad words, as the slots of
// frame-harm-slots.ts are.

// ------------------------------------------------------------------------------------------
// How money is to move, and what is asked
// ------------------------------------------------------------------------------------------

/** Untraceable channels, spelled as people spell them. */
const GIFT_CARDS_LOOSE = /\b(gift|gif|giftt)[ -]?cards?\b|\bgiftcards?\b|\b(google ?play|itunes|i-tunes|steam|apple|amazon|target|walmart|ebay|sephora|razer gold|vanilla|visa gift|best buy)\b[^.!?\n]{0,20}\b(cards?|vouchers?)\b|\b(scratch|the numbers on the back|card numbers? and (the )?pins?|pin on the back|photos? of the (back of the )?cards?)\b|\b(bit ?coin|btc|crypto|cripto|usdt|tether|ethereum|eth wallet|wallet address|coin ?atm|bitcoin (atm|machine|kiosk)|crypto (atm|machine|kiosk))\b|\bkiosk\b[^.!?\n]{0,80}\b(scan|scanning|qr|code)\b/;
const APP_OR_WIRE = /\b(zelle|cash ?app|cashapp|venmo|paypal (friends|f&f)|apple pay|chime|western union|money ?gram|ria money|remitly|wire (transfer|the money|it|the funds|funds|the amount|your (funds|savings|money|balances?|share|portion|payment))|wire the \$\s?\d|wiring (that|the) (amount|sum|fee|payment)|wired|bank wire|by wire)\b/;
const CASH_OR_COURIER = /\b(courier|runner|driver|agent|officer|representative|someone|a man|a woman|our associate)\b[^.!?\n]{0,80}\b(pick up|collect|come by|come to your (house|home|door)|stop by)\b|\b(cash|money|bills)\b[^.!?\n]{0,40}\b(in (an |a |the )?envelope|in a box|in a bag|in a shoebox|under (the|your) (mat|doormat)|in (the|your) mailbox|to the courier|by overnight|fedex|ups)\b|\b(mail|send|ship|fedex|overnight)( the| your| us| me| him| her| it)? (cash|money orders? made out to (me|him|her))\b/;

/** A bank account given to pay into: what a court, agency or police department never prints on a notice. */
const PRIVATE_ACCOUNT = /\baccount is held (at|with) [a-z .&-]{2,40} in the name of\b|\b(routing|aba|swift|iban)\b[^]{0,120}\baccount\b|\baccount( number| no\.?| #)?:? ?\d{6,}|\b(wire|deposit|transfer)\b[^.!?\n]{0,60}\b(escrow|fiduciary|settlement|trust|holding) account\b|\b(held|placed|deposited|posted|move|moved|transfer|transferred)\b[^.!?\n]{0,40}\b(federal|government|court|custody|custodial|protective|escrow|safekeeping|holding|suspense) (escrow |custody |protective |holding )?account\b/;
/** "Send the money back by Zelle to this number": the reversal scam a bank never runs. */
const APP_REVERSAL = /\b(zelle|venmo|cash app)\b[^]{0,200}\b(return|send|reverse|refund|mirror)\b[^]{0,120}\b(phone number|to the number|recovery|reversal|yourself|your own)\b|\bmirror payment\b|\breversal token\b/;

/** The sender's own channels refused: "do not take it to a dealership", "not the number on our website". */
const CHANNEL_REFUSED = /\b(your |the |our )?(branch|branches|teller|tellers|branch staff|local office|customer service( line)?|call center|general customer service line|dealer|dealership)\b[^.!?\n]{0,30}\b(is|are|may|might|will)( not| n't|n't)( yet)? (be )?(familiar|aware|informed|updated)\b|\b(must|should) not be (sent|paid|made|included) (with|through|via|by|at)\b[^.!?\n]{0,40}\b(regular|usual|normal|online banking|portal|monthly|branch)\b|\bnot through your (usual|regular|normal|online)\b|\brather than [a-z ]{0,20}\bat (the|your) branch\b|\b(not|don't|do not|never)( (even|ever|try to|attempt to|bother to|bother|go to|have to|need to))? (take|bring|go|use|call|visit|contact|log in|pay)\b[^.!?\n]{0,40}\b(dealer|dealership|website|web site|branch|office|store|app|number on|main number|customer service line|local office)\b|\bnot the number (on|in|from)\b|\b(online|by phone|by mail|at (our|the) office)\b[^.!?\n]{0,30}\b(will not|won't|cannot|can't|do not|don't) (post|count|be credited|reach us)\b|\b(dealers?|branches|offices|stores|staff|tellers|website|the app) (are|is) not (yet )?(equipped|able|authorized|allowed)\b/;
/** A fee or deposit for what is free: a recall repair, a refund, a benefit. */
const FEE_FOR_FREE = /\b(recall|free repair|repairs are free|refund|benefit|reimbursement)\b[^]{0,300}\b(deposit|fee|prepaid|prepay|reservation)\b[^.!?\n]{0,40}(\$\s?\d|\b(required|must|to (schedule|reserve|release)))/;
/** A look-alike website to pay or give details on. */
const LOOKALIKE_PAYMENT = /\b[a-z0-9]+-[a-z0-9-]+\.(com|net|org|info|xyz|online|site|center|support|co)\b[^]{0,200}\b(pay|payment|card|details|log ?in|sign in|verify)\b|\b(pay|payment|card|details|log ?in|sign in|verify)\b[^]{0,200}\b[a-z0-9]+-[a-z0-9-]+\.(com|net|org|info|xyz|online|site|center|support|co)\b/;

export type MoneyReading = { untraceable: string[]; privateAccount: boolean; appReversal: boolean; channelRefused: boolean; feeForFree: boolean; lookalikePayment: boolean };

export function readMoney(l: Letter): MoneyReading {
  const t = l.plain;
  const untraceable: string[] = [];
  if (has(t, GIFT_OR_CRYPTO) || has(t, GIFT_CARDS_LOOSE)) untraceable.push("gift cards or cryptocurrency");
  if (has(t, P2P) || has(t, MONEY_TRANSFER) || has(t, APP_OR_WIRE)) untraceable.push("a payment app or wire");
  if (has(t, CASH_HANDOFF) || l.sentences.some((s) => COLLECTOR_AT_DOOR.test(s)) || has(t, CASH_OR_COURIER)) untraceable.push("cash handed over or mailed");
  if (l.sentences.some((s) => SAFE_ACCOUNT_MOVE.test(s)) || has(t, SAFE_ACCOUNT_OPENED)) untraceable.push("a 'safe' account");
  return {
    untraceable,
    privateAccount: has(t, PRIVATE_ACCOUNT),
    appReversal: has(t, APP_REVERSAL),
    channelRefused: has(t, CHANNEL_REFUSED),
    feeForFree: has(t, FEE_FOR_FREE),
    lookalikePayment: has(t, LOOKALIKE_PAYMENT),
  };
}

/**
 * A letter that asks for a list of details: "complete the form below", "have the following
 * ready", "please verify:". Its list items are asked for even though each line has no verb.
 */
const LIST_REQUEST = /\b(complete|fill (in|out)|return|verify|confirm|provide|update|send|include|reply with|have (the following|these|this information|it)( things| items| details| documents)? ready|have ready|(card |bank |account )?details below|the following|enclosed (form|card|claim)|form below|card below|below:|checklist|required (information|fields|details))\b|\b(with|following|below|include|provide|items|asks for):\s|\bplease (reply|respond|mail|email|write)\b|\b(mail|send|return|provide|prepare|bring|include|enclose|attach|text|email)\b[^.!?]{0,40}:\s|\b(the|a|photos? of the) completed (form|card|sheet|application)\b/;

/** A line of a form or a checklist: a bullet, a number, a blank to fill, a field name, or a short phrase without a verb. */
const LIST_ITEM = /^([-*•]|\d{1,2}[.)]|\[ ?x? ?\]|\([a-z0-9]\))\s|_{3,}|^[a-z0-9 '#/&(),-]{2,60}:\s*(_*|\[ *\])?\s*$|^(?!.*\b(is|are|was|were|will|would|should|not|never|do|does|did)\b)[^.!?]{2,100}$|^[^.!?;]{2,60}(; ?[^.!?;]{2,60}){2,}\.?$|^(?!.*\b(is|are|was|were|will|would|should|not|never|do|does|did|can|could|change|go|make)\b)(your|a copy|a photo|a clear photo|a scan|copy|photo|full|the last|last) [^.!?]{2,80}\.$/;
const NAMED_ITEM = /^(your|a|an|the|full|current|all|both|copy|photo|written)\b/;
const SECRET_UNTOUCHED = /\b(asking|asked|ask) (them|people|members|customers|residents)\b|\bappear(s|ed)? to (come|be) from\b|\b(not|never|no|nobody|change|changes|changed|reset|separately|printed|issued|mailed|keep using|will be)\b|\b(remains?|stays?|will stay|will remain|is|are) (the same|unchanged|active)\b|\b(reset|change|create|choose|select|set( up)?) (it|them|your [a-z]+)\b/;
const NOT_ASKED = /\b(printed on|shown on|provided (on|in|with)|we (sent|mailed|gave|assigned)|assigned to you|never)\b/;

/** Secrets and identity numbers asked of the recipient (warnings left out): in a sentence that asks, or listed under a request. */
export function readAsks(l: Letter): { secrets: number; identity: number } {
  // The list: its items are short lines or bulleted ones (forms, checklists, claim cards).
  const listRequested = has(l.plain, LIST_REQUEST);
  const items = listRequested ? l.sentences.filter((x) => LIST_ITEM.test(x) && !NOT_ASKED.test(x)) : [];
  const listed = (kinds: RegExp[]) => kinds.filter((k) => k.test(l.plain) && items.some((x) => k.test(x))).length;
  // Under a request for a list, a secret named in any sentence is asked for, however the item is
  // worded ("a slip of paper on which you have written your PIN"): honest senders name a PIN only
  // to say it stays the same or comes separately.
  const named = listRequested ? SECRETS.filter((k) => k.test(l.plain) && l.sentences.some((x) => k.test(x) && !NOT_ASKED.test(x) && !NOT_A_REQUEST.test(x) && NAMED_ITEM.test(x) && !SECRET_UNTOUCHED.test(x))).length : 0;
  return { secrets: Math.max(askedKinds(l, SECRETS), listed(SECRETS), named), identity: Math.max(askedKinds(l, IDENTITY), listed(IDENTITY)) };
}

export const secrecyAsked = (l: Letter) => has(l.plain, SECRECY) || has(l.plain, /\b(don't|do not|dont) (tell|let) (mom|dad|my (mom|dad|mother|father|parents)|anyone|nobody|your (kids|children|family|bank))\b|\bbetween (us|you and me)\b|\bkeep (this|it) (quiet|secret|to yourself)\b/);

// ------------------------------------------------------------------------------------------
// Affection and family ties used to ask for money
// ------------------------------------------------------------------------------------------

const AFFECTION = /\b(best part of my day|thinking about (you|us|our)|(couldn't|can't) sleep|smile at my phone|(talking|talked) every (night|day)|my (love|lovely|darling|dear(est)?|sweetheart|sweet ?heart|sweetie|sunshine|honey|heart|queen|king|princess|angel|baby|babe|beloved|soulmate|soul ?mate|one and only|everything|sweet [a-z]+)|dearest|i love you|love you (so much|more|always)|(miss|missing) you|our (future|life|house|home) together|when we (finally )?meet|(can't|cant|cannot) wait to (hold|see|meet|kiss) you|hold you|my (future )?(wife|husband)|god brought you|xoxo|kisses|all my love|my (rose|dove|treasure|jewel|pearl|flower)|think about (you|us|our (last|first) (call|talk|chat|date))(?! (as|for|when))|(loved|love|miss) our (calls?|talks?|chats?|video calls?)|i (really |truly )?care about you|(you're|you are) the only (one|person) i (trust|have|talk to)|the reason i (still )?(log on|wake up|smile|get up|keep going)|sweetheart|darling|sweetie|(hi|hey|dear|morning|good morning|good night|goodnight) (honey|babe|baby|love|beautiful|handsome|gorgeous))\b/;
/** A grandchild or relative in jail or hurt, or a friend robbed abroad: the emergencies these scams invent. */
const KIN_IN_TROUBLE = /\b(hospital|clinic|jail|embassy|customs|hotel|police station)\b[^]{0,300}\b(will not|won't|wont|cannot|can't|refuses? to|refused to)\b[^.!?\n]{0,20}\b(release|discharge|let me (go|leave|fly)|return my passport)\b|\b(grandma|grandpa|granny|nana|papa|grandmother|grandfather|gramps|babcia|abuela|abuelo|lola|lolo|oma|opa|bubbe|auntie|it'?s me|its me|your (grandson|granddaughter|nephew|niece|favorite))\b[^]{0,500}\b(jail|bail|bond|arrested|lockup|locked up|station|accident|hospital|lawyer|attorney|stuck|stranded|robbed|customs|detained|court)\b|\b(stolen|robbed|grabbed|took) (my )?(purse|wallet|bag|passport|cards|phone)\b[^]{0,400}\b(passport|embassy|hotel|stranded|stuck|flight|ticket)\b|\b(my|the) (purse|wallet|bag|passport)\b[^.!?\n]{0,40}\b(was|were|got) (stolen|taken|grabbed)\b|\b(robbed|mugged|snatched|stole|stolen|lost)\b[^.!?\n]{0,60}\b(passports?|wallets?|purses?|cards|phones?)\b[^]{0,400}\b(stranded|stuck|hotel|embassy|flight|ticket|leave|home)\b|\b(hi|hey|dear) (mom|dad|mother|father|grandma|grandpa|nana|papa|gramps|granny)\b[^]{0,400}\b(stuck|stranded|hospital|jail|bail|arrested|accident|broke down|lost my (phone|wallet))\b|\b(your (son|daughter|grandson|granddaughter)'s|(son|daughter|grandson|granddaughter)'s) (roommate|friend|lawyer|attorney)\b|\b(asked|wanted) me to (write|contact|tell|reach) you\b/;
/** A relative writing, or one just found by a DNA test: who family emergencies come from. */
const KIN_WRITING = /\b(dear|hi|hello) (grandma|grandpa|granny|nana|gramps|grandmother|grandfather|auntie|aunt|uncle)\b|\byour (loving|favou?rite) (grandson|granddaughter|nephew|niece)\b|(^|\n)\s*your (grandson|granddaughter|nephew|niece)\b|\b(mum|mom|mother|dad|father) gave me your (address|number)\b|\b(dna|genetic|ancestry|23andme|spit tube|genepath)\b[^]{0,120}\b(brother|sister|sibling|siblings|half-brother|half-sister)\b/;
/** Being asked to put money somewhere: a sum, a card, a wallet, an account, a platform. */
const NEED_MONEY = /\b(send|wire|loan|lend|help (me|us)( with)?|borrow|cover|pay|spare|get|buy|move|transfer|deposit|invest|open an account|put)\b[^]{0,200}(\$\s?\d|\b(money|funds|dollars|cash|the fee|fees|bail|bond|duty|customs|taxes|hospital|gift ?cards?|google play|apple cards?|bitcoin|crypto|usdt|wallet|platform|savings|the rest)\b)|(\$\s?\d[\d,]*)[^]{0,200}\b(send|wire|pay|paid|transfer|deposit|courier|pick it up|collect|western union|moneygram|zelle|cash app|venmo|envelope)\b|\b(need|needs|needed|costs?|short|owes?|comes to|came to|it's|is only)\b[^.!?\n]{0,30}\$\s?\d|\b(deposit|fund|load|top up|invest|put)\b[^.!?\n]{0,40}\b(account|wallet|platform|app)\b|\b(western union|moneygram|gift ?cards?|target cards?|bitcoin|usdt|crypto)\b/;

/** The stories these scams tell for why the money is needed now. */
const EMERGENCY = /\b(hospital|surgery|operation|doctor|customs|duty|stuck|stranded|locked|frozen|froze|release|released|leave form|clearance|platform|trading|investment|profit|returns|signal|visa|ticket|embassy|inheritance|gold|shipment|contract)\b/;

export type TiesReading = { affection: boolean; kinInTrouble: boolean; kinWriting: boolean; needsMoney: boolean; emergency: boolean };

export function readTies(l: Letter): TiesReading {
  const t = l.all;
  return { affection: has(t, AFFECTION), kinInTrouble: has(t, KIN_IN_TROUBLE), kinWriting: has(t, KIN_WRITING), needsMoney: has(l.plain, NEED_MONEY), emergency: has(t, EMERGENCY) };
}

/** Someone is to reach into the recipient's computer: remote-access tools, "a technician will connect". */
const REMOTE_ACCESS = /\b(anydesk|any desk|teamviewer|ultraviewer|logmein|supremo|remote (access|tool|support|desktop|session|connection|assistance)|connect (to|into|with) (your|ur) (computer|pc|laptop|device|screen|mac)|access (to )?(your|ur) (computer|pc|screen|device|laptop)|screen ?shar(e|ing)|install (a|an|the)? ?[a-z ]{0,30}(app|application|tool|program|software)\b[^.!?\n]{0,30}\b(so|that|to let|to allow|on your (computer|pc|laptop)))\b/;
/** "If you did not authorise this charge, call us": the opening of refund and tech-support scams. */
const DISOWNED_CHARGE = /\bif (you|u) (did not|didn't|didnt|do not|don't|dont) (authori[sz]e|place|make|recognize|recognise|order|approve|want)\b[^.!?\n]{0,80}\b(call|contact|phone|dial|reach)\b/;

export const remoteAccessAsked = (l: Letter) => has(l.plain, REMOTE_ACCESS);
export const disownedCharge = (l: Letter) => has(l.all, DISOWNED_CHARGE);

// ------------------------------------------------------------------------------------------
// Bills for what nobody ordered, and payments sent elsewhere
// ------------------------------------------------------------------------------------------

/** Services sold by mail as if they were obligations: deed copies, registers, posters, listings. */
const UNORDERED_SERVICE = /\b(certified |official )?cop(y|ies) of (your|their|the) (current )?(grant |warranty |quitclaim |property )?deeds?\b|\bproperty (profile|records? (service|retrieval|transfer|division|center|department))\b|\b(grant )?deed (notice|processing|retrieval|services?)\b|\brecorded document services?\b|\blabor law posters?\b|\b(compliance|mandatory|required) posters?\b|\bposting requirements\b|\bannual (minutes|compliance|report filing|statement)\b|\b(statement|certificate) of (information|good standing|status)\b|\b(business|trademark|patent|corporate|commerce) (register|registry|registration service|listing|directory|monitoring)\b|\bregister of commerce\b|\b(listing|profile) (renewal|verification|maintenance)\b|\bsearch (engine |map(s)? )?(listing|registration|verification|submission)\b|\bunverified\b[^.]{0,40}\b(listing|profile|business)\b|\bdomain (name )?(renewal|registration|expiration|listing)\b|\b(trademark|patent) (renewal|publication|registration) (notice|fee|invoice|service)\b/;
/** An unpaid bill reported to a regulator: a vendor collects its debts; only a compliance racket threatens the fire marshal. */
const REPORTED_TO_REGULATOR = /\b(unpaid|past[- ]due|overdue|outstanding|delinquent|accounts?|invoices?|balances?|non-?payment)\b[^.!?]{0,80}\b(reported|referred|forwarded|turned over|submitted) (to )?(the )?(local |state |county |city )?(fire marshal|fire department|environmental (agency|department|protection)|health department|department of health|epa|osha|licensing board|building (department|inspector)|regulators?|state [a-z ]{0,20}(agency|board|department))\b[^.!?]{0,40}|\b(reported|referred)\b[^.!?]{0,60}\bas non-?compliant\b/;
const BILLED = /\$\s?\d|\b(fee|fees|invoice|amount due|payment|remit|payable|due date|pay by|balance)\b/;
/** Saying it is required, or that something is lost without it. */
const OBLIGED = /\b(must|required|mandatory|requirement|deadline|response (requested|required|due)|respond by|penalt(y|ies)|fines?|avoid|failure to|action required|recommended that all|comply|compliance|out of date|hidden from|permanently closed|lose|lapse|expire)\b/;
/** Payments to go to a new account. */
const NEW_ACCOUNT = /\bsend all (future |of your )?payments to\b[^]{0,200}\b(routing|aba)\b|\b(new|updated|changed|different|alternate|alternative|temporary) (corporate |business |bank |banking |receiving |remittance |payment |servicer |servicing |regional |collection )*(account|bank details|banking details|remittance (details|information|instructions)|payment (details|information|instructions)|beneficiary)\b|\b(bank|banking|remittance|payment) (details|information|instructions) (have|has) (changed|been updated)\b|\baccount\b[^.]{0,40}\b(suspended|frozen|on hold|under audit|closed) (for|from) (receiving|incoming)\b/;
const TO_INVOICES = /\b(invoices?|outstanding|overdue|payments?|remittances?|wire|ach|balance)\b/;
/** The diversion's tell: hurry, secrecy, a foreign bank, "don't call the old number". */
const DIVERSION_TELL = /\b(effective immediately|immediately|urgent|audit|suspended|swift|iban|hong kong|overseas|foreign|do not (call|contact|use)|don't (call|contact|use)|old account|previous account|confidential|this email only|reply (only )?to this)\b/;
const INVITES_CHECK = /\b(confirm|verify)\b[^.]{0,80}\b(call|calling|phone|phoning|telephone)\b[^.]{0,80}\b(number (on|you have)|usual|known|regular|account manager|contact you (know|have))\b|\bnever change (our )?bank(ing)? details by (email|letter)\b/;
const UNORDERED_GOODS = /\b(telephone|phone) order\b|\bordered by (phone|telephone)\b|\b(recorded|verbal) (order|authori[sz]ation)\b|\bper (our|your) (phone )?conversation\b[^.]{0,60}\b(shipped|order)\b/;

/**
 * A letterhead that names a service rather than an agency: "Federal Carrier Registration Services",
 * "HIPAA Compliance Registration Office", "Workplace Posting Compliance Center". Agencies name
 * themselves ("Department of Revenue"); the businesses that bill for what agencies do for free,
 * or for nothing, borrow the words around the name.
 */
const SERVICE_LETTERHEAD = /\b(compliance|registration|registry|filing|records?|permit|certification|posting|maintenance|renewal|enrollment|recording|exemption)\b[a-z &,-]{0,30}\b(services?|office|division|center|centre|unit|registry|bureau|processing)\b/;
const AGENCY_NAME = /\b(department|dept|secretary of state|county (clerk|recorder|assessor|treasurer)|city of|state of|town of|internal revenue|u\.?s\.? patent|uspto|court)\b/;

/** A renewal charged to what the customer already keeps with the sender: a real subscription's bill. */
const ON_FILE = /\b(your card ending|(will be )?charged automatically|auto-?renew\w*|already on (your|the) account|(?<!not a bill for )services already|card on file|on file with us|your (current )?plan)\b/;

export type BillReading = { serviceLetterhead: boolean; onFile: boolean; unorderedService: boolean; obliged: boolean; billed: boolean; newAccount: boolean; diversionTell: boolean; invitesCheck: boolean; unorderedGoods: boolean; reportedToRegulator: boolean };

export function readBill(l: Letter): BillReading {
  const t = l.plain;
  return {
    serviceLetterhead: SERVICE_LETTERHEAD.test(l.head) && !AGENCY_NAME.test(l.head),
    onFile: has(t, ON_FILE),
    unorderedService: has(t, UNORDERED_SERVICE),
    obliged: has(t, OBLIGED),
    billed: has(t, BILLED),
    newAccount: has(t, NEW_ACCOUNT) && has(t, TO_INVOICES),
    diversionTell: has(t, DIVERSION_TELL),
    invitesCheck: has(t, INVITES_CHECK),
    unorderedGoods: has(t, UNORDERED_GOODS),
    reportedToRegulator: has(t, REPORTED_TO_REGULATOR),
  };
}

// ------------------------------------------------------------------------------------------
// Money promised, for a payment first
// ------------------------------------------------------------------------------------------

/** A cheque to deposit and part of it to send on: the overpayment scam. */
const OVERPAYMENT = /\b(cashier'?s? (check|cheque)|money order|(check|cheque)\b[^.]{0,40}\b(for|of) \$)[^]{0,400}\bdeposit\b[^]{0,300}\b(send|wire|zelle|cash app|venmo|return|refund|forward|pay|purchase|buy)\b[^]{0,120}(\b(extra|difference|rest|remaining|balance|overpayment|excess|movers?|shipper|agent|driver)\b|\$\s?\d)/;
/** A job that must be paid for, or pays by cheques to pass on. */
const PAID_JOB = /\b(position|job|hired|selected for|role|employment|work from home|work-from-home|mystery shopper|secret shopper|data entry|assistant)\b[^]{0,600}\b(must|need to|required to|have to|will need to|before you (start|begin))\b[^.]{0,60}\b(buy|purchase|pay|send|cover)\b[^.]{0,80}\b(fee|kit|software|equipment|training|certification|background check|license|materials|starter)\b/;
/** A sale or a claim that needs costs paid in advance. */
const COSTS_FIRST = /\b(buyer|resale|sell your timeshare|closing)\b[^]{0,400}\b(closing cost|transfer tax|in advance|escrow|before (we|the) (can )?close)\b|\b(finder'?s?|recovery|locator|search) fee\b|\b(estate|inheritance|next of kin|closest (living )?relative|beneficiary|died intestate|unclaimed)\b[^]{0,600}\b(fee|legal|processing|administration|costs|taxes|deposit|charges)\b[^.]{0,40}(\$\s?\d|\b(must|required|before|first|in advance|upfront|up front)\b)|\b(estate|inheritance|beneficiary|bequest)\b[^]{0,600}\bbond\b[^.]{0,30}\$\s?\d[^.]{0,100}\b(payable|pay|wire|paid)\b|\b(grant|award|relief|forgiveness)\b[^]{0,600}\b(processing|coordination|document|transfer|release|activation|disbursement|filing|servicer)( and [a-z ]{0,30})? (fee|charge)\b[^.]{0,40}\$\s?\d/;

/** A job whose kit, equipment or training is paid for first, to be "reimbursed with the first paycheck". */
const JOB = /\b(hired|you have been (selected|accepted|approved)|selected for|offer you the position|position of|accepted as|approved as|welcome to the team|work from home|work-from-home|remote (job|position|role)|mystery shopper|secret shopper|assembler|data entry)\b/;
const KIT_PAID = /\b(kit|equipment|training (manual|materials|course|fee)|manual|badge|software|laptop|workstation|starter|supplies|certification)\b[^]{0,300}(\$\s?\d|\bcosts?\b|\bfees?\b)[^]{0,300}\b(reimburs\w*|refund\w*|first (pay ?check|payment|check)|send|pay|buy|purchase)\b/;
/** Money recovered for the recipient, released once a fee is paid. */
const RECOVERED_FOR_FEE = /\b(judgment|garnishment|recovered|recovery|escrow account for your benefit|funds (are )?(being )?held|disburse\w*)\b[^]{0,500}\b(fee|costs?|charge)\b[^]{0,120}(\$\s?\d|\b(before|prior to|in order to|to (release|disburse|receive))\b)/;

export type WindfallReading = { overpayment: boolean; paidJob: boolean; costsFirst: boolean };

export function readWindfall(l: Letter): WindfallReading {
  const t = l.plain;
  return { overpayment: has(t, OVERPAYMENT), paidJob: has(t, PAID_JOB) || has(t, JOB) && has(t, KIT_PAID), costsFirst: has(t, COSTS_FIRST) || has(t, RECOVERED_FOR_FEE) };
}
