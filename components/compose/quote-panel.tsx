import type { Quoted } from "@/components/compose/use-live-quote";
import { PriceBreakdown } from "@/components/shared/price-breakdown";
import { dollars } from "@/lib/text/dollars";
import { pages } from "@/lib/text/pages";

type Props = {
  /** The quote on screen (possibly of an earlier version of the letter). */
  quote: Quoted | null;
  /** Whether `quote` is the price of the letter as it is now. */
  fresh: boolean;
  pending: boolean;
  sandbox: boolean;
  /** What is still missing before a price can be given, in words. */
  missing: string | null;
  /** The service could not price the letter as it is (its reason is shown beside the fields). */
  blocked: boolean;
};

/**
 * The live price (the proof is in the preview, components/compose/letter-preview.tsx). Its size
 * is fixed (the table's lines are reserved), so the page does not move when a new quote arrives.
 */
export function QuotePanel({ quote, fresh, pending, sandbox, missing, blocked }: Props) {
  const status = pending
    ? "Pricing the letter…"
    : blocked
      ? "No price yet: fix what is marked in red, and the letter is priced again."
    : quote && fresh
      ? `Price ${dollars(quote.priceCents)} for ${pages(quote.pageCount)}.`
      : (missing ?? (quote ? "This price is for an earlier version of the letter." : ""));
  return (
    <section aria-labelledby="quote-heading" className="rounded-lg border border-stone-200 bg-white p-4">
      <h2 id="quote-heading" className="text-lg font-semibold">Price</h2>
      <p className="min-h-5 text-sm text-stone-600" aria-live="polite" data-testid="quote-status">{status}</p>
      {/* A price of an earlier version stays readable (no fading: contrast), marked as outdated. */}
      <div className={`mt-2 min-h-44 rounded ${quote && !fresh ? "outline-2 outline-offset-4 outline-dashed outline-stone-400" : ""}`} aria-busy={pending}>
        {quote ? (
          <>
            {/* Notes first and the table last: a line added to the price grows the table at the
                bottom of the box, and nothing under it moves. */}
            {sandbox ? <p className="mb-1 text-xs text-stone-600">Sandbox letters are free: you are not charged this amount.</p> : null}
            {quote.proof.notes.map((n) => (
              <p key={n} className="mb-1 text-xs text-amber-900">{n}</p>
            ))}
            <PriceBreakdown lines={quote.breakdown} total={{ label: `Total (${pages(quote.pageCount)})`, cents: quote.priceCents, testId: "quote-total" }} />
          </>
        ) : (
          <p className="text-sm text-stone-600">The price appears here as soon as both addresses and the letter are filled in.</p>
        )}
      </div>
    </section>
  );
}
