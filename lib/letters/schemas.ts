import { z } from "zod";
import { FORMATS, HANDWRITING, MAIL_CLASSES, MAX_LETTER_PAGES, isLetterFormat } from "@/lib/letters/formats";
import { US_STATE_CODES } from "@/lib/letters/us-states";
import { PRINTABLE_SCRIPTS, firstUnprintableCharacter } from "@/lib/letters/fonts";
import { CREDIT_CODE_FORM } from "@/lib/letters/credit-code-form";
import { ORDER_ID_FORM } from "@/lib/letters/order-ids";

// Request schemas of POST /v1/orders and POST /v1/quotes (spec 2.1, 4.1). Optional fields
// accept null as "absent": many JSON clients send nulls for fields they do not use.

// Address lines print on the letter, so they must be one line of characters the print fonts
// have (a NUL would also be refused by PostgreSQL).
const text = (label: string, min: number, max: number) =>
  z
    .string({ error: `${label} must be a string` })
    .trim()
    .min(min, { error: min === 1 ? `${label} is required and cannot be blank` : `${label} must be at least ${min} characters` })
    .max(max, { error: `${label} must be at most ${max} characters` })
    .superRefine((value, ctx) => {
      const bad = [...value].find((ch) => ch < " " || ch === "\x7f") ?? firstUnprintableCharacter(value);
      if (bad) {
        const cp = bad.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0");
        ctx.addIssue({ code: "custom", message: `${label} contains U+${cp}, which cannot be printed on one address line; addresses print ${PRINTABLE_SCRIPTS}` });
      }
    });

export const AddressSchema = z.strictObject({
  name: text("name", 1, 80),
  line1: text("line1", 1, 120),
  line2: text("line2", 0, 120).nullish().transform((v) => (v ? v : undefined)),
  city: text("city", 1, 80),
  state: z
    .string({ error: "state must be a string" })
    .trim()
    .length(2, { error: "state must be exactly 2 letters, e.g. NY" })
    .transform((s) => s.toUpperCase())
    .refine((s) => US_STATE_CODES.has(s), { error: "state must be a USPS state, territory or military code (e.g. NY, PR, AE)" }),
  zip: z
    .string({ error: "zip must be a string" })
    .trim()
    .regex(/^\d{5}(-\d{4})?$/, { error: "zip must be five digits, optionally followed by a hyphen and four digits (12345 or 12345-6789)" }),
  country: z.literal("US", { error: "country may only be US" }).nullish().transform(() => "US" as const),
});
export type Address = z.output<typeof AddressSchema>;

const optional = <T extends z.ZodType>(schema: T) => schema.nullish().transform((v) => v ?? undefined);

export const UPLOAD_KEY_FORM = /^up_[0-9a-f]{32}\.pdf$/;

export const letterFields = {
  mail_class: z.enum(MAIL_CLASSES, { error: `mail_class must be one of ${MAIL_CLASSES.join(", ")}` }),
  to: AddressSchema,
  from: AddressSchema,
  color: optional(z.boolean({ error: "color must be true or false" })),
  tracking: optional(z.boolean({ error: "tracking must be true or false" })),
  text: optional(z.string({ error: "text must be a string" }).max(50_000, { error: "text must be at most 50000 characters" })),
  font: optional(z.string({ error: "font must be a string" }).max(40, { error: "font must be at most 40 characters" })),
  upload_key: optional(z.string().regex(UPLOAD_KEY_FORM, { error: "upload_key must be up_ followed by 32 lowercase hex digits and .pdf" })),
  pdf_base64: optional(z.string({ error: "pdf_base64 must be a string" }).max(14_000_000, { error: "pdf_base64 must be at most 14000000 characters" })),
  pdf_url: optional(z.url({ protocol: /^https?$/, error: "pdf_url must be an http or https URL" })),
  email: optional(z.email({ error: "email must be an e-mail address" }).max(254)),
  credit_code: optional(z.string().regex(CREDIT_CODE_FORM, { error: "credit_code must look like cc-xxxx-xxxx-xxxx" }).transform((s) => s.toLowerCase())),
  account_session: optional(z.string().max(2000, { error: "account_session must be at most 2000 characters" })),
  webhook_url: optional(z.url({ protocol: /^https?$/, error: "webhook_url must be an http or https URL" }).max(2000)),
  sandbox: optional(z.boolean({ error: "sandbox must be true or false" })),
  format: z
    .enum(FORMATS, { error: `format must be one of ${FORMATS.join(", ")}` })
    .nullish()
    .transform((v) => v ?? "letter"),
  handwriting: optional(z.enum(HANDWRITING, { error: "handwriting must be script or pen" })),
  remove_branding: optional(z.boolean({ error: "remove_branding must be true or false" })),
  confirmation_token: optional(z.string().max(2000, { error: "confirmation_token must be at most 2000 characters" })),
  checkout_ui_mode: optional(z.enum(["hosted", "embedded"], { error: "checkout_ui_mode must be hosted or embedded" })),
};

type LetterInput = z.output<z.ZodObject<typeof letterFields>>;

/** The cross-field rules of spec 1 and 4.1 that no single field can check. */
export function checkLetterRules(v: LetterInput, ctx: z.RefinementCtx) {
  const given = (["text", "upload_key", "pdf_base64", "pdf_url"] as const).filter((k) => v[k] !== undefined);
  if (given.length !== 1) {
    ctx.addIssue({
      code: "custom",
      path: [],
      message: given.length === 0
        ? "give the content as exactly one of text, upload_key, pdf_base64 or pdf_url"
        : `give exactly one of text, upload_key, pdf_base64 or pdf_url, not ${given.join(" and ")}`,
    });
  }
  if (!isLetterFormat(v.format)) {
    if (v.mail_class !== "first_class") {
      ctx.addIssue({ code: "custom", path: ["mail_class"], message: `${v.format} is mailed first_class only` });
    }
    if (given.some((k) => k !== "text")) {
      ctx.addIssue({ code: "custom", path: [given.find((k) => k !== "text")!], message: `${v.format} is message-only: send the message as text (no PDF or upload)` });
    }
    if (v.tracking === true) {
      ctx.addIssue({ code: "custom", path: ["tracking"], message: `${v.format} carries no tracking; omit tracking or send a letter` });
    }
  }
  if (v.handwriting !== undefined && v.format !== "notecard") {
    ctx.addIssue({ code: "custom", path: ["handwriting"], message: "handwriting applies to notecards only" });
  }
}

export const OrderRequestSchema = z.strictObject(letterFields).superRefine(checkLetterRules);
export type OrderRequest = z.output<typeof OrderRequestSchema>;

/** A quote takes the order body; its payment fields are accepted and ignored (DESIGN §3). */
export const QuoteRequestSchema = OrderRequestSchema;
export type QuoteRequest = OrderRequest;

export const OrderIdParamsSchema = z.object({
  id: z.string().regex(ORDER_ID_FORM, { error: "id must be an order id (ord_… or ord_test_…)" }),
});

/** GET /v1/proofs/{file}?page=N: which page a proof's PNG shows (1 unless given; at most the letter's pages). */
export const ProofQuerySchema = z.strictObject({
  page: z.coerce
    .number({ error: `page must be a whole number from 1 to ${MAX_LETTER_PAGES}` })
    .int({ error: `page must be a whole number from 1 to ${MAX_LETTER_PAGES}` })
    .min(1, { error: `page must be a whole number from 1 to ${MAX_LETTER_PAGES}` })
    .max(MAX_LETTER_PAGES, { error: `page must be a whole number from 1 to ${MAX_LETTER_PAGES}` })
    .default(1),
});
