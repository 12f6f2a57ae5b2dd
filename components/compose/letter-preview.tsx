"use client";

import { PAPER_INCHES, type Format } from "@/lib/letters/formats";
import { everyPage } from "@/lib/text/pages";
import { ProofPages } from "@/components/shared/proof-pages";
import { EnvelopePreview } from "@/components/compose/envelope-preview";
import type { Quoted } from "@/components/compose/use-live-quote";

// What will print, beside the form: every page of the proof of the letter as last priced, and
// the outside of its envelope. It follows the live quote: a change to the letter is priced and
// drawn again, and until then the pages on screen are marked as those of the earlier version.

type Props = {
  quote: Quoted | null;
  fresh: boolean;
  pending: boolean;
  /** What is still missing before there is anything to show, in words. */
  missing: string | null;
  /** The format chosen now, for the empty page's shape. */
  format: Format;
};

function statusOf({ quote, fresh, pending, missing }: Props): string {
  if (!quote) return missing ? missing.replace("To see the price", "To see the pages") : pending ? "Drawing the pages…" : "The pages appear here once the letter is priced.";
  if (pending) return "Drawing the pages again…";
  if (!fresh) return "These pages are of an earlier version of the letter.";
  const n = quote.pageCount;
  return `${everyPage(n)}, exactly as ${n === 1 ? "it" : "they"} will print.`;
}

export function LetterPreview(props: Props) {
  const { quote, fresh, format } = props;
  const shownFormat = quote?.letter.format ?? format;
  return (
    <div className="flex flex-col gap-3" data-testid="letter-preview">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <h2 id="preview-heading" className="text-lg font-semibold">Preview</h2>
        {quote ? (
          <a className="text-sm font-medium text-blue-800 underline" href={quote.proof.pdfPath} target="_blank" rel="noopener">
            Open the proof (PDF)
          </a>
        ) : null}
      </div>
      <p className="min-h-10 text-sm text-stone-600" aria-live="polite" data-testid="preview-status">
        {statusOf(props)}
      </p>
      {quote ? (
        <>
          <ProofPages proof={{ pdf: quote.proof.pdfPath, png: quote.proof.thumbnailPath, pageCount: quote.pageCount }} format={shownFormat} of="your letter" layout="column" outdated={!fresh} />
          <EnvelopePreview format={shownFormat} from={quote.correctedFrom ?? quote.letter.from} to={quote.correctedTo ?? quote.letter.to} />
        </>
      ) : (
        <EmptyPage format={format} />
      )}
    </div>
  );
}

/** The shape of the first page, blank, so the column does not jump when the pages arrive. */
function EmptyPage({ format }: { format: Format }) {
  const [w, h] = PAPER_INCHES[format];
  return <div aria-hidden="true" className="w-full border border-dashed border-stone-300 bg-white" style={{ aspectRatio: `${w} / ${h}` }} />;
}
