import { describe, expect, it } from "vitest";
import type { OrderEmailInput } from "@/lib/notifications/email/compose-order-email";
import { renderOrderEmail } from "@/lib/notifications/email/render-order-email";
import type { OrderEmailKind } from "@/lib/orders/queue-order-notifications";
import type { PublicOrder } from "@/lib/orders/serialize-order";

const TRACK = "https://mail.example.test/t/trk_8f3k2m9q";
const CANCEL = "https://mail.example.test/cancel?token=cap_cancel123";
const REVIEW = "https://mail.example.test/review?token=cap_review456";
const STREET = "742 Evergreen Terrace";

function order(over: Partial<PublicOrder> = {}): PublicOrder {
  return {
    id: "ord_01hzx",
    status: "screening",
    sandbox: false,
    format: "letter",
    mail_class: "first_class",
    page_count: 3,
    color: true,
    to: { name: "Marge Simpson", city: "Springfield", state: "IL", zip: "62701" },
    price_cents: 199,
    breakdown: [
      { id: "first_page", label: "Letter, first page, printed and mailed First-Class", amount_cents: 99 },
      { id: "extra_pages", label: "2 additional pages at 15¢", amount_cents: 30 },
      { id: "color_first_page", label: "Color printing, first page", amount_cents: 30 },
      { id: "color_extra_pages", label: "Color printing, 2 additional pages", amount_cents: 20 },
      { id: "windowed_envelope", label: "Windowed envelope", amount_cents: 20 },
    ],
    tracking_number: null,
    expected_delivery_date: "2025-06-12",
    refusal_reason: null,
    failure_code: null,
    failure_reason: null,
    created_at: "2025-06-09T14:00:00.000Z",
    updated_at: "2025-06-09T14:00:00.000Z",
    ...over,
  };
}

const card = { method: "card" as const };
const credit = { method: "credit" as const, creditCode: "cc-ab12-cd34-ef56" };

function input(kind: OrderEmailKind, over: Partial<OrderEmailInput> = {}): OrderEmailInput {
  return { kind, order: order(), trackingUrl: TRACK, payment: card, ...over };
}

