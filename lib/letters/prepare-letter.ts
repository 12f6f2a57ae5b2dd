import { createHash } from "node:crypto";
import { ApiError } from "@/lib/http/api-error";
import type { OrderRequest, Address } from "@/lib/letters/schemas";
import { isLetterFormat, type Handwriting } from "@/lib/letters/formats";
import { FONT_NAMES, firstUnprintableCharacter, resolveFont, type FontFamily } from "@/lib/documents/fonts";
import { normalizeLetterText, renderTextLetter } from "@/lib/documents/render-text-letter";
import { priceLetter, type Price } from "@/lib/quotes/pricing";

/** A letter as it will print and be charged: the same for its quote and its order. */
export type PreparedLetter = {
  sandbox: boolean;
  format: OrderRequest["format"];
  mailClass: OrderRequest["mail_class"];
  color: boolean;
  tracking: boolean;
  handwriting?: Handwriting;
  removeBranding: boolean;
  font: FontFamily;
  text: string;
  contentSha256: string;
  pageCount: number;
  pdf: Buffer;
  to: Address;
  from: Address;
  price: Price;
  /** What the confirmation token binds: sha256 over everything above that reaches paper or the bill. */
  fingerprint: string;
};

const sha256 = (s: string | Buffer) => createHash("sha256").update(s).digest("hex");

export async function prepareLetter(req: OrderRequest): Promise<PreparedLetter> {
  if (req.text === undefined) {
    throw new ApiError("pdf_input_unavailable");
  }
  const font = resolveFont(req.font);
  if (!font) {
    throw new ApiError("validation_error", `Invalid request body: font: \`${req.font}\` is not a font we print; use one of ${FONT_NAMES.join(", ")}.`);
  }
  const bad = firstUnprintableCharacter(req.text);
  if (bad) {
    const cp = bad.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0");
    throw new ApiError("validation_error", `Invalid request body: text: the character "${bad}" (U+${cp}) cannot be printed; the print fonts cover Western European text (Windows-1252).`);
  }
  const text = normalizeLetterText(req.text);
  const handwriting = req.format === "notecard" ? (req.handwriting ?? "script") : undefined;
  const doc = await renderTextLetter({ format: req.format, text, font, handwriting, from: req.from, to: req.to });

  const color = req.color ?? false;
  const removeBranding = req.remove_branding ?? false;
  const tracking = req.tracking ?? isLetterFormat(req.format);
  const price = priceLetter({ format: req.format, mailClass: req.mail_class, pageCount: doc.pageCount, color, handwriting, removeBranding });
  const contentSha256 = sha256(`text\0${font}\0${text}`);
  const fingerprint = sha256(
    JSON.stringify({
      v: 1,
      sandbox: req.sandbox ?? false,
      format: req.format,
      mail_class: req.mail_class,
      color,
      tracking,
      handwriting: handwriting ?? null,
      remove_branding: removeBranding,
      content: contentSha256,
      to: canonicalAddress(req.to),
      from: canonicalAddress(req.from),
      price_cents: price.priceCents,
    }),
  );
  return {
    sandbox: req.sandbox ?? false,
    format: req.format,
    mailClass: req.mail_class,
    color,
    tracking,
    handwriting,
    removeBranding,
    font,
    text,
    contentSha256,
    pageCount: doc.pageCount,
    pdf: doc.pdf,
    to: req.to,
    from: req.from,
    price,
    fingerprint,
  };
}

function canonicalAddress(a: Address) {
  return [a.name, a.line1, a.line2 ?? "", a.city, a.state, a.zip];
}
