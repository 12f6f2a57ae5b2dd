import { displayCity } from "@/lib/letters/display-city";
import { maskCreditCode } from "@/lib/letters/credit-code-form";
import { dollars } from "@/lib/text/dollars";
import type { OrderEmailKind } from "@/lib/orders/queue-order-notifications";
import type { PublicOrder } from "@/lib/orders/serialize-order";
import { FORMAT_LABELS, MAIL_CLASS_LABELS, type Format, type MailClass } from "@/lib/letters/formats";

export type OrderEmailInput = {
  kind: OrderEmailKind;
  order: PublicOrder;
  /** The public tracking page. */
  trackingUrl: string;
  /** Receipt only, while the order can still be canceled. */
  cancelUrl?: string;
  /** Delivered, live orders only. */
  reviewUrl?: string;
  /** method is null for sandbox orders (no charge). */
  payment: { method: "credit" | "card" | null; creditCode?: string | null };
};

/**
 * One e-mail as content, before markup: the HTML and the text part are both drawn from this,
 * so they cannot say different things.
 */
export type EmailBlock =
  | { type: "paragraph"; text: string; muted?: boolean }
  | { type: "quote"; text: string }
  | { type: "facts"; rows: Array<[label: string, value: string]> }
  | { type: "breakdown"; lines: Array<[label: string, amount: string]>; total: string }
  | { type: "button"; label: string; url: string }
  | { type: "link"; label: string; url: string };

export type EmailContent = {
  subject: string;
  /** The inbox preview line. */
  preheader: string;
  heading: string;
  sandboxNotice: string | null;
  blocks: EmailBlock[];
  footer: string[];
};

export const BRAND = "Mail a letter";

/** "2025-06-12" -> "Thursday, June 12, 2025"; anything unexpected is shown as given. */
export function formatDeliveryDate(date: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
  if (!m) return date;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  if (Number.isNaN(d.getTime())) return date;
  return d.toLocaleDateString("en-US", { weekday: "long", month: "long", day: "numeric", year: "numeric", timeZone: "UTC" });
}

function pieceNoun(format: string): string {
  if (format.startsWith("postcard_")) return "postcard";
  if (format === "notecard") return "notecard";
  return "letter";
}

const isLetter = (format: string) => format === "letter" || format === "letter_windowed";
const formatLabel = (format: string) => FORMAT_LABELS[format as Format] ?? format;
const classLabel = (mailClass: string) => MAIL_CLASS_LABELS[mailClass as MailClass] ?? mailClass;

// A subject is a header line: user text in it must not carry line breaks or control characters.
const oneLine = (s: string) => s.replace(/[\u0000-\u001f\u007f]+/g, " ").replace(/\s+/g, " ").trim();

type PaymentWords = { paidWith: string; released: string; refunded: string };

function paymentWords(input: OrderEmailInput): PaymentWords {
  const { order, payment } = input;
  const total = dollars(order.price_cents);
  if (order.sandbox) {
    const none = "This is a sandbox order: nothing was charged.";
    return { paidWith: "Nothing: sandbox orders are free.", released: none, refunded: none };
  }
  if (payment.method === "credit") {
    const code = payment.creditCode ? `your credit code ${maskCreditCode(payment.creditCode)}` : "your credit code";
    return {
      paidWith: payment.creditCode ? `Credit code ${maskCreditCode(payment.creditCode)}` : "Credit code",
      released: `The ${total} is back on ${code}, ready to spend again. Nothing was charged.`,
      refunded: `We refunded the full ${total} to ${code}. It is available to spend again right away.`,
    };
  }
  if (payment.method === "card") {
    return {
      paidWith: `Card (${total} is held on your card now and charged when the ${pieceNoun(order.format)} goes to the printer)`,
      released: `We released the hold of ${total} on your card. Nothing was charged; depending on your bank, the hold can take a few days to disappear from your statement.`,
      refunded: `We refunded the full ${total} to your card. A card refund can take 5-10 business days to appear on your statement.`,
    };
  }
  return {
    paidWith: "Not recorded",
    released: "Any payment for this order is released. Nothing was charged.",
    refunded: `The full ${total} is refunded.`,
  };
}