/** Both parts, the HTML with its tags and entities out of the way, so phrases can be matched. */
async function parts(i: OrderEmailInput) {
  const r = await renderOrderEmail(i);
  const htmlText = r.html
    .replace(/<!--.*?-->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
  const text = r.text.replace(/\s+/g, " ");
  return { ...r, htmlText, flatText: text, both: [htmlText, text] };
}

const KINDS: OrderEmailKind[] = ["receipt", "submitted", "mailed", "delivered", "refused", "failed", "canceled"];

describe("renderOrderEmail", () => {
  it.each(KINDS)("%s: a subject naming the place, a complete HTML document, the tracking link in both parts", async (kind) => {
    const r = await parts(input(kind, { order: order({ refusal_reason: "x", failure_reason: "y" }) }));
    expect(r.subject).toContain("Springfield, IL");
    expect(r.subject.startsWith("[Sandbox]")).toBe(false);
    expect(r.html).toMatch(/^<!DOCTYPE html/);
    expect(r.html).toContain('width="600"');
    expect(r.html).not.toMatch(/<img|<link|@import|<script/i);
    for (const part of r.both) expect(part).toContain(TRACK);
    expect(r.text).not.toMatch(/<[a-z]/i);
  });

  it("receipt: what, to whom, the breakdown and total, payment, tracking and cancel links, delivery date", async () => {
    const r = await parts(input("receipt", { cancelUrl: CANCEL, payment: credit }));
    expect(r.subject).toBe("We have your letter to Springfield, IL");
    for (const part of r.both) {
      expect(part).toContain("We have your letter");
      expect(part).toContain("Letter");
      expect(part).toContain("First-Class");
      expect(part).toContain("3");
      expect(part).toContain("Color");
      expect(part).toContain("Marge Simpson, Springfield, IL");
      expect(part).toContain("Windowed envelope");
      expect(part).toContain("$0.20");
      expect(part).toMatch(/Total \$1\.99/);
      expect(part).toContain("cc-••••-••••-ef56");
      expect(part).not.toContain("ab12");
      expect(part).toContain(TRACK);
      expect(part).toContain(CANCEL);
      expect(part).toContain("you can cancel until it is handed to the printer".replace(/^y/, "Y"));
      expect(part).toContain("Thursday, June 12, 2025");
      expect(part).not.toMatch(/sandbox/i);
    }
  });

  it("receipt paid by card says card, and leaves the cancel line out when there is no cancel link", async () => {
    const r = await parts(input("receipt"));
    for (const part of r.both) {
      expect(part).toMatch(/Card/);
      expect(part).not.toMatch(/cancel/i);
    }
  });

  it("sandbox: the subject prefix, and a clear word that nothing is printed or charged", async () => {
    const r = await parts(input("receipt", { order: order({ id: "ord_test_1", sandbox: true }), payment: { method: null }, cancelUrl: CANCEL }));
    expect(r.subject).toBe("[Sandbox] We have your letter to Springfield, IL");
    for (const part of r.both) {
      expect(part).toMatch(/sandbox order/i);
      expect(part).toMatch(/Nothing will be printed, mailed or charged/);
    }
    for (const kind of KINDS) {
      const s = await renderOrderEmail(input(kind, { order: order({ sandbox: true }), payment: { method: null } }));
      expect(s.subject.startsWith("[Sandbox] ")).toBe(true);
    }
  });

  it("submitted: handed to the partner, with the expected delivery date", async () => {
    const r = await parts(input("submitted"));
    expect(r.subject).toBe("Your letter to Springfield, IL has gone to the printer");
    for (const part of r.both) {
      expect(part).toMatch(/print-and-mail partner/);
      expect(part).toContain("Thursday, June 12, 2025");
    }
  });

  it("mailed: in the mail, with the tracking number", async () => {
    const r = await parts(input("mailed", { order: order({ tracking_number: "9400111899223344556677" }) }));
    expect(r.subject).toBe("Your letter to Springfield, IL is in the mail");
    for (const part of r.both) {
      expect(part).toContain("9400111899223344556677");
      expect(part).toContain("Thursday, June 12, 2025");
    }
  });

  it("delivered: a review button when there is a review link, none otherwise", async () => {
    const r = await parts(input("delivered", { reviewUrl: REVIEW }));
    expect(r.subject).toBe("Your letter to Springfield, IL was delivered");
    expect(r.html).toContain(`href="${REVIEW}"`);
    for (const part of r.both) {
      expect(part).toMatch(/How did we do\?/);
      expect(part).toContain(REVIEW);
    }
    const without = await parts(input("delivered"));
    for (const part of without.both) expect(part).not.toMatch(/review/i);
  });

  it("refused: the reason verbatim and the payment released", async () => {
    const reason = 'It threatens the recipient ("or else") & names a weapon.';
    const byCard = await parts(input("refused", { order: order({ status: "refused", refusal_reason: reason }) }));
    expect(byCard.subject).toBe("We will not mail your letter to Springfield, IL");
    for (const part of byCard.both) {
      expect(part).toContain("We will not mail this letter");
      expect(part).toContain(reason);
      expect(part).toMatch(/released the hold of \$1\.99 on your card/);
      expect(part).toMatch(/Nothing was charged/);
    }
    const byCredit = await parts(input("refused", { order: order({ refusal_reason: reason }), payment: credit }));
    for (const part of byCredit.both) expect(part).toContain("The $1.99 is back on your credit code cc-••••-••••-ef56");
  });

  it("failed: the reason and the full refund, with the card delay or the credit at once", async () => {
    const failed = order({ status: "failed", failure_code: "address_undeliverable", failure_reason: "The printer rejected the address." });
    const byCard = await parts(input("failed", { order: failed }));
    expect(byCard.subject).toMatch(/could not mail your letter to Springfield, IL/);
    for (const part of byCard.both) {
      expect(part).toContain("The printer rejected the address.");
      expect(part).toContain("refunded the full $1.99 to your card");
      expect(part).toContain("5-10 business days");
    }
    const byCredit = await parts(input("failed", { order: failed, payment: credit }));
    for (const part of byCredit.both) {
      expect(part).toContain("refunded the full $1.99 to your credit code cc-••••-••••-ef56");
      expect(part).toMatch(/right away/);
      expect(part).not.toContain("business days");
    }
  });

  it("canceled: canceled as asked, payment released", async () => {
    const r = await parts(input("canceled", { payment: credit }));
    expect(r.subject).toBe("Your letter to Springfield, IL is canceled");
    for (const part of r.both) {
      expect(part).toMatch(/As you asked, we canceled/);
      expect(part).toContain("is back on your credit code");
    }
  });

  it("postcards are called postcards", async () => {
    const r = await renderOrderEmail(input("mailed", { order: order({ format: "postcard_4x6", breakdown: [] }) }));
    expect(r.subject).toBe("Your postcard to Springfield, IL is in the mail");
  });

  it("escapes what people typed and keeps subjects on one line", async () => {
    const evil = order({
      to: { name: '<script>alert("x")</script>Bart', city: "Spring<b>field</b>\r\nBcc: a@b.c", state: "IL", zip: "62701" },
      refusal_reason: "<img src=x onerror=alert(1)>",
    });
    const r = await renderOrderEmail(input("refused", { order: evil }));
    expect(r.html).not.toContain("<script>");
    expect(r.html).not.toContain("<b>field");
    expect(r.html).not.toContain("<img");
    expect(r.html).toContain("&lt;script&gt;");
    expect(r.html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(r.subject).not.toMatch(/[\r\n]/);
    expect(r.text).toContain("<img src=x onerror=alert(1)>"); // the text part is not HTML: verbatim
  });

  it("never shows a street line, in any e-mail", async () => {
    // The public order carries no street line; an extra property smuggled in must not surface either.
    const withStreet = order({ to: { ...order().to, line1: STREET } as PublicOrder["to"] });
    for (const kind of KINDS) {
      const r = await renderOrderEmail(input(kind, { order: withStreet, cancelUrl: CANCEL, reviewUrl: REVIEW }));
      for (const part of [r.subject, r.html, r.text]) {
        expect(part).not.toContain(STREET);
        expect(part).not.toContain("line1");
        expect(part).not.toContain("Evergreen");
      }
    }
  });
});
