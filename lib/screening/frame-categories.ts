import type { RefusalCategory } from "@/lib/screening/screener";
import {
  AMOUNT, CASH_HANDOFF, COLLECTOR_AT_DOOR, COVER_STORY, DIVERTED, GIFT_OR_CRYPTO, HOURS_DEADLINE, IDENTITY, LOOKALIKE_SITE,
  MONEY_TRANSFER, P2P, PAY, PAY_BY_CALL, SAFE_ACCOUNT, SAFE_ACCOUNT_MOVE, SECRECY, SECRETS, anySentence, askedKinds, has, speaksAs,
  type Authority, type Letter,
} from "@/lib/screening/frame-lexicon";

// The intent frame's older, narrower category readings (the first rule screener's): each
// category is scored from weighted signals about what the letter does. `name` and `says` are
// for the operator's review queue; the sender's refusal reason never lists them.

export type Hit = { name: string; says: string; weight: number };

class Tally {
  readonly hits: Hit[] = [];
  add(when: boolean, weight: number, name: string, says: string): this {
    if (when && weight > 0) this.hits.push({ name, says, weight });
    return this;
  }
  get score(): number {
    return this.hits.reduce((s, h) => s + h.weight, 0);
  }
}

export type Scored = { score: number; hits: Hit[] };
const done = (t: Tally, cap = Infinity): Scored => ({ score: Math.min(t.score, cap), hits: t.hits });

// ------------------------------------------------------------------------------------------
// Threats: harm promised or hinted at by the writer
// ------------------------------------------------------------------------------------------

