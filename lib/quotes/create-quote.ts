import type { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/db";
import { newQuoteId } from "@/lib/ids";
import type { QuoteRequest } from "@/lib/letters/schemas";
import { publicAddress } from "@/lib/letters/public-address";
import { prepareLetter, snapshotOf } from "@/lib/quotes/prepare-letter";
import { saveProof } from "@/lib/documents/proofs";
import { CONFIRMATION_TTL_MS, issueConfirmationToken } from "@/lib/quotes/confirmation-token";
import type { Caller } from "@/lib/auth/caller";
import { noRailReason } from "@/lib/fulfillment/carrier-from-env";

/**
 * Prices a letter for free: verifies both addresses, makes the PDF that will print (the
 * proof, saved with the quote), and records the quote its single-use confirmation token names.
 */
export async function createQuote(req: QuoteRequest, caller: Caller) {
  const letter = await prepareLetter(req);
  const proof = await saveProof(letter.document.pdf, letter.document.pageCount, letter.document.notes);
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
      pageCount: letter.document.pageCount,
      apiKeyId: caller.key?.id ?? null,
      proofId: proof.id,
      letter: snapshotOf(letter) as unknown as Prisma.InputJsonValue,
      expiresAt,
    },
  });
  const { to, from } = letter.verification;
  // Priced all the same (the price does not depend on the carrier), but said up front.
  const noRail = noRailReason(letter.sandbox, letter.format, letter.mailClass);
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
    proof,
    confirmation_token: issueConfirmationToken(quote.id),
    ...(to.changed ? { corrected_to: publicAddress(to.standardized) } : {}),
    ...(from.changed ? { corrected_from: publicAddress(from.standardized) } : {}),
    next: [
      ...(noRail ? [`This letter cannot be sent live on this deployment: ${noRail} An order would be refused with 503 no_rail_for_format; choose another format or class, or send it in sandbox.`] : []),
      "Check the proof (proof.pdf_url): it is the exact PDF that will print.",
      "Send POST /v1/orders with this letter unchanged and confirmation_token, within 30 minutes.",
      ...(to.changed || from.changed ? ["The addresses print as corrected (corrected_to / corrected_from); sending the letter as you quoted it is fine."] : []),
    ],
  };
}
