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
});
