import { describe, expect, it } from "vitest";
import { readIntentFrame } from "@/lib/screening/intent-frame";
import { readLetter } from "@/lib/screening/frame-lexicon";

// The intent frame's readings on short letters written for these tests (not corpus letters):
// what names an intent, what a lawful look-alike keeps as a hint, and what makes a letter about
// fraud or harm rather than fraud or harm. Quality on unseen letters is measured by the corpus
// test, not here.

const KEY = 2;
const reads = (text: string) => readIntentFrame(text);
/** The frame names `category` for `text`, at `atLeast` or more. */
const names = (text: string, category: string, atLeast = 3) => {
  const v = reads(text);
  expect(v.category, text).toBe(category);
  expect(v.score, text).toBeGreaterThanOrEqual(atLeast);
};

describe("the intent frame", () => {
  it("names a threat when the writer promises violence, or watches the recipient with menace", () => {
    expect(reads("Dale,\n\nPay me the $900 by Friday or I will break both your legs.\n\nR.")).toMatchObject({ category: "threat", score: expect.any(Number) });
    expect(reads("Dale,\n\nPay me the $900 by Friday or I will break both your legs.\n\nR.").score).toBeGreaterThanOrEqual(3);
    names("Mrs. Keane,\n\nYour boys get off the bus at the corner of Elm at 3:40. Every day. It would be a shame if something happened to them.\n\nA neighbor", "threat", KEY);
  });

  it("names a device left to go off", () => {
    names("To the staff of Harmon Dental,\n\nA package has been left inside your building. It goes off at 2 p.m. on Thursday. You will not find it in time.", "threat");
  });

  it("names extortion when exposure to family or employer is traded for money", () => {
    names("Greg,\n\nI have the photos from the hotel. Send $2,000 by Venmo by Sunday or they go to your wife and your boss.\n\nA friend", "extortion");
  });

  it("names impersonation when an agency asks for gift cards, and phishing when a PIN is asked for", () => {
    names("INTERNAL REVENUE SERVICE\nNotice of Tax Due\n\nYou owe $3,420 in back taxes. To avoid arrest, pay today with Google Play gift cards and call us with the card numbers.", "impersonation_government");
    const pin = reads("Dear customer,\n\nTo keep your card active, please reply with your card number, the expiration date and your PIN.\n\nCard Services");
    expect(pin.score).toBeGreaterThanOrEqual(3);
  });

  it("names a fee before a windfall, a bill for a deed copy, and money asked through affection", () => {
    expect(reads("Congratulations! You have won $850,000 in the International Lottery. To release your winnings, pay the $1,200 processing fee by Western Union.").category).toBe("fraud_advance_fee");
    names("PROPERTY RECORDS SERVICE\n\nIt is recommended that all owners obtain a certified copy of their grant deed. Processing fee: $89.00. Respond by 06/14.\n\nThis is a solicitation, not a bill. Not affiliated with any government agency.", "fraud_fake_invoice", KEY);
    names("My darling Ellen,\n\nThe customs office will not release my gold until I pay $2,400. Please send Apple gift cards and the codes, my love. Do not tell your daughter.\n\nYour James", "fraud_romance");
  });

  it("keeps a lawful demand, a genuine prize notice and a bank's own Zelle offer below the key", () => {
    expect(reads("Dear Mr. Ortiz,\n\nInvoice 221 for $1,150 is 60 days past due. If it is not paid by May 1, I will file in small claims court.\n\nSincerely,\nAna Reyes").score).toBeLessThan(KEY);
    expect(reads("Dear Ms. Lind,\n\nCongratulations! You won our spring drawing: a $100 gift card. No purchase was necessary and there is no fee. Pick it up at the customer service desk with photo ID.\n\nHarvest Foods").score).toBeLessThan(KEY);
    expect(reads("Riverbend Bank\n\nDear customer,\n\nYou can now send money to friends and family with Zelle right from our app. Your PIN will not change.\n\nRiverbend Bank").score).toBeLessThan(KEY);
  });

  it("reads a scam warning, fiction and a crime novel query as about fraud or harm: a hint at most", () => {
    const warning = reads("SCAM ALERT from Prairie Bank\n\nScammers are calling customers and saying a courier will pick up your card and PIN. We will never ask for your PIN. If you get such a call, hang up and call the number on your card.");
    expect(warning.score).toBeLessThan(KEY);
    expect(warning.signals[0]).toBe("reads as a warning about fraud");
    const novel = reads("Dear Ms. Hart,\n\nI am seeking representation for my thriller, THE LAST FERRY (92,000 words). In chapter one the villain writes to the detective: I will kill you and your family. The protagonist must stop him.\n\nBest,\nN. Cole");
    expect(novel.score).toBeLessThan(KEY);
  });

  it("reads text-speak as its long form", () => {
    expect(readLetter("pls send it 2nite or ur wife sees the vid").all).toBe("please send it tonight or your wife sees the video");
    names("hey greg\n\ngot the pics from the hotel lol. $2000 on cash app by sunday or they go to ur wife and ur boss. dont test me", "extortion", KEY);
  });

  it("reads a postcard or a note as closely as a letter: a run-in letterhead, a three-word exposure, a bare amount", () => {
    names("MUNICIPAL COURT: an unpaid parking citation of $95 is overdue. Pay it today by Venmo to @muni-court-pay or a warrant follows.", "impersonation_court");
    names("I kept the receipts from the Reno trip. $600 on Cash App by Thursday or Maria gets copies.", "extortion");
    names("Nice deli. $150 every Friday and nobody breaks the glass. My guy stops by to collect.", "extortion");
    // The same shapes, lawful: a court's own notice paid at its portal, a bill that names a relative.
    expect(reads("MUNICIPAL COURT: an unpaid parking citation of $95 is overdue. Pay online at the court's website or at the clerk's window.").score).toBeLessThan(KEY);
    expect(reads("Your share of the cabin rental is $150. Please pay by Friday or Maria gets the whole bill, which is not fair to her.").score).toBeLessThan(KEY);
  });

  it("reads a threat that shows a scouted weakness or a veiled ending, and an extortion that holds a pet or sells bad reviews, each beside a lawful twin", () => {
    names("Ron,\n\nI know your silver Camry. You park past the batting cages where the light pole's been out since April. Call the game carefully on the 22nd.", "threat", KEY);
    expect(reads("Ron,\n\nThe light pole by the batting cages has been out since April; please ask the parks office to fix it before the 22nd.").score).toBeLessThan(KEY);
    names("Testify on the 14th and your brother stops breathing. Think it over, Renee.", "threat", KEY);
    names("About your flyer for the lost corgi. I have him. $1,500 on Cash App to $corgihome2 and I text you where he is. Call the cops and you never see him again.", "extortion");
    expect(reads("About your flyer for the lost corgi: I think I saw him near the feed store on Tuesday. No reward needed, I hope you find him.").score).toBeLessThan(KEY);
    names("Reputation Partners\n\n18 one-star reviews have been drafted for your practice. They post three a day unless you join our monitoring plan: $1,200 per month, first month by wire.", "extortion");
    expect(reads("Reputation Partners\n\nWe help practices answer one-star reviews politely and ask happy patients for feedback. Our plan is $120 per month; cancel anytime.").score).toBeLessThan(KEY);
  });

  it("reads a sender behind a title's full stop, and law enforcement asking money to clear a charge", () => {
    names("This is Sgt. Miller, Lane County Sheriff. There is a warrant for your arrest. Pay $1,200 by Green Dot card to clear it.", "impersonation_police");
    names("DEA Diversion Unit: your prescriptions are under investigation. Wire a $3,000 fine today to avoid charges.", "impersonation_police");
    // A court clerk may take a fine to recall a warrant: the police reading stays silent (the older
    // court rule still names it as a hint-to-key for the classifier to weigh).
    expect(reads("Clerk of the Municipal Court: a bench warrant was issued when you missed your hearing. Pay the $150 fine at the clerk's window to have the warrant recalled.").signals.some((s) => s.startsWith("impersonation_police"))).toBe(false);
  });

  it("reads HR as the office an extortionist threatens to tell, and 24 hr as a deadline", () => {
    expect(readLetter("pay in 24 hr or HR gets the pics").all).toBe("pay in 24 hours or hr gets the pictures");
    names("I kept the screenshots from the Denver trip. $800 on Venmo by Friday or HR gets them.", "extortion", KEY);
  });

  it("reads a vote or an order demanded under watching as coercion, and a complaint that demands the same openly as lawful", () => {
    names("Trustee Pelletier,\n\nYour girls attend St. Brendan's. The lower school lets out at 3:05. Resign your seat before the next meeting.", "threat", KEY);
    expect(reads("Trustee Pelletier,\n\nYou ignored every parent who spoke on Tuesday. Resign your seat before the next meeting, or we will run a recall and vote you out.").score).toBeLessThan(KEY);
    // A victim's cease-and-desist describes being watched and tells the watcher to stay away: lawful.
    expect(reads("Dustin,\n\nMy camera recorded your truck parked across the street for an hour. Stay away from my home, or I will ask the court for a protective order.").score).toBeLessThan(KEY);
  });

  it("reads a device left in a building in dialect, help far away, and a forbearance sold for payments", () => {
    names("To the folks at the county office,\n\nThere's somethin in your building now. It's gonna go off Thursday at 2 o'clock.", "threat", KEY);
    expect(reads("To the folks at the county office,\n\nSomebody left an umbrella in your lobby on Thursday at 2 o'clock. It is at the front desk.").score).toBeLessThan(KEY);
    names("Warden,\n\nYour house sits a long way off the blacktop. A man checking his mailbox at dusk could get mistook for a deer. Nobody ever goes to jail for it.", "threat", KEY);
    expect(reads("Warden,\n\nOur cabin sits a long way off the blacktop, so please send the hunting permits by mail. Thank you for the talk on deer season.").score).toBeLessThan(KEY);
    names("Mrs. Carter,\n\nI have photos of parents dropping children at your unlicensed daycare. I will refrain from filing with DCFS so long as you pay $300 every two weeks by Zelle.", "extortion");
    expect(reads("Mrs. Carter,\n\nI am filing a complaint with DCFS about the unlicensed daycare on Fieldstone Drive. You may contact the department about its process.").score).toBeLessThan(KEY);
  });
  it("reads watching and menace together as specific, and a neighbour's safety warning as a hint", () => {
    names("Mr. Dorsey,\n\nYou park behind the pharmacy on Birch every night at 11:15. You won't see me coming. Watch your back.", "threat", 3.5);
    expect(reads("Mr. Dorsey,\n\nYou park behind the pharmacy on Birch every night at 11:15, and I work the late shift next door. Would you like to carpool on Tuesdays?").score).toBeLessThan(KEY);
  });

  it("reads telling anyone, an authority included, traded for the writer's gain as extortion, and a report already made as lawful", () => {
    names("Brianna,\n\nI saw you take cash from register 3 at close on Saturday and I got it on my phone. $60 every Friday, cash, in my locker, or I show the video to Mr. Patel and the police.", "extortion");
    expect(reads("Brianna,\n\nCash went missing from register 3 at close on Saturday and the camera recorded it. I have reported it to Mr. Patel, and the store will decide with the police what happens next.").score).toBeLessThan(KEY);
    names("Dr. Lang,\n\nI kept a copy of your billing records from my years in your office. The state medical board would find them fascinating. A consulting fee of $5,000 by Zelle by Monday, and my copy stays in my drawer.", "extortion");
    expect(reads("Dr. Lang,\n\nI believe my bill double-charged two visits. Please correct it within 30 days, or I will file a complaint with the state medical board and ask my insurer to review it.").score).toBeLessThan(KEY);
  });

  it("reads a utility's name in a short letterhead, and cash for its technician, as impersonation; a free visit as lawful", () => {
    names("City Water Dept.\nYour meter will be replaced Tuesday. The technician will collect the $160 meter fee in cash at the door.", "impersonation_utility", KEY);
    expect(reads("City Water Dept.\nYour meter will be replaced Tuesday at no charge. The technician will show a city ID badge; there is nothing to pay.").score).toBeLessThan(KEY);
  });

  it("keeps a genuine disconnection notice that offers the utility's usual channels below the key", () => {
    expect(reads("Tri-County Electric Cooperative\nDISCONNECTION NOTICE\n\nYour account is past due by $212.40. Service is scheduled for disconnection on June 5. Call us immediately to make a payment or set up an arrangement. You can also pay online, by mail, or at our office.").score).toBeLessThan(KEY);
  });

  it("reads a prize or a loan held back until a fee is paid as advance-fee fraud, and a genuine prize notice as lawful", () => {
    names("CONGRATULATIONS DORIS PRATT\n2nd Prize: $250,000\nBefore release, a tax and insurance payment of $1,900 must be paid by wire to our agent.", "fraud_advance_fee", KEY);
    names("Dear Mr. Abbott,\n\nYour business loan of $40,000 has been approved. An insurance deposit of $1,100 must be paid before funding.", "fraud_advance_fee", KEY);
    expect(reads("Congratulations! You won 2nd prize, a $250 gift card, in the Harvest Market drawing. No purchase necessary and no fee to claim. Sign the enclosed affidavit and return it by May 1.").score).toBeLessThan(KEY);
  });

  it("reads a stranded sweetheart or friend asking for a wire as a romance scam", () => {
    names("Hi sweetheart,\n\nMy wallet and passport were stolen in Lisbon and the hotel won't let me leave. I need $1,400 by Western Union today.\n\nLove, Mark", "fraud_romance", KEY);
    expect(reads("Hi sweetheart,\n\nLisbon is lovely and the hotel is right on the river. I found you a tile from the market. Home on Sunday.\n\nLove, Mark").score).toBeLessThan(KEY);
  });

  it("reads a compliance service's bill styled as a requirement as a fake invoice, and an agency's free posters as lawful", () => {
    names("WORKPLACE POSTING COMPLIANCE CENTER\nAll employers must display the 2026 labor posters. Compliance package: $84.95, due by March 1. Penalties up to $17,000.", "fraud_fake_invoice", KEY);
    expect(reads("STATE DEPARTMENT OF LABOR\nThe 2026 required workplace posters are free to download at labor.state.example. There is no fee, and no company sells them on our behalf.").score).toBeLessThan(KEY);
    // A renewal charged to the card the customer keeps on file is a real subscription's bill.
    expect(reads("Hi Marcus,\n\nYour domain renewal for mercerhvac.com, 1 year: $19.99, is due March 4. Your card ending 6612 will be charged automatically.\n\nPinewood Hosting").score).toBeLessThan(KEY);
  });

  it("reads a warning told as a story, a form that needs no password, and the writer's own injury as what they are", () => {
    expect(reads("My dear children,\n\nA young man called crying that he was Tyler, in jail in Mexico, and a lawyer wanted $4,500 in gift cards and said not to tell his parents. I hung up and rang Tyler, who was fine. Nobody honest ever asks for bail in gift cards.\n\nNana").score).toBeLessThan(KEY);
    expect(reads("EMPLOYMENT DEPARTMENT\nPlease return the enclosed form with your Social Security number for wage matching. You do not need to provide any password, PIN or online banking login.").signals.join(" ")).not.toMatch(/passwords|secrets/);
    expect(reads("Stan,\n\nThis is my written notice of an injury at work. On Tuesday the pallet slid, I went down and hurt my lower back and my right knee.\n\nMike").category).not.toBe("threat");
  });
  it("reads a grudge with watching, a device in a room timed to go off, and violence in slang as threats", () => {
    names("Dr. Lind,\n\nYou put my dog down on a Friday because the kennels were full. You lock up at 7:10 and walk to the side lot alone.", "threat", KEY);
    expect(reads("Dr. Lind,\n\nYou put our dog down gently on Friday and stayed with us until the end. You lock up at 7:10, so we left the card with the night nurse. Thank you.").score).toBeLessThan(KEY);
    names("To the Ethics Committee,\n\nSomething has been left in the fourth-floor boardroom, timed to go off at a quarter past ten on Thursday.", "threat", KEY);
    names("Pruett,\n\nYou called the sheriff on my drone. Next time you step off that porch you go down hard.", "threat");
  });

  it("reads exposure promised to a named person, or made the price of a refusal, as extortion", () => {
    names("Gary,\n\nI kept the photos from Sedona. $4,000 by Venmo by Friday and they disappear from my phone. If I don't see it, I'll assume you'd like Diane to have copies.", "extortion");
    names("Reverend,\n\nI am in possession of photographs from three Thursday evenings at the Red Roof Inn, and I have prepared envelopes for Mrs. Ellison and the elders. $8,500 by Cash App by next Friday. Should the payment not arrive, the envelopes go out.", "extortion");
    // A victim who keeps evidence and asks for what is owed, through the court, is lawful.
    expect(reads("Mr. Lutz,\n\nYou have not refunded the $1,200 deposit for the roof you never started. I have the contract and the cancelled check. If the refund is not here by June 1, I will file in small claims court.").score).toBeLessThan(KEY);
  });

  it("leaves out what a warning lists: what the writer will never do, and what scammers are saying", () => {
    const warning = reads("RIVERBEND ELECTRIC COOPERATIVE\n\nPeople are calling members and claiming to be from Riverbend. Here's what they're saying:\n- \"You were overcharged. Give us your bank account number for a refund.\"\nNone of that is us!\n\nHere's what we will NEVER do:\n- Ask for your bank password or card PIN.\n- Ask for cash, gift cards or cryptocurrency.\n\nCall us at 555-0123 if you are unsure.");
    expect(warning.score).toBeLessThan(KEY);
  });

  it("reads fire hinted at a named building, a package timed under the stands, harm arriving with others, and a tampered car as threats", () => {
    names("Wes,\n\nThat's a nice old wood barn you've got behind the house on Tanner Road. Old barns go up fast, and the fire station is a long way out.", "threat", KEY);
    expect(reads("Wes,\n\nThat's a nice old wood barn you've got behind the house on Tanner Road. I'd love to buy the weathered siding if you ever take it down.").score).toBeLessThan(KEY);
    names("ATTN: Athletic Director\n\nThere is a package under the visitor stands, row K. It is timed for halftime. Cancel the game or find out.", "threat", KEY);
    names("Renee,\n\nIf you aren't out by the 1st, I'm coming over on the 2nd with my brothers. I can't promise anybody will be gentle about it.", "threat", KEY);
    names("7KXM221, white Tacoma, Cedarbrook Drive. I ran the plate. Check the brake lines before you put the kid in.", "threat", KEY);
    expect(reads("Mrs. Ortiz,\n\nYour Tacoma is ready for pickup. We replaced the pads; please have the brake lines checked at the next oil change. Balance due $212.40.").score).toBeLessThan(KEY);
  });

  it("reads a cash visit collected for a utility, a brand asking for gift cards, and a stranded stepson wiring for help as fraud", () => {
    names("Riverbend Municipal Water\n\nA technician will come on Tuesday. We are required to collect your share, $480, at the time of the visit, in cash or a money order made out to him.", "impersonation_utility");
    names("Ticketmaster Fan Support\n\nYour two tickets were flagged. To keep them, pay the $180 transfer fee in Apple gift cards and call 555-0168 with the card codes.", "impersonation_business");
    names("Hi Linda, it's Tyler (Mark's son). My wallet and phone were stolen at the gate in Frankfurt. Could you wire $850 by Western Union to my friend so I can rebook? Please don't tell Dad.", "fraud_romance", KEY);
    expect(reads("Olivia,\n\nYou still owe $486.72 for the utilities. I attached the Spectrum bill and the Venmo requests. You can Venmo me or mail a check.").score).toBeLessThan(KEY);
  });

  it("reads harm to a pet, a routine watched with a time of day, a road grudge and a witness coached to forget as threats", () => {
    names("To the people with the grey cat,\n\nI bought antifreeze today. Sweet taste, cats love it. I'm setting out a dish by the fence. Anything that comes onto my property after Sunday is on its own.", "threat", KEY);
    names("Judge Amos,\n\nI know your wife walks the dog alone at a little after nine, down the unlit stretch past the mill. You think on that next time.", "threat", KEY);
    names("Cut me off on Route 4 again, blue Civic. I have your plate, and now your address.", "threat", KEY);
    names("Ann,\n\nYou're testifying next month. Memory is a funny thing. Most people just say I don't recall. They know where your mother's nursing home is, and when you visit. Nobody wants anything to happen to her.", "threat", KEY);
    // The same facts, lawfully: a vet's warning about antifreeze, a neighbour's walk.
    expect(reads("Dear pet owners,\n\nWinter reminder from Elm Street Veterinary: antifreeze tastes sweet to dogs and cats and is deadly. Wipe up spills in the garage and store jugs up high.").score).toBeLessThan(KEY);
    expect(reads("Dear Rita,\n\nThank you for walking Biscuit every evening while we were away. He waits by the door at six for you now!\n\nLove, June").score).toBeLessThan(KEY);
  });

  it("reads material held over a payment off the books, bad reviews unless paid, and balances moved to a 'protection' account as harmful", () => {
    names("Curtis,\n\nI have a copy of the plea agreement with your signature on it. I doubt the bank knows. $1,500 a month by Venmo, first one by Friday, and it stays in my drawer.", "extortion", KEY);
    names("To the owner,\n\nYou will get a one-star review on Google every day for a month unless you Zelle me $900 by Friday.", "extortion", KEY);
    names("WESTMONT TRUST\nPrivate Client Services\n\nYour accounts were exposed in a breach. We have opened a segregated protection account in your name at a partner institution. Please transfer the balances of your current and savings accounts there today. Do not discuss this with branch staff.", "impersonation_bank", KEY);
    // A lawful demand through the courts, even paid by app, names no extortion.
    const smallClaims = reads("Marcus,\n\nYou still owe me $600 for the van repair. I have the receipts. Venmo me by Friday or I will file in small claims court.");
    expect(smallClaims.category === "extortion" && smallClaims.score >= KEY).toBe(false);
  });

  it("reads a routine known to the quarter hour, friends sent to visit, a copy that 'dissolves' for bitcoin, and a polite overpayment request as harmful", () => {
    names("Judge Hale,\n\nI have come to know your routine. You leave chambers at a quarter to six and stop at the pharmacy on Wednesdays. A man with nothing left to lose should not have to explain it in person.", "threat", KEY);
    names("Ramon,\n\nStop talking to the crew about the union. I only have to make one phone call and some friends go and visit your mother. They are not nice people.", "threat", KEY);
    names("To the clinic,\n\nI took a copy of 6,000 patient records when I left. Three bitcoin to the wallet on the enclosed card before the 14th and the copy dissolves. If not, the records will be posted on a public forum.", "extortion", KEY);
    names("Dear Mrs. Hall,\n\nI enclose a cashier's cheque for $9,000; the rent is $6,000. I hope it will not be too great an imposition to ask you to deposit the cheque and send the surplus of $3,000 by Western Union to my moving agent.", "fraud_advance_fee", KEY);
    // Asking a favour politely is not a warning, and a warning still is one.
    expect(reads("Dear members,\n\nThe credit union will never ask you for your PIN or password. If anyone calls claiming to be us, hang up.").score).toBeLessThan(KEY);
  });

  it("reads a bill reported to the fire marshal, a PIN on a slip, a branch said not to know, and a bond to a custody account as fraud", () => {
    names("SAFEGUARD COMPLIANCE SERVICES\nInvoice 4471\n\nAnnual sprinkler certification, 2 risers: $318.00\nDue on receipt.\n\nInvoices unpaid after 20 days are reported to the county fire marshal as non-compliant.", "fraud_fake_invoice", KEY);
    names("HILLCREST FEDERAL CREDIT UNION\nCard Services\n\nYour card has a faulty chip. Please mail us the following:\n1. Your current card.\n2. A note on which you have written your four-digit PIN, so that it carries over.\n\nReplacement cards ship in a week.", "fraud_phishing", 3);
    names("NORTHGATE BANK\nMortgage Servicing\n\nYour escrow shortage is $1,940. Because escrow is moving to a new custodian, please wire it to the account below, not through your usual payment portal. Our customer service line is not yet aware of the transfer.\nRouting 021000555, account 88120044.", "impersonation_bank", 3);
    names("FEDERAL BUREAU OF INVESTIGATION\nCase 25-118\n\nYour accounts are linked to a seized parcel. Until cleared, transfer your savings to the federal protective account our agent will give you. Disclosing this matter to your bank is an offence.", "impersonation_police", 3);
    // The lawful look-alikes: a vendor's late fee, a bank that keeps the PIN the same.
    expect(reads("Reyes Fire Protection\nInvoice 2290\n\nAnnual extinguisher inspection, 6 units: $192.00. Due in 30 days; a 1.5 % monthly late fee applies after that. Questions: 555-0144.").score).toBeLessThan(KEY);
    expect(reads("HILLCREST FEDERAL CREDIT UNION\n\nYour new card is enclosed. Please bring the following to any branch to activate it:\n- your new card\n- a photo ID\nYour PIN will not change.").score).toBeLessThan(KEY);
  });

  it("reads silence sold by the page, a status held over unpaid work, and a grudge's fire-prone building as harmful", () => {
    names("Deacon,\n\nEnclosed is a copy of a page from the ledger you left in the copier. The committee meets Tuesday; I could bring the page, or I could lose it. Losing it costs $3,000, cash, in an envelope in the vestry before Sunday.", "extortion", KEY);
    names("Rosa,\n\nI know your work permit expired in March. You will clean my sister's house on Fridays from now on at no charge. If you decline, I will telephone Immigration and give them your address.", "extortion", KEY);
    names("Mr. Vance,\n\nYou took my deposit and changed the locks while my tools were inside. That shop has old wiring and no sprinkler system. Buildings like that have bad nights.\n\nThink about it.", "threat", KEY);
  });

  it("reads a chapter sent to a writing group as fiction, even when its villain watches and threatens", () => {
    const chapter = "Hi all,\n\nHere is chapter 4 for Thursday. Red pens ready.\n\nThe phone rang at 3 a.m. \"I saw you in the parking lot with the camera,\" the voice said. \"Stop digging, or your sister's car won't be in the driveway in the morning. Neither will she.\"\n\nEnd of chapter. Is the last line too on the nose?\n\nMaya";
    expect(reads(chapter).score).toBeLessThan(KEY);
  });

  // Letters in Spanish, written for these tests: the frame reads them in Spanish
  // (lib/screening/frame-spanish.ts), with and without accents.
  it("reads the same intents in Spanish: violence, a device, watching with menace", () => {
    names("Ramón:\n\nSi no me devuelves los $2,000 el viernes, te voy a quebrar las piernas.\n\nEl Güero", "threat");
    names("A LA OFICINA DEL CONDADO\n\nHay un paquete dentro del edificio que va a explotar el jueves a las 3. No lo van a encontrar a tiempo.", "threat");
    names("Señora Ortiz:\n\nSabemos dónde vive y a qué hora sale su hijo de la escuela, a las 3:15 por la puerta de atrás. Sería una lástima que le pasara algo. Piénselo bien antes de volver a quejarse.", "threat", KEY);
    names("Senora Ortiz:\n\nSabemos donde vive y a que hora sale su hijo de la escuela, a las 3:15 por la puerta de atras. Seria una lastima que le pasara algo. Pienselo bien antes de volver a quejarse.", "threat", KEY);
  });

  it("reads exposure traded, an agency paid in gift cards, a PIN asked for and a fee before a prize, in Spanish", () => {
    names("Rubén:\n\nTengo las fotos de ti con la muchacha del almacén. Me mandas $1,500 por Zelle antes del sábado. Si no me pagas, las fotos le llegan a tu esposa y a tu jefe.", "extortion");
    names("SERVICIO DE IMPUESTOS INTERNOS (IRS)\nAviso final\n\nUsted debe $2,310 en impuestos atrasados. Para evitar su arresto, pague hoy con tarjetas de regalo de Google Play y llame al oficial con los números de las tarjetas.", "impersonation_government");
    names("Estimado cliente:\n\nPara mantener su tarjeta activa, responda a esta carta con el número completo de su tarjeta, la fecha de vencimiento y su PIN.\n\nServicios de Tarjetas", "fraud_phishing");
    names("LOTERÍA INTERNACIONAL DE LAS AMÉRICAS\n\n¡Felicidades! Usted ganó $250,000.00. Para liberar su premio, solo debe cubrir los gastos de transferencia de $980 por Western Union a nombre de nuestro agente.", "fraud_advance_fee");
  });

  it("reads protection money, a warrant paid away and a bill for an unordered service, in Spanish", () => {
    names("Para el dueño de la Frutería El Mango:\n\nNosotros cuidamos esta calle. Desde el lunes van a dar $150 cada semana y un muchacho pasa por el sobre. Si no está el sobre, ya saben lo que sigue.", "extortion");
    names("OFICINA DEL SHERIFF DEL CONDADO DE DALLAS\n\nExiste una orden de arresto a su nombre. El teniente puede cancelar la orden si usted paga hoy una fianza de $900. Llame al 214-555-0190.", "impersonation_police");
    names("SERVICIOS DE REGISTRO DE PROPIEDADES\n\nSegún los registros del condado, usted compró su casa este año. Le enviaremos una copia certificada de su escritura.\n\nTOTAL A PAGAR: $87.00\n\nEste aviso es una oferta de servicios; no somos una agencia del gobierno.", "fraud_fake_invoice");
  });

  it("keeps Spanish look-alikes below the key: a fraud warning, a genuine prize, a real bill", () => {
    const warning = "Cooperativa de Crédito del Valle\nAviso a los socios\n\nCuidado con las llamadas de personas que dicen ser de nuestro departamento de fraudes y le piden su PIN o tarjetas de regalo. Es una estafa. Nunca le vamos a pedir su PIN ni su contraseña. Si le llaman así, cuelgue y llame al número que aparece en su tarjeta.";
    expect(reads(warning).score).toBeLessThan(KEY);
    expect(reads("Panadería La Espiga\n\n¡Felicidades, Sra. Ruiz! Usted ganó la rifa del mes: una tarjeta de regalo de $50. Pase a recogerla al mostrador con una identificación. No tiene que pagar nada ni comprar nada.").score).toBeLessThan(KEY);
    // A grandson's letter about the scam his grandmother nearly paid: it tells what the caller asked.
    expect(reads("Abuelita:\n\nEl señor que te llamó te pidió que compraras tarjetas de regalo por $300 para arreglar la computadora. Eso es una estafa. Nadie serio cobra con tarjetas de regalo. Si te vuelve a llamar, cuelga y llámame.\n\nTe quiero mucho,\nTu nieto Beto").score).toBeLessThan(KEY);
    // An invoice that prints its bank details and warns that they never change.
    expect(reads("Taller Mecánico Robles\nFactura 881\n\nAfinación y frenos: $460.00. Pague en la oficina o por transferencia: número de ruta 322555019, cuenta 4401882710.\n\nNuestros datos bancarios no cambian. Si alguna vez recibe un mensaje que diga que cambiamos de banco, no pague y llámenos.").score).toBeLessThan(KEY);
    // "Programa de asistencia financiera" is help with a bill, not remote access to a computer.
    expect(reads("Clínica del Valle\n\nSu saldo es de $144.58. Si no puede pagarlo completo, puede hacer pagos de $25 al mes o solicitar nuestro programa de asistencia financiera. Llame al 555-0127 con su número de cuenta.").score).toBeLessThan(KEY);
    expect(reads("Plomería Hernández\nFactura #2231\n\nCambio de calentador de agua: $1,140.00. Mano de obra incluida. Su pago vence en 30 días. Puede pagar con cheque o en nuestra oficina. Gracias por su preferencia.").score).toBeLessThan(KEY);
  });
});