export function composeOrderEmail(input: OrderEmailInput): EmailContent {
  const { kind, order, trackingUrl, cancelUrl, reviewUrl } = input;
  const noun = pieceNoun(order.format);
  const place = `${displayCity(order.to.city)}, ${order.to.state}`;
  const toWhom = `${order.to.name} in ${place}`;
  const pay = paymentWords(input);
  const delivery = order.expected_delivery_date ? formatDeliveryDate(order.expected_delivery_date) : null;
  const track: EmailBlock = { type: "button", label: `Track your ${noun}`, url: trackingUrl };
  const trackLink: EmailBlock = { type: "link", label: `Tracking page`, url: trackingUrl };
  const deliveryFact: Array<[string, string]> = delivery ? [["Expected delivery", delivery]] : [];

  let subject: string;
  let heading: string;
  let preheader: string;
  let blocks: EmailBlock[];

  switch (kind) {
    case "receipt": {
      subject = `We have your ${noun} to ${place}`;
      heading = `We have your ${noun}`;
      preheader = `${dollars(order.price_cents)} · ${formatLabel(order.format)} to ${place}`;
      const what: Array<[string, string]> = [
        ["What", formatLabel(order.format)],
        ["Mail class", classLabel(order.mail_class)],
      ];
      if (isLetter(order.format)) {
        what.push(["Pages", String(order.page_count)], ["Printing", order.color ? "Color" : "Black and white"]);
      }
      blocks = [
        { type: "paragraph", text: `Thank you. Your ${noun} to ${toWhom} is with us. We check it, then hand it to our print-and-mail partner, who prints it and puts it in the mail.` },
        { type: "facts", rows: [...what, ["To", `${order.to.name}, ${place}`], ...deliveryFact, ["Order", order.id]] },
        { type: "breakdown", lines: order.breakdown.map((l) => [l.label, dollars(l.amount_cents)]), total: dollars(order.price_cents) },
        { type: "facts", rows: [["Paid with", pay.paidWith]] },
        track,
      ];
      if (cancelUrl) {
        blocks.push(
          { type: "paragraph", text: `Changed your mind? You can cancel until it is handed to the printer.` },
          { type: "link", label: `Cancel this ${noun}`, url: cancelUrl },
        );
      }
      break;
    }
    case "submitted":
      subject = `Your ${noun} to ${place} has gone to the printer`;
      heading = `Your ${noun} has gone to the printer`;
      preheader = delivery ? `Expected delivery: ${delivery}` : `Handed to our print-and-mail partner`;
      blocks = [
        { type: "paragraph", text: `We handed your ${noun} to ${toWhom} to our print-and-mail partner. It will be printed and mailed ${classLabel(order.mail_class)}; it can no longer be canceled.` },
        { type: "facts", rows: [...deliveryFact, ["Order", order.id]] },
        track,
      ];
      break;
    case "mailed":
      subject = `Your ${noun} to ${place} is in the mail`;
      heading = `Your ${noun} is in the mail`;
      preheader = delivery ? `Expected delivery: ${delivery}` : `It is on its way to ${place}`;
      blocks = [
        { type: "paragraph", text: `Your ${noun} to ${toWhom} is printed and in the mail stream.` },
        { type: "facts", rows: [...(order.tracking_number ? [["Tracking number", order.tracking_number] as [string, string]] : []), ...deliveryFact, ["Order", order.id]] },
        track,
      ];
      break;
    case "delivered":
      subject = `Your ${noun} to ${place} was delivered`;
      heading = `Your ${noun} was delivered`;
      preheader = `It arrived in ${place}`;
      blocks = [{ type: "paragraph", text: `The postal service reports your ${noun} to ${toWhom} as delivered.` }];
      if (reviewUrl) {
        blocks.push(
          { type: "paragraph", text: `How did we do? A line or two takes a minute, helps other people decide, and tells us what to do better.` },
          { type: "button", label: "Leave a review", url: reviewUrl },
        );
      }
      blocks.push({ type: "facts", rows: [["Order", order.id]] }, trackLink);
      break;
    case "refused":
      subject = `We will not mail your ${noun} to ${place}`;
      heading = `We will not mail this ${noun}`;
      preheader = `Nothing was charged`;
      blocks = [
        { type: "paragraph", text: `We checked your ${noun} to ${toWhom} before printing, and we will not mail it. The reason:` },
        { type: "quote", text: order.refusal_reason ?? "No reason was recorded." },
        { type: "paragraph", text: pay.released },
        { type: "facts", rows: [["Order", order.id]] },
        trackLink,
      ];
      break;
    case "failed":
      subject = `We could not mail your ${noun} to ${place}${order.sandbox ? "" : "; you are refunded"}`;
      heading = `We could not mail your ${noun}`;
      preheader = order.sandbox ? `Sandbox order: nothing was charged` : `The full ${dollars(order.price_cents)} is refunded`;
      blocks = [
        { type: "paragraph", text: `Something went wrong after your ${noun} to ${toWhom} left us, and it was not mailed. We are sorry.` },
        ...(order.failure_reason ? [{ type: "quote", text: order.failure_reason } as EmailBlock] : []),
        { type: "paragraph", text: pay.refunded },
        { type: "facts", rows: [["Order", order.id]] },
        trackLink,
      ];
      break;
    case "canceled":
      subject = `Your ${noun} to ${place} is canceled`;
      heading = `Your ${noun} is canceled`;
      preheader = `It will not be printed or mailed`;
      blocks = [
        { type: "paragraph", text: `As you asked, we canceled your ${noun} to ${toWhom}. It will not be printed or mailed.` },
        { type: "paragraph", text: pay.released },
        { type: "facts", rows: [["Order", order.id]] },
        trackLink,
      ];
      break;
  }

  return {
    subject: oneLine(`${order.sandbox ? "[Sandbox] " : ""}${subject}`),
    preheader,
    heading,
    sandboxNotice: order.sandbox
      ? `Sandbox order: this ${noun} is a test. Nothing will be printed, mailed or charged; it goes through the same steps as a real ${noun} so you can see them.`
      : null,
    blocks,
    footer: [
      `You get this e-mail because this address was given when the ${noun} was sent. Order ${order.id}.`,
      `${BRAND} · real letters and postcards to US addresses`,
    ],
  };
}
