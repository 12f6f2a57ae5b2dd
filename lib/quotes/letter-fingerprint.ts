import { createHash } from "node:crypto";
import type { Address, OrderRequest } from "@/lib/letters/schemas";
import { isLetterFormat } from "@/lib/letters/formats";
import { normalizeLetterText } from "@/lib/documents/render-text-letter";

const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");

/**
 * What a confirmation token binds (spec 4.1 rule 2): everything in the request that reaches
 * paper or the bill: both addresses as sent, the content, format, class, options and sandbox.
 * It is computed from the request alone, so an order is checked against its quote without
 * fetching, verifying or laying anything out again; the order then prints the quote's proof at
 * the quote's price. Content is named by its text, its bytes (pdf_base64), its one-shot
 * upload_key, or its pdf_url (whose bytes were fetched once, at quote time, into the proof).
 */
export function letterFingerprint(req: OrderRequest): string {
  return sha256(
    JSON.stringify({
      v: 2,
      sandbox: req.sandbox ?? false,
      format: req.format,
      mail_class: req.mail_class,
      color: req.color ?? false,
      tracking: req.tracking ?? isLetterFormat(req.format),
      handwriting: req.format === "notecard" ? (req.handwriting ?? "script") : null,
      remove_branding: req.remove_branding ?? false,
      content: contentIdentity(req),
      to: canonicalAddress(req.to),
      from: canonicalAddress(req.from),
    }),
  );
}

function contentIdentity(req: OrderRequest): string {
  if (req.text !== undefined) return `text:${sha256(`${(req.font ?? "").trim().toLowerCase()}\0${normalizeLetterText(req.text)}`)}`;
  if (req.pdf_base64 !== undefined) return `pdf_base64:${sha256(req.pdf_base64.replace(/\s+/g, ""))}`;
  if (req.upload_key !== undefined) return `upload:${req.upload_key}`;
  return `pdf_url:${req.pdf_url}`;
}

// As sent (the schema has trimmed them): the order prints the quote's standardized address,
// and the token confirms exactly the request that was quoted, case included.
function canonicalAddress(a: Address) {
  return [a.name, a.line1, a.line2 ?? "", a.city, a.state, a.zip];
}
