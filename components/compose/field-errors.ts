import type { Envelope } from "@/components/compose/api";

// Which form field an API error is about, so the reason is shown next to it. Validation errors
// name their fields (`to.zip: zip must be …`), undeliverable addresses too (`… as entered:
// to.state NY does not match …`); document and credit errors are about one field by their code.
// The reason is still prose: it is only shown, never interpreted beyond finding the field.

export type FieldKey = `${"to" | "from"}.${"name" | "line1" | "line2" | "city" | "state" | "zip"}` | "content" | "credit_code" | "email" | "mail_class";

const CODE_FIELDS: Record<string, FieldKey> = {
  invalid_pdf: "content",
  empty_document: "content",
  pdf_fetch_failed: "content",
  page_limit_exceeded: "content",
  content_too_long: "content",
  upload_not_found: "content",
  credit_code_unknown: "credit_code",
  insufficient_credit: "credit_code",
  sandbox_credit_code: "credit_code",
  credit_not_found: "credit_code",
};

const TOKEN = /(^|[:;.]\s+)((?:to|from)\.(?:name|line1|line2|city|state|zip)|text|upload_key|email|credit_code|mail_class)(?=[:\s])/g;

const tokenField = (token: string): FieldKey =>
  token === "text" || token === "upload_key" ? "content" : (token as FieldKey);

/** The part of the reason that concerns each field it names. */
export function fieldErrors(error: Envelope | null): Partial<Record<FieldKey, string>> {
  if (!error?.reason) return {};
  const out: Partial<Record<FieldKey, string>> = {};
  const byCode = error.code ? CODE_FIELDS[error.code] : undefined;
  if (byCode) out[byCode] = error.reason;
  const reason = error.reason;
  const hits = [...reason.matchAll(TOKEN)].map((m) => ({ field: tokenField(m[2]), start: m.index + m[1].length }));
  hits.forEach((hit, i) => {
    let part = reason.slice(hit.start, i + 1 < hits.length ? hits[i + 1].start : undefined);
    // The end of its sentence (not an abbreviation such as "e.g. NY").
    const sentenceEnd = /\.\s+(?=[A-Z][a-z]+\s)/.exec(part);
    if (sentenceEnd) part = part.slice(0, sentenceEnd.index + 1);
    part = part.replace(/[;:,\s]+$/, "").replace(/([^.])$/, "$1.");
    if (!out[hit.field]) out[hit.field] = part;
  });
  return out;
}
