import type { Format, Handwriting, MailClass } from "@/lib/letters/formats";
import { FORMAT_LABELS, MAIL_CLASS_LABELS, isLetterFormat } from "@/lib/letters/formats";

// Every price of the service, in cents, in one table. The spec states the postcard and
// notecard prices and the 99-cent first-class one-page letter; DESIGN.md §3 fixes the rest.
export const PRICES = {
  letterFirstPage: 99,
  letterExtraPage: 15,
  colorFirstPage: 30,
  colorExtraPage: 10,
  windowedEnvelope: 10,
  removeBranding: 49,
  notecard: 199,
  notecardPen: 100,
  postcard_4x6: 99,
  postcard_6x9: 299,
  postcard_6x11: 349,
  classSurcharge: { first_class: 0, certified: 549, certified_err: 799, priority: 999 } satisfies Record<MailClass, number>,
} as const;

export type PriceInput = {
  format: Format;
  mailClass: MailClass;
  pageCount: number;
  color: boolean;
  handwriting?: Handwriting;
  removeBranding: boolean;
};

export type BreakdownLine = { id: string; label: string; amount_cents: number };
export type Price = { priceCents: number; breakdown: BreakdownLine[] };

/** Whether the envelope would carry our mark, and so whether removing it is charged. */
export function printsBrandMark(format: Format, mailClass: MailClass): boolean {
  if (format.startsWith("postcard_")) return false;
  return mailClass === "first_class";
}

export function priceLetter(input: PriceInput): Price {
  const lines: BreakdownLine[] = [];
  const add = (id: string, label: string, amount: number) => {
    if (amount > 0) lines.push({ id, label, amount_cents: amount });
  };
  const { format, mailClass, pageCount, color } = input;

  if (isLetterFormat(format)) {
    add("first_page", `${FORMAT_LABELS[format]}, first page, printed and mailed First-Class`, PRICES.letterFirstPage);
    const extra = Math.max(0, pageCount - 1);
    add("extra_pages", `${extra} additional page${extra === 1 ? "" : "s"} at ${PRICES.letterExtraPage}¢`, extra * PRICES.letterExtraPage);
    if (color) {
      add("color_first_page", "Color printing, first page", PRICES.colorFirstPage);
      add("color_extra_pages", `Color printing, ${extra} additional page${extra === 1 ? "" : "s"}`, extra * PRICES.colorExtraPage);
    }
    if (format === "letter_windowed") add("windowed_envelope", "Windowed envelope", PRICES.windowedEnvelope);
    add(`class_${mailClass}`, `${MAIL_CLASS_LABELS[mailClass]} mail`, PRICES.classSurcharge[mailClass]);
  } else if (format === "notecard") {
    add("notecard", "Notecard, printed and mailed First-Class", PRICES.notecard);
    if (input.handwriting === "pen") add("handwriting_pen", "Pen handwriting", PRICES.notecardPen);
  } else {
    add(format, `${FORMAT_LABELS[format]}, printed and mailed First-Class`, PRICES[format]);
  }
  if (input.removeBranding && printsBrandMark(format, mailClass)) {
    add("remove_branding", "No service mark on the envelope", PRICES.removeBranding);
  }
  const priceCents = lines.reduce((sum, l) => sum + l.amount_cents, 0);
  return { priceCents, breakdown: lines };
}
