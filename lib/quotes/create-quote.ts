import { db } from "@/lib/db";
import { newQuoteId } from "@/lib/ids";
import type { QuoteRequest } from "@/lib/letters/schemas";
import { prepareLetter } from "@/lib/letters/prepare-letter";
import { CONFIRMATION_TTL_MS, issueConfirmationToken } from "@/lib/quotes/confirmation-token";
import type { Caller } from "@/lib/http/define-route";

/** Prices a letter for free and records the quote its single-use confirmation token names. */
export async function createQuote(req: QuoteRequest, caller: Caller) {
  const letter = await prepareLetter(req);
  const expiresAt = new Date(Date.now() + CONFIRMATION_TTL_MS);
  const quote = await db().quote.create({
    data: {
      id: newQuoteId(),
      fingerprint: letter.fingerprint,
      sandbox: letter.sandbox,
      format: letter.format,
      mailClass: letter.mailClass,
      priceCents: letter.price.priceCents,
      breakdown: letter.price.breakdown,
      pageCount: letter.pageCount,
      apiKeyId: caller.key?.id ?? null,
      expiresAt,
    },
  });
  return {
    status: "ok" as const,
    quote: {
      id: quote.id,
      price_cents: quote.priceCents,
      breakdown: letter.price.breakdown,
      page_count: quote.pageCount,
      format: quote.format,
      mail_class: quote.mailClass,
      sandbox: quote.sandbox,
      expires_at: expiresAt.toISOString(),
    },
    confirmation_token: issueConfirmationToken(quote.id),
    next: ["Send POST /v1/orders with this letter unchanged and confirmation_token, within 30 minutes."],
  };
}
