import type { OrderRequest, Address } from "@/lib/letters/schemas";
import { isLetterFormat, type Handwriting } from "@/lib/letters/formats";
import { letterFingerprint } from "@/lib/quotes/letter-fingerprint";
import { buildLetterDocument, type LetterDocument } from "@/lib/documents/letter-document";
import type { AddressVerification } from "@/lib/addresses/address-verifier";
import { verifyLetterAddresses } from "@/lib/addresses/verify-letter-addresses";
import { priceLetter, type Price } from "@/lib/quotes/pricing";

/**
 * A letter as it will print and be charged, prepared once when it is quoted: both addresses
 * verified and standardized, the content turned into the PDF that prints, the price. The order
 * made from the quote prints exactly this.
 */
export type PreparedLetter = {
  sandbox: boolean;
  format: OrderRequest["format"];
  mailClass: OrderRequest["mail_class"];
  color: boolean;
  tracking: boolean;
  handwriting?: Handwriting;
  removeBranding: boolean;
  /** The addresses as they will print: standardized by the verifier. */
  to: Address;
  from: Address;
  verification: { to: AddressVerification; from: AddressVerification };
  document: LetterDocument;
  price: Price;
  /** What the confirmation token binds (see letterFingerprint). */
  fingerprint: string;
};

export async function prepareLetter(req: OrderRequest): Promise<PreparedLetter> {
  const verification = await verifyLetterAddresses(req.to, req.from);
  const to = verification.to.standardized;
  const from = verification.from.standardized;
  const handwriting = req.format === "notecard" ? (req.handwriting ?? "script") : undefined;
  const document = await buildLetterDocument(req, to, from, handwriting);

  const color = req.color ?? false;
  const removeBranding = req.remove_branding ?? false;
  const price = priceLetter({ format: req.format, mailClass: req.mail_class, pageCount: document.pageCount, color, handwriting, removeBranding });
  return {
    sandbox: req.sandbox ?? false,
    format: req.format,
    mailClass: req.mail_class,
    color,
    tracking: req.tracking ?? isLetterFormat(req.format),
    handwriting,
    removeBranding,
    to,
    from,
    verification,
    document,
    price,
    fingerprint: letterFingerprint(req),
  };
}

/** What a quote keeps of its letter so that its order can be made without preparing it again. */
export type LetterSnapshot = Omit<PreparedLetter, "document" | "price" | "fingerprint" | "sandbox" | "format" | "mailClass"> & {
  contentKind: LetterDocument["contentKind"];
  contentSource: string;
  contentSha256: string;
  text: string | null;
  font: string | null;
};

export function snapshotOf(letter: PreparedLetter): LetterSnapshot {
  const { document: d } = letter;
  return {
    color: letter.color,
    tracking: letter.tracking,
    handwriting: letter.handwriting,
    removeBranding: letter.removeBranding,
    to: letter.to,
    from: letter.from,
    verification: letter.verification,
    contentKind: d.contentKind,
    contentSource: d.contentSource,
    contentSha256: d.contentSha256,
    text: d.text,
    font: d.font,
  };
}
