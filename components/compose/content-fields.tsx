"use client";

import { isLetterFormat } from "@/lib/letters/formats";
import { PRICES } from "@/lib/quotes/pricing";
import { dollars } from "@/lib/text/dollars";
import { FieldError } from "@/components/ui/field-error";
import { PdfUpload } from "@/components/compose/pdf-upload";
import { penHand, scriptHand } from "@/components/compose/handwriting-fonts";
import type { Draft } from "@/components/compose/draft";
import { pages } from "@/lib/text/pages";

type Props = {
  draft: Draft;
  update: <K extends keyof Draft>(field: K, value: Draft[K]) => void;
  pageCount: number | null;
  error?: string;
  next?: string[];
};

const RADIO_ROW = "flex items-start gap-2 rounded border border-stone-300 bg-white p-2 has-checked:border-blue-700 has-checked:bg-blue-50";

export function ContentFields({ draft, update, pageCount, error, next }: Props) {
  const letter = isLetterFormat(draft.format);
  const pdf = letter && draft.content === "pdf";
  return (
    <section aria-labelledby="content-heading" className="flex flex-col gap-3">
      <h2 id="content-heading" className="text-lg font-semibold">What it says</h2>
      {letter ? (
        <fieldset className="flex flex-wrap gap-2 text-sm">
          <legend className="sr-only">How do you give the letter?</legend>
          <label className={RADIO_ROW}>
            <input type="radio" name="content" value="text" checked={!pdf} onChange={() => update("content", "text")} className="mt-0.5" />
            <span>Write it here</span>
          </label>
          <label className={RADIO_ROW}>
            <input type="radio" name="content" value="pdf" checked={pdf} onChange={() => update("content", "pdf")} className="mt-0.5" />
            <span>Upload a PDF</span>
          </label>
        </fieldset>
      ) : null}

      {pdf ? (
        <PdfUpload upload={draft.upload} onUploaded={(u) => update("upload", u)} apiError={error} apiNext={next} />
      ) : (
        <div className="flex flex-col gap-1 text-sm">
          <label htmlFor="letter-text" className="font-semibold">{letter ? "Your letter" : "Your message"}</label>
          <textarea
            id="letter-text"
            name="text"
            required
            maxLength={50000}
            rows={letter ? 12 : 6}
            className="rounded border border-stone-400 bg-white p-2 font-serif focus:outline-2 focus:outline-blue-600 aria-invalid:border-red-700"
            value={draft.text}
            onChange={(e) => update("text", e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "letter-text-count letter-text-error" : "letter-text-count"}
          />
          <p id="letter-text-count" className="flex flex-wrap justify-between gap-2 text-xs text-stone-600">
            <span>{draft.text.length.toLocaleString("en-US")} / 50,000 characters</span>
            <span data-testid="page-count">{pageCount === null ? "Pages: counted once it is priced" : `${pages(pageCount)} as it will print`}</span>
          </p>
          <FieldError id="letter-text-error" message={error} next={next} />
        </div>
      )}

      {draft.format === "notecard" ? (
        <fieldset className="flex flex-col gap-2 text-sm">
          <legend className="mb-1 font-semibold">Handwriting</legend>
          <label className={RADIO_ROW}>
            <input type="radio" name="handwriting" value="script" checked={draft.handwriting === "script"} onChange={() => update("handwriting", "script")} className="mt-0.5" />
            <span className="flex flex-col gap-0.5">
              <span>Script: a flowing script typeface, in dark ink (included)</span>
              <span aria-hidden="true" data-testid="script-sample" className={`${scriptHand.className} text-2xl leading-tight text-[#1f2233]`}>
                Thank you for everything!
              </span>
            </span>
          </label>
          <label className={RADIO_ROW}>
            <input type="radio" name="handwriting" value="pen" checked={draft.handwriting === "pen"} onChange={() => update("handwriting", "pen")} className="mt-0.5" />
            <span className="flex flex-col gap-0.5">
              <span>Pen: a handwriting typeface, every letter drawn a little differently, in blue ink (+{dollars(PRICES.notecardPen)})</span>
              <span aria-hidden="true" data-testid="pen-sample" className={`${penHand.className} text-2xl leading-tight text-[#1f3f8f]`}>
                <PenSample text="Thank you for everything!" />
              </span>
            </span>
          </label>
          <p className="text-xs text-stone-600">The proof shows your card in the hand you choose, exactly as it will print.</p>
        </fieldset>
      ) : null}
    </section>
  );
}

/** The pen's unevenness, suggested: each letter a little off the line and turned, as on the card (fixed here, seeded there). */
function PenSample({ text }: { text: string }) {
  return (
    <>
      {[...text].map((ch, i) => (
        <span key={i} className="inline-block whitespace-pre" style={{ transform: `translateY(${((i * 7) % 5) - 2}%) rotate(${((i * 11) % 7) - 3}deg)` }}>
          {ch}
        </span>
      ))}
    </>
  );
}