const HARM_HINT = [
  /\b(you|your [a-z]+|he|him|she|her|kids|children|boys|girls|a man|a woman|people|someone|somebody|that (truck|car|house))\b/,
  /\b(could|might|would|will|'ll|can|gets?|isn't going to|is not going to|won't|all the time|happen)\b/,
  /\b(hurt|harm|injur\w*|accidents?|slip|falls?|run off|crash\w*|burn\w*|fire|broken|smash\w*|damaged|bleed|die|dies|dead|disappear\w*|go missing|look so good|find (him|her|you|them) (till|until))\b/,
];

const ACCIDENT = /\bpeople (slip|fall|trip|drown|get hurt|disappear|go missing)\b|\b(slip|fall|trip|drown)s? [a-z ]{0,25}all the time\b|\b(could|might|would) (have|suffer) (an|a terrible|a nasty) accident\b/;

const FAMILY = String.raw`(you|your (kids|children|son|daughter|wife|husband|family|mother|parents|dog|cat|pets?)|any of them)`;

// Weights: 3 or more only for what no lawful letter says ("I will hurt you", "your days are
// numbered"). Idioms that a worried neighbour or a firm landlord might also write ("it would be a
// shame if something happened", "accidents happen", "final warning") weigh 2 or less, so they
// refuse only together with another sign such as knowing where the recipient's children are.
export function threat(l: Letter): Scored {
  const t = l.all;
  // "I know where you work, but I won't contact you there" disclaims the approach.
  const watched = l.sentences.filter((x) => !/\b(not going to|won't|will not|never) (contact|come|show up|visit|bother|call)\b/.test(x)).join(" ");
  const menace = new Tally();
  menace
    .add(has(t, /\b(when nobody (else )?is (out|around|home)|when no one (else )?is around|(pretty|very|so) isolated|nobody would hear|all alone (at night|out there)|dark (parking|lot|road|trail)|(home|there) (by themselves|by yourself|alone)|(doesn't|does not) get much traffic|after dark)\b/), 1.5,
      "recipient is alone", "it points out that the recipient is alone or isolated at those times")
    .add(has(t, ACCIDENT), 1.5,
      "hinted accident", "it hints that the recipient could have an 'accident'")
    .add(has(t, /\b(settle (this|it|things) in person|won't like how (it|this) ends|things (could|will|might) get (ugly|bad|worse|messy)|you('ll| will) be sorry|(i'd|i would) think (hard|carefully|twice) about (that|it)|or else\b(?! (pay|call|write|contact)))/), 1.5,
      "menace", "it warns the recipient of unpleasant consequences from the writer personally");
  return done(
    new Tally()
      .add(has(t, /\b(i|we)('ll| will|'m going to| am going to| are going to|'re going to| shall| intend to| plan to)( personally)? (kill|hurt|shoot|stab|strangle|beat) (you|him|her|them|your [a-z]+)\b(?! (at|in|to the) )|\b(i|we)('ll| will|'m going to| am going to|'re going to) (burn (down )?(your|the) (house|home|car|place|store|shop|business)|break your [a-z]+|break every|destroy you|end you|make you (suffer|bleed)|come after you|hunt you( down)?|find you and)\b|\byou('re| are) (a )?dead (man|woman)\b|\b(i|we)('ll| will) make (sure )?(you|your family) (suffer|bleed)\b/), 4,
        "writer promises violence", "it says the writer will hurt the recipient")
      .add(has(t, new RegExp(String.raw`(watch your back|sleep with one eye|won't see (it|me|us) coming|your days are numbered|count your days|(won't|will not) be (so )?gentle with ${FAMILY}|next time it (won't|will not) be [a-z ]{1,20}, it('ll| will) be you|there won't be a (dog|cat|pet|car|house|store|shop) (left|anymore|to)|(won't|will not) be coming to talk|nobody (will|would) (ever )?find (you|your|the body|him|her)|neither (is|will) (he|she))`)), 3,
        "explicit menace", "it tells the recipient that they or their family will be harmed")
      .add(has(t, new RegExp(String.raw`((would be a (real )?shame|be a pity) if (something|anything) (happened|were to happen|happens|bad)|something (bad|terrible|unfortunate|awful) (might|could|will|is going to) happen to ${FAMILY}|(i|we)('d| would) hate for (something|anything) (bad )?to happen|would hate to see (that|it|something|anything) happen to)`)), 2,
        "veiled threat", "it hints that something will happen to the recipient, their family or home")
      .add(has(watched, /\b(found|find|finding|tracked down|looked up) (out )?(your|where you) (real name|address|house|home|family|mom's|mother's|parents')|\byour [a-z ]{0,20}(car|truck|civic|suv|van|camry) is (always )?(parked |in )?(in )?the same (spot|place)\b|\b(didn't|did not) take (me )?long to find (you|where)|\b(i|we) (found|tracked down|looked up) (you|where you)\b(?! (a|an|some|the|one|two|something|this|that|these|those)\b)|\bnice (little )?(place|house|home) you('ve| have)? got\b|\b(i|we) know where (you|your [a-z]+) (live|lives|work|works|park|parks|sleep|sleeps|go|goes|play|plays|are|is|stay|stays|hide|hides)\b|\b(i|we) know (which|what) (car|house|school|church|bus|train|route|door|window)\b|\b(i|we) know (what time|when) (you|your)\b|\b(i|we) know what (you drive|car you|time you)\b|\b(i|we) know (that )?(you|your [a-z]+) (live|lives|take|takes|go|goes|park|parks|leave|leaves|walk|walks|catch|catches|work|works|get home)\b|\b(i|we) (couldn't help )?notic(e|ed|ing) that [a-z ]{0,40}\b(catch|walk|walks|leave|leaves|take|takes|go|goes) \b|\b(i('ve| have)|we('ve| have)) been watching\b(?! (a good deal|a lot|my|our|the (news|game|weather|birds|kids|grandkids|children)|tv|television|movies|videos|for|over|out))|\b(always|i am always|i'm always) (watching|close by|nearby)\b|\bwatched you\b|\b(i'll|i will|i'm|i am) (be )?watching\b|\b(i|we) saw [a-z' ]{0,25}\bat your (place|house|home|work|office)\b|\b(i|we) (drove|drive|walked) (past|by)\b|\bphotographs of you\b|\bi (follow|followed|watch|watched) (you|your)\b|\byour (daughter|son|kids|children|wife|husband)'s [a-z ]{0,30}\b(practice|school|bus|class|route|walk) \b/), 2,
        "knows where the recipient or family is", "it tells the recipient that the writer watches them or knows their movements")
      // Having noticed someone's routine is also what a friendly neighbour writes; weaker.
      .add(has(watched, /\b(i|we)('ve| have)? (seen|see|saw|watched|watch|noticed|notice|followed|follow) you\b[^.]{0,80}\b(every (morning|night|day|evening|week)|at \d|alone|when nobody|when no one)\b|\byou work (nights|late|the night shift)\b/), 1.5,
        "knows the recipient's routine", "it tells the recipient the writer knows their daily routine")
      .add(menace.score > 0, menace.score, menace.hits.map((h) => h.name).join(", "), menace.hits.map((h) => h.says).join("; "))
      // One sentence putting a person or their property next to a hedge and a harm: weak alone,
      // since safety warnings read the same way ("someone could get hurt on that ice").
      .add(l.sentences.some((x) => HARM_HINT.every((re) => re.test(x)) && !ACCIDENT.test(x)), 1,
        "hinted harm", "it hints that the recipient, someone close to them or their property could come to harm")
      // A demand ("drop the fine", "delete everything") backed by any of the above.
      .add(menace.score > 0 || has(t, /\b(would be a (real )?shame|hate for|hate to see|accidents|only warning|won't like)\b/), has(t, /^(drop|delete|change|withdraw|cancel|stop|remove|take down|retract|pull) [a-z ]{0,30}\b(the|your|this|that|everything|it)\b|[.!] (drop|delete|change|withdraw|cancel|remove|take down|retract|pull) (the|your|this|that|everything|it)\b/) ? 1 : 0,
        "demand backed by menace", "it ties a demand to those hints")
      .add(has(t, /\b(house|home|car|cars|truck|trucks|store|shop|windows?|tires|glass|yard|garage|dog|cat|pets?|business)\b[a-z ,]{0,20}\b(would|could|might|will|get|gets|got) (burn|catch fire|go up in flames|get (hurt|damaged|broken|smashed)|be (hurt|damaged|broken|smashed)|disappear|have an accident|damaged|broken|smashed|slashed|out of yards)\b|\b(is|are) next(?= ?[.!]| ?$)/), 2,
        "harm to home, car or pets", "it hints that the recipient's home, car, business or pets will be damaged")
      .add(has(t, /\b(if you|don't bother|do not bother|don't|do not)( even)? (go|going|call|calling|get|getting|involve|contact|contacting|tell)\b[^.]{0,40}\b(police|cops|sheriff|authorities|animal control|law enforcement)\b|\bcalling the police only\b/), 1,
        "warns the recipient off the police", "it tells the recipient not to go to the police")
      .add(has(t, /\b(no (alarm|camera|cameras|witnesses)|cameras?\b[a-z ]{0,30}\b(haven't|don't|do not|doesn't|hasn't) (worked|work)|nobody (saw|sees|will see) anything|(can't|cannot|can not) (watch|protect|guard|sit outside)\b[^.]{0,40}\bevery (night|day|hour))/), 1.5,
        "no one to protect the recipient", "it points out that no camera, witness or police will protect the recipient")
      .add(has(t, /\b(you'd better (watch|be careful|sleep|look over)|(enjoy |start )?looking over your shoulder|i (own|have|carry|keep) (a|my) (gun|rifle|shotgun|knife|pistol)|not afraid to use (it|them)|make your life (hell|a living hell)|when (i'm|i am|we're|we are) (done|finished|through) with you|you (won't|will not) be (driving|walking) anywhere|one of these (days|nights)|when you least expect it|(you'll|you will) (learn|find out|see) what (happens|it feels like)|nothing (left )?to lose|lives get complicated|it gets dark early|nobody (ever )?(saw|sees|figures out|will know)|you have been warned|that won't last|you know who this is|deal with me personally|(i'll|i will) be showing up at yours|(i will|i'll) keep coming (around|back)|can't sit outside your house)\b/), 1.5,
        "menacing language", "it uses menacing language about what will happen next")
      .add(has(t, /\baccidents (happen|can happen)\b/), 1, "accidents happen", "it hints that an 'accident' could happen")
      .add(has(t, /\b(were|was) just the (start|beginning)\b|\b(your )?(only|last|final) warning\b|\b(i'm|i am|i'll|i will) (going to )?be (there|waiting)\b(?! (at|for) (the|your) (hearing|meeting|closing|appointment|station|airport))/), 0.5,
        "warning", "it warns the recipient in terms that suggest more is coming")
      .add(has(t, /\byou('ll| will| are going to|'re going to) (regret|be sorry|pay for (this|what you did|it)|wish you (had|hadn't|never))\b/), 1,
        "regret or pay for it", "it warns the recipient they will regret it")
      .add(has(t, /\b(gun|guns|knife|knives|bullets?|shotgun|rifle|gasoline|baseball bat|crowbar)\b/), 1,
        "weapon", "it mentions a weapon"),
  );
}

// ------------------------------------------------------------------------------------------
// Extortion: exposure or harm traded for money or for an action
// ------------------------------------------------------------------------------------------

export function extortion(l: Letter): Scored {
  const t = l.all;
  const lever = /\b(go|goes|will go|sent|send|be sent|mail|mailed|deliver|delivered|copy)\b[^.]{0,40}\bto (your|the|every|all)\b(?:[^.!?;]|\.(?=\S)){0,60}\b(wife|husband|spouse|mother|father|parents|boss|employer|board|partners|colleagues|coworkers|church|school|family|friends|neighbors|contacts?|parent|clients|customers|investors|donors|members|congregation|press|newspaper|news|media|tribune|irs|immigration|labor department)\b|\b(would|will) (find (them|it|this|these) (very )?interesting|take a (strong|keen) interest)\b|\b(gets?|receives?) (her|his|their|the) first (package|envelope|copy|batch)\b|\b(wife|husband|spouse|boss|employer|mother|father|parents|family) (gets|receives|will get|will receive|sees|will see) (the|a copy|copies|everything|them|it)\b|\b(publish(ed)?|post(ed)?|leak(ed)?|release(d)?|expose(d)?)\b[^.]{0,40}\b(online|the (full )?database|the (photos|videos|pictures|recordings)|everything|leak site|internet|facebook|social media)\b|\b(notify|tell|contact) (local )?(news|the press|reporters)\b|\b(make sure|see to it that) [a-z ]{0,20}\b(sees|see|finds out|find out|knows|hears|learns|gets)\b|\b(if|when) (this|these|it|they|the (video|photos|pictures|story|recording))\b[^.]{0,30}\b(showed up|show up|got out|gets out|came out|comes out|went public|goes public|were posted|was posted|appeared|leaked)\b|\b(it|they|the (video|photos|pictures)) (goes|go|will go) (up|public|online|viral)\b|\bwhat (the|your) [a-z ]{0,30}\bwould (think|say|do) if\b/;
  // Bad reviews or complaints the writer will post, stopping only once paid: the writer's own
  // campaign, not a customer's review of their own experience.
  const sabotage = /\byour (practice|business|company|restaurant|store|shop|clinic|firm|salon)\b[^.]{0,30}\b(will|would) (start|begin|keep|continue)?( to)? ?(receiv|get)\w* (one-star|1-star|negative|bad|fake) reviews\b|\b(i|we)('ll| will) (post|leave|write|publish|flood)[^.]{0,40}\b(one-star|1-star|negative|bad|fake) reviews\b/;
  const stopsWhenPaid = /\b(will )?continue until you (pay|enroll|subscribe|sign up)\b|\b(they|these|it|the reviews|the complaints) (stop|will stop)\b[^.]{0,60}\b(once|when|after) you (pay|enroll|sign|subscribe)|\bonce you (pay|enroll|subscribe|sign up)\b[^.]{0,40}\b(stop|removed|go away)\b/;
  const protection = /(\b(pay|pays|fee)\b|\$\s?\d[\d,]*)[^.]{0,60}\b(make sure|so that|so) nothing happens to (you|them|your (store|shop|business|family|windows|place|property|restaurant))\b|\b(don't|do not|if you don't|fail to|refuse to) pay\b[^.]{0,60}\b(things|something|bad things|accidents)\b[^.]{0,30}\b(happen|go wrong|start|break)|\b(windows|glass|place|store|shop) (stay|stays|will stay) in one piece|\bprotection money\b/;
  // Material sent to the authorities: a lawful remedy when it is the writer's own grievance, so a
  // weaker lever than exposure to family, employer or clients.
  const toAuthorities = /\b(go|goes|will go|sent|send|be sent|mail|mailed|deliver|delivered)\b[^.]{0,20}\bto (the )?[a-z. ]{0,30}\b(irs|police|customs|building department|code enforcement|labor department|licensing board|state board|authorities|district attorney)\b/;
  // Reporting someone's immigration, parole or job status is leverage unrelated to any claim.
  const statusThreat = /\b(report|turn) (you|him|her|them)( in)? to (the )?(ice|immigration|your (employer|boss|probation officer|parole officer))\b|\b(call|tell|notify|contact|phone) (ice|immigration|your (employer|boss|probation officer|parole officer))\b|\b(your|his|her) (immigration|visa|parole|probation) status\b|\bnot here legally\b/;
  const personal = has(t, lever) || has(t, sabotage) || has(t, stopsWhenPaid) || has(t, protection) || has(t, statusThreat);
  const hasLever = personal || has(t, toAuthorities);
  const cashDrop = /\b(in (cash|hundred-dollar bills|small bills|unmarked bills))\b[^.]{0,80}\b(bag|envelope|leave|drop|taped|under|behind|locker)\b|\bgym bag\b|\btaped under\b|\bleave it where (i|we) tell you\b|\bsomeone will come by to pick it up\b|\b(leave|put|place|drop) (it|the money|the cash|the envelope)\b[^.]{0,60}\b(envelope|mailbox|under|behind|bag|locker|pot|planter)\b/;
  const moneyDemand = has(t, AMOUNT) && (has(t, PAY) || has(t, cashDrop)) || has(t, /\b(you will pay|pay (me|us)|get the money|consulting fee|one-time payment)\b/);
  const actionDemand = has(t, /\b(withdraw|drop|dismiss|cancel|abandon|kill) (the|your|this)\b[^.]{0,30}\b(motion|case|complaint|lawsuit|charges|series|story|article|eviction|claim|investigation|vote)\b|\breconsider your vote\b/);
  const tally = new Tally()
    .add(has(t, protection), 3, "pay or things happen", "it demands regular payments so that nothing happens to the recipient's business")
    .add(has(t, sabotage), 1.5, "campaign of bad reviews", "it threatens a campaign of bad reviews or complaints against the recipient's business")
    .add(has(t, stopsWhenPaid), 1.5, "harm stops once paid", "it says the harm will stop only once the recipient pays")
    .add(has(t, statusThreat) && !has(t, lever), 2, "threat to report", "it threatens to report the recipient to immigration, a parole officer or their employer unless they comply")
    .add(has(t, toAuthorities) && !has(t, lever), 1.5, "threat to hand material to the authorities", "it threatens to hand material about the recipient to the authorities unless they pay")
    .add(has(t, lever), 2, "threat to expose", "it threatens to send private information or pictures to the recipient's family, employer, contacts or the press")
    .add(hasLever && (has(t, /\b(i|we|i've|we've) (have|got|still have|hold|kept|copied|obtained|have obtained|have come into possession of|came into possession of|recorded)\b[^.]{0,60}\b(photos?|pictures?|videos?|recordings?|copies|documents|records|messages|emails|texts|screenshots|ledger|database|files|data)\b/) || has(t, /\b(i|we) (filmed|photographed|recorded|saw|have seen|know about) (you|your)\b|\byour (husband|wife|spouse|boss|employer|family|parents) (doesn't|does not|don't|do not) know (about|that)\b/)), 1,
      "holds compromising material", "it says the writer holds compromising photos, records or data")
    .add(hasLever && has(t, /\b(is|are|be|get) (destroyed|deleted|erased|wiped)\b|\bforget (what (i|we) know|about it|everything)\b|\b(i|we) (delete|destroy)\b|\breturn all copies\b|\b(stay|stays|remain) (on my phone|private|hidden|between us)\b|\bwhere nobody sees\b|\bnever hear from (me|us)( again)?\b|\b(never|won't|will never) (finds?|find) out\b|\b(disappears?|goes away|vanish(es)?) (for good|forever)\b|\b(matter|this) (is )?(permanently )?(closed|over)\b|\b(price of|for) (my|our) silence\b|\bhush money\b/), 1.5,
      "silence for a price", "it offers to keep quiet or destroy material in return for what it demands")
    .add(has(t, cashDrop), 2,
      "cash drop", "it asks for cash to be left somewhere or handed to a go-between")
    .add(hasLever && (has(t, GIFT_OR_CRYPTO) || has(t, P2P)), 1.5, "untraceable payment for silence", "it asks to be paid in cryptocurrency or through an app that cannot be traced or reversed")
    .add(hasLever && (moneyDemand || actionDemand), 1, "demand tied to the threat", "it ties the threat to a payment or to something the recipient must do")
    .add(hasLever && has(t, /\b(do not|don't) (go to|contact|call|involve) (the )?(police|law enforcement|cops)\b|\bno (police|cops)\b|\bcalling the police only\b|\bdon't try to (find|figure) out who\b/), 1,
      "keep the police out", "it warns the recipient not to involve the police or find out who wrote it");
  // Without a lever and a demand this is a complaint, a story or a warning, not extortion. Going
  // to the authorities over one's own claim ("pay for the window or the video goes to the police")
  // is held for a person unless the letter also trades silence, wants cash dropped or crypto.
  const demand = moneyDemand || actionDemand;
  const bargain = tally.hits.some((h) => ["silence for a price", "cash drop", "untraceable payment for silence"].includes(h.name));
  return done(tally, personal && demand || hasLever && demand && bargain ? Infinity : personal ? 2 : demand ? 2.5 : 1.5);
}

// ------------------------------------------------------------------------------------------
// Fake invoices and payment diversion
// ------------------------------------------------------------------------------------------

export function fakeInvoice(l: Letter): Scored {
  const t = l.plain;
  // Honest notices of new bank details tell the payer to confirm by phone; diversion says don't.
  const invitesCheck = has(t, /\b(confirm|verify)\b[^.]{0,80}\b(by )?call(ing)?\b[^.]{0,80}\b(number on|main office|account manager|signed|known|usual)\b/) && !has(t, /\b(do not|don't) (call|contact)\b/);
  const isBill = has(t, /\b(invoice|amount due|total due|balance due|renewal amount|payment due|due date|due:|remit|payable|final notice|statement of account|(processing|publication|renewal|listing|registration|filing) fee|past due|order form|pay by:)/);
  const slammed = /\b(directory\b[^]{0,200}\blisting|listing\b[^]{0,200}\bdirectory|(trademark|publication|patent) (register|registry|publication|monitoring)|publication register|annual minutes|(corporate )?records compliance|labor law posters?|compliance posters?|(mandatory|required) posting|search engine (submission|registration|listing)|certificate of (good standing|existence|status)|beneficial ownership (information )?(report|filing)|boi (report|filing)|ada (web |website )?(compliance|certificate|certification|website)|(accessibility|wcag) (compliance|certificate|certification|audit)|public performance licen[cs]e|music licensing (fee|enforcement)|back-licensing|(compliance|certification) (certificate|fee) (has been|was|is) (assessed|issued)|magazine subscription|domain (name )?listing|seo (services?|maintenance|listing)|website (hosting )?and seo)\b/;
  return done(
    new Tally()
      .add(has(t, slammed), isBill ? 2 : 1, "bill for listings or registrations rarely ordered", "it is laid out as a bill for a directory listing, register entry, compliance service or search listing")
      // Lawfully renewed by letter all the time, so alone they only add a little.
      .add(has(t, /\bdomain (name )?(registration|renewal|expiration|expiry)\b|\b(magazine|publication|periodical)s? subscriptions?\b|\bsubscriptions? to the (publications|magazines)\b/), 1, "renewal of a subscription or domain", "it bills for a subscription or domain renewal")
      // The small print that admits what the bill is: a third party, an optional purchase.
      .add(isBill && has(t, /\bnot (produced by |issued by |sent by )?(or )?affiliated with\b|\bnot a (government|governmental) (agency|office|entity)\b|\b(independent|private) (subscription |filing |registration |compliance )?(agency|service|register|registry)\b/), 1.5,
        "bill from an unaffiliated third party", "its small print admits the sender is not affiliated with the agency or company the bill seems to come from")
      .add(isBill && has(t, /\b(this is (a solicitation|not a bill|an offer)|not a bill|is a solicitation|under no obligation|no obligation to (pay|accept)|(is|are) optional|free (versions|copies)[^.]{0,60}available|(prices|price) may be lower|available (for free|free of charge|directly))\b/), 1.5,
        "solicitation dressed as a bill", "its small print admits the purchase is optional or cheaper elsewhere, yet it reads like a bill")
      .add(isBill && has(t, /\b(mandatory|required|must now be recorded|are required to)\b/) && has(t, /\b(fines? of up to|penalt(y|ies)|loss of (corporate )?(liability protection|good standing)|vulnerable to|avoid penalties)\b/), 1.5,
        "false obligation", "it tells the recipient the purchase is required by law and threatens penalties")
      .add(has(t, /(failure to (pay|remit|respond|renew)[^.]{0,80}(loss|cancell?ation|deactivation|removal|expir|lose|released)|(lose|loss of) (your )?(domain|listing|ranking|search (engine )?ranking|online presence|website|trademark|good standing)|(domain|listing|website) will be (deleted|removed|released|cancell?ed|made available)|(interruption|suspension|removal|deactivation) of (your )?(listing|website|google|search)|removal from (google|search))/), 1.5,
        "pay or lose the listing", "it threatens that the recipient's listing, website or search ranking will be lost if they do not pay")
      .add(isBill && has(t, /\b(toner|printer cartridges?|office supplies|copier (paper|supplies))\b/), 1.5, "unordered supplies billed", "it bills for office supplies such as toner")
      .add(isBill && has(t, /\b(phone order|per (our )?conversation with|(taken|placed|ordered|confirmed) by phone|by phone with|returns are not accepted|cannot be returned|no returns)\b/), 1, "order claimed by phone", "it claims the goods were ordered in a phone call")
      .add(isBill && has(t, /\b(toner|cartridges?|office supplies|copier)\b/) && has(t, /\b(final notice|past due|collection)\b/), 1, "supplies pushed to collections", "it threatens collections over those supplies")
      .add(isBill && anySentence(l, /\bcall\b/, /\b(card details|card number|card information)\b/), 1.5, "card details by phone", "it asks the recipient to phone in their card details")
      .add(isBill && has(t, GIFT_OR_CRYPTO), 2, "bill paid by untraceable means", "it asks for a bill to be paid with gift cards or cryptocurrency")
      // Payment diversion: "we changed banks, pay the invoices to this new account, don't call".
      .add(has(t, /(chang(ed|ing) (its|our) (bank|banking|payment)|new (bank(ing)? )?(account|provider|payment (processing )?account)|updated (bank|banking|remittance|payment) (details|information|instructions)|(remit|send|sent|pay)[^.]{0,60}(to|into) (our|the) new (bank |banking )?(account|bank))/), invitesCheck ? 1 : 2,
        "payments redirected to a new account", "it tells the recipient to send payments to a new bank account")
      // Vendors do change banks; the new account alone is held, the "don't call us" refuses.
      .add(has(t, /\brouting\b/) && has(t, /\baccount\b/) && has(t, PAY), 0.5, "account and routing numbers to pay into", "it gives a private bank account to pay into")
      .add(has(t, /\b(do not|don't|please do not) (call|contact|phone|email|visit) (our|the|your) (main|usual|regular|old|local)? ?(office|line|number|branch|representative|bank)/), 1.5,
        "do not check with us", "it tells the recipient not to check with the sender's usual office"),
  );
}

// ------------------------------------------------------------------------------------------
// Phishing: secrets and identity numbers asked for
// ------------------------------------------------------------------------------------------

export function phishing(l: Letter): Scored {
  const t = l.plain;
  const secrets = askedKinds(l, SECRETS);
  const ids = askedKinds(l, IDENTITY);
  const asks = secrets + ids > 0;
  return done(
    new Tally()
      .add(secrets > 0, secrets >= 2 ? 3 : 2.5, "asks for passwords, PINs or security codes", "it asks the recipient for a password, PIN, card security code or similar secret")
      .add(ids > 0, ids >= 3 ? 2 : ids === 2 ? 1.5 : 1, "asks for identity or account numbers", "it asks for identity or account numbers (Social Security number, date of birth, card or bank account numbers)")
      .add(asks && has(t, /\b(will be|may be|be) (permanently )?(suspended|deactivated|locked|closed|deleted|cancell?ed|forfeited|declined|frozen|blocked|disabled)\b|\bhas been (temporarily )?(suspended|locked|restricted|frozen|compromised|placed on hold)\b|\blocked out\b|\bwill (not be eligible|lose access)\b/), 1,
        "account threatened", "it threatens to close or lock an account unless the recipient responds")
      // One tax number for a prize is what a lawful W-9 asks; several numbers or a secret is not.
      .add(asks && has(t, /\b(reward|prize|refund|rebate|winnings|stimulus|settlement payment|entitled to (a )?(payment|refund)|selected|credit of)\b/), secrets + ids >= 2 ? 1.5 : 0.5,
        "prize or refund against personal data", "it promises money in return for personal data")
      .add(asks && has(t, LOOKALIKE_SITE), 0.5, "send data to a look-alike website", "it sends the recipient to a look-alike website to hand the data over")
      .add(has(t, /\b(package|parcel|shipment|delivery)\b/) && has(t, /\b(unable to (complete )?deliver|held at|redeliver|redelivery|customs fee|import duties)\b/) && has(t, /\bfee\b/), 1.5,
        "parcel held for a fee", "it says a parcel is held until a fee is paid online")
      .add((has(t, GIFT_OR_CRYPTO) || has(t, P2P)) && has(t, /\b(unlock|restore|reactivat|verify|release)\b/), 1.5, "untraceable payment to unlock", "it asks for a payment in gift cards or cryptocurrency to unlock something"),
  );
}

// ------------------------------------------------------------------------------------------
// Advance fee: money promised once a payment is made first
// ------------------------------------------------------------------------------------------

export function advanceFee(l: Letter): Scored {
  const t = l.plain;
  const windfall = /\b(lottery|lotto|sweepstakes|jackpot|lucky (winner|draw|number)|(you have|you've|you) (won(?!')|been (selected|chosen|approved|pre-?approved|pre-?qualified))|winning (ticket|number|notification|entry|reference)|prize (award|winnings|money|claim)|cash (prize|award)|inheritance|next of kin|unclaimed (funds|estate|inheritance|assets|money)|consignment|(government|federal|private|community[a-z ]*) grant|compensation (fund|payment)|(million|thousand) (united states |us |u\.s\. )?dollars|guaranteed (loan|approval)|regardless of your credit|(selected|chosen|approved|eligible) (to receive|for) (a |an |the )?[a-z -]{0,50}(grant|award|payment|loan|prize|funds))\b|\$\s?\d+(\.\d+)? million\b|\$\s?\d{1,3}(,\d{3}){2,}|\b(1st|2nd|3rd|first|second|third|grand|top) prize\b|\b(your|the) (ticket|entry|number|name|card) (won|was (drawn|selected|chosen))\b|\bwon (the|a|an|your) [a-z0-9 ,$-]{0,30}\b(prize|car|truck|tahoe|lexus|cash|award|trip|drawing|raffle|sweepstakes|jackpot)\b|\bgrant\b[^.]{0,60}\b(never (has|needs) to be repaid|(does|do) not have to be (repaid|paid back)|free money)\b|\b(loan|application|funding|line of credit)\b[^.]{0,60}\b(has been|is|was|have been) (approved|pre-?approved|funded)\b|\b(qualify|qualified|qualifies|eligible) for (a|an|the) \$\s?\d|\$\s?\d[\d,]*\s?(\/|per |a )(week|wk|day)\b|\b(work|working) from home\b[^.]{0,40}\$\s?\d|\b(left|leaves|bequeathed|willed) you\b|\bunclaimed [a-z]+ (funds|money|benefits|assets|property)\b|\b(your|the) (portion|share|award|allocation) (is|of|amounts to|comes to) \$\s?\d|\b(owed|due|payable) (to )?you\b[^.]{0,30}\$\s?\d|\$\s?\d[\d,.]*[^.]{0,40}\b(owed|due|payable) to you\b|\bentitled to\b[^.]{0,60}\b(pension|benefits?|funds|payment|refund|settlement|share|compensation)\b|\b(we|i) would (like|love) to (publish|offer you)\b|\boffer you (a|the) (remote |part-time |full-time |paid )?(position|job|role|contract)\b|\badvance against royalties\b|\bselected you (as|for)\b/;
  const feeWords = /\b(processing|transfer|clearance|release|handling|administrative|admin|legal|insurance|courier|shipping|activation|registration|filing|documentation|certificate|tax(es)?|customs|origination|security|stamp duty|delivery|enrollment|production|design|launch|setup|set-up|kit|equipment|starter|onboarding|training|certification|release)( and [a-z]+)?\s+(fee|fees|charge|charges|costs?|payment|bond|contribution)\b|\b(bond|contribution) of \$\s?\d[^.]{0,60}\b(must|required|to (release|receive|claim|have))\b|\bpay(ing|ment of)?\b[^.]{0,60}\b(before|in order to|to (receive|release|claim|unlock|process|transfer|collect))\b|\b(fee|pay|paid|payment|\$\s?\d)[^.]{0,80}\b(before|until)\b[^.]{0,60}\b(can be |will be |is )?(released|release it|delivered|shipped)\b|\b(upfront|in advance)\b|\b(must|has to|needs to|will need to) be paid\b|\b(secures?|to secure|to release|to unlock) (your|the) [a-z ]{0,30}(grant|prize|award|loan|funds|winnings|payout|car|vehicle)\b|\bbefore (release|delivery|funding|shipment|disbursement|payout|your (prize|grant|loan|funds|winnings|car|vehicle))\b|\b(send|pay|wire|mail)\s+(the )?\$\s?\d[\d,]*(\.\d\d)?\s+(for|to cover|by (cash app|zelle|venmo|wire|western union|moneygram|bitcoin|crypto|gift))\b/;
  // "There is no fee", "you do not need to pay anything": reassurances, not fees.
  const reassures = /\b(no|not|never|nothing|without)\b[^.]{0,30}\b(pay|fee|fees|cost|charge|purchase)\b|\bdoes not need to be repaid\b/;
  const feeAsked = l.sentences.some((x) => feeWords.test(x) && !reassures.test(x));
  const fakeCheck = has(t, /\b(cashier's check|check for \$|enclosed (is|please find) a (cashier's )?check|a check (for|in the amount))\b/) && has(t, /\bdeposit\b/) &&
    has(t, /\b(wire|western union|moneygram|withdraw\b[^.]{0,40}\bcash|send the (funds|difference|remaining|rest|balance))\b/);
  return done(
    new Tally()
      .add(has(t, windfall), 1.5, "windfall", "it promises a prize, grant, inheritance, loan or large sum")
      .add(has(t, windfall) && feeAsked, 2, "fee before the windfall", "it asks for a fee to be paid before that money is released")
      .add(!has(t, windfall) && feeAsked, 0.5, "fee", "it asks for a fee up front")
      .add(has(t, windfall) && feeAsked && (has(t, GIFT_OR_CRYPTO) || has(t, MONEY_TRANSFER) || has(t, P2P)), 1.5, "fee by untraceable means", "it asks for the fee by gift card, wire, money transfer, payment app or cryptocurrency")
      .add(has(t, /\b(gift ?cards?|prepaid( reload)? cards?|google play|apple (gift )?cards?|itunes|steam cards?)\b[^]{0,200}\b(card numbers?|numbers on the back|codes? on the back|scratch|pin on the back|read (us |me )?the|card number and pin)\b|\b(scratch off|card numbers?)\b[^]{0,120}\b(gift ?cards?|prepaid)\b/), 2.5,
        "pay with gift cards and read out the numbers", "it asks the recipient to buy gift or prepaid cards and read out their numbers")
      .add(fakeCheck, 3, "deposit a check, send money on", "it asks the recipient to deposit an enclosed check and send part of the money on by wire, money transfer or cash")
      .add(has(t, /(overpa(id|yment)[^.]{0,120}(refund|return|send back|wire)|(sent|paid) (you )?(too much|more than)|refund the (difference|excess|balance|overpayment)|(wire|send|return) (back )?the (difference|excess))/), 1.5,
        "overpayment refund", "it asks the recipient to send back an 'overpayment'")
      .add(has(t, /\b(barrister|foreign (bank|account|partner|contractor)|diplomat(ic)?|prince|royal family|late (client|husband|father|king)[^.]{0,80}(fund|deposit|estate)|dormant (account|fund)|share (of )?(the )?(funds|estate|proceeds)|(assets|accounts) (were |are )?frozen|security company)\b/), 1.5,
        "stranger's fortune", "it offers the recipient a share of a stranger's fortune")
      .add(!has(t, windfall) && feeAsked && (has(t, GIFT_OR_CRYPTO) || has(t, MONEY_TRANSFER) || has(t, P2P)), 1.5, "upfront fee by untraceable means", "it asks for money to be sent by gift card, wire, money transfer, payment app or cryptocurrency")
      .add(has(t, /\bfree to a (good|loving|new) home\b/) && has(t, /\bfee\b/), 1.5, "free, except for the fee", "it offers something free but asks for a fee before sending it")
      .add(has(t, /\b(puppy|kitten|pet)\b[^.]{0,80}\b(shipping|crate|delivery|insurance|vaccination) (fee|cost)|\b(keys?|lease)\b[^.]{0,80}\b(mail|send|ship)\b[^.]{0,80}\b(once|after|when) (you|the deposit)|\b(recover|recovery of) (your )?(lost )?(funds|money|investment)\b[^.]{0,80}\bfee\b/), 1.5,
        "pay first to receive", "it asks for a payment before something that was promised is sent")
      .add(has(t, /\b(cannot|can't|unable to) (show|meet|see)\b|\b(working|living|stationed) (overseas|abroad|out of the country)\b/) && (has(t, MONEY_TRANSFER) || has(t, GIFT_OR_CRYPTO) || has(t, P2P)), 2,
        "pay before seeing", "it asks for money by wire, money transfer or app for something the sender cannot show in person")
      .add(has(t, /\b(mail|send|ship) you the keys?\b|\bkeys?\b[^.]{0,40}\b(mailed|sent) to you\b/), 1.5, "keys by mail", "it offers to mail the keys once the money arrives")
      .add(has(t, windfall) && has(t, SECRECY), 1, "keep it secret", "it asks the recipient to keep the offer secret"),
  );
}

// ------------------------------------------------------------------------------------------
// Impersonation: an authority, in its own voice, wanting what it never wants by letter
// ------------------------------------------------------------------------------------------

const IMPERSONATION_HARD = new Set([
  "wants gift cards, crypto or app payments", "cash handed to a courier or agent", "payment diverted from the official channel",
  "move money to a 'safe' account", "asks for credentials", "secrecy", "cover story for the bank", "arrest over a debt", "'suspended' Social Security number",
]);

export function impersonation(l: Letter, who: Authority): Scored {
  if (!speaksAs(l, who)) return { score: 0, hits: [] };
  const t = l.plain;
  const moneyAsked = has(t, PAY);
  const pushesPayment = moneyAsked && (has(t, AMOUNT) || has(t, /\b(balance|fine|bond|bail|fee|bill)\b/));
  const tally = new Tally()
      // Banks offer Zelle themselves, so a payment app counts against every authority but a bank.
      .add(moneyAsked && (has(t, GIFT_OR_CRYPTO) || (who !== "bank" && has(t, P2P))), 2.5, "wants gift cards, crypto or app payments", "it asks for payment in gift cards, prepaid cards, cryptocurrency or through a payment app")
      .add(has(t, CASH_HANDOFF) || anySentence(l, COLLECTOR_AT_DOOR), 2.5, "cash handed to a courier or agent", "it asks for cash, or sends someone to the door to collect the money")
      .add(pushesPayment && has(t, MONEY_TRANSFER), 1.5, "wire or money transfer", "it asks for a wire or money transfer")
      .add(has(t, DIVERTED), 2,
        "payment diverted from the official channel", "it tells the recipient to pay through a private account or partner instead of the authority's usual channels")
      .add(anySentence(l, SAFE_ACCOUNT_MOVE) || has(t, /\bprotect (your|the) (funds|money|savings|assets|balance)\b/) && has(t, SAFE_ACCOUNT), 3,
        "move money to a 'safe' account", "it asks the recipient to move their money to a 'safe' or 'protected' account")
      .add(askedKinds(l, SECRETS) > 0 || askedKinds(l, IDENTITY) > 0, 2,
        "asks for credentials", "it asks for identity numbers, account details or passwords")
      .add(has(t, SECRECY), 1.5, "secrecy", "it tells the recipient to keep the letter from family, their bank or a lawyer")
      .add(has(t, COVER_STORY), 2, "cover story for the bank", "it tells the recipient what to say if their bank asks questions")
      .add(has(t, /\b(arrest(ed)?|warrants?|taken into custody|detention|jail|prison|deport(ed|ation)?|removal proceedings|prosecution|criminal (case|matter|offense|charges)|obstruction|seiz(e|ed|ure)|frozen|fines? of up to|(coverage|benefits) (may|will) (lapse|be (cancell?ed|terminated|stopped)))\b/), 1,
        "threat of arrest or seizure", "it threatens arrest, prosecution, fines or seizure")
      // Garnishment, liens and suspensions are what real courts and agencies do, after due process.
      .add(has(t, /\b(garnish(ed|ment)?|lien|suspen(d|ded|sion))\b/), 0.5, "threat of garnishment or suspension", "it threatens garnishment, a lien or the loss of a license or benefits")
      .add(has(t, /\b(disconnect(ed|ion)?|shut ?off|cut off|service (will be )?(terminated|interrupted|cut))\b/), 1, "threat of shut-off", "it threatens to cut off a service")
      .add(moneyAsked && has(t, HOURS_DEADLINE), 1, "pay within hours", "it demands action within hours or the same day")
      .add(pushesPayment && has(t, PAY_BY_CALL), 1, "pay by phone", "it asks the recipient to phone someone to hand over the payment")
      .add(has(t, /\b(avoid|stop|clear|resolve)\b[^.]{0,40}\b(hearing|warrant|case|arrest|eviction|garnishment|charges)\b[^.]{0,60}\b(by|through) (paying|resolving|settling|posting)\b/) || has(t, /\b(pay|paying|payment|paid|settle|settlement|resolve|resolved|resolving|bond|fine|fee)\b[^.]{0,160}\b(dismiss(ed|al)?|(will be )?withdrawn|(case|matter|warrant) (will be )?(closed|cleared|recalled)|warrant recall|avoid (a |the )?(court|hearing|appearance|arrest|being taken|detention|suspension|prosecution)|without (arrest|being taken)|in lieu of prosecution|clear (this|the|your) (warrant|name))\b|\bresponse priority\b|\bsupporters?\b[^.]{0,40}\b(priority|noted|decal)\b/), 1,
        "pay to make it go away", "it offers to drop a case, warrant or charge, or to give priority, in return for a payment")
      .add(has(t, /\b(debt|loan|unpaid|obligation|balance)\b/) && has(t, /\b(arrest|criminal|jail|charges)\b/), 1, "arrest over a debt", "it threatens criminal consequences over an unpaid debt")
      .add(has(t, /\b(social security number|ssn)\b[^.]{0,20}\b(has been|will be|is|was) (suspended|blocked|frozen|cancell?ed|deactivated)\b/), 2, "'suspended' Social Security number", "it claims the recipient's Social Security number is suspended, which never happens")
      .add(moneyAsked && has(t, /\b(processing|activation|survey|conversion|review|enrollment) (fee|deposit)\b/), 0.5, "fee for a free service", "it charges a fee for something the authority does not charge for");
  // Real authorities also threaten shut-offs, warrants and garnishment and ask to be called; only
  // what they never do (gift cards, couriers, private accounts, secrets, "safe" accounts, arrest
  // over a civil debt) can make a refusal. Without one of those the letter is held, at most.
  const hard = tally.hits.some((h) => IMPERSONATION_HARD.has(h.name));
  return done(tally, hard ? Infinity : 1.5);
}

export const IMPERSONATION: [RefusalCategory, Authority][] = [
  ["impersonation_government", "government"],
  ["impersonation_court", "court"],
  ["impersonation_police", "police"],
  ["impersonation_utility", "utility"],
  ["impersonation_bank", "bank"],
];
