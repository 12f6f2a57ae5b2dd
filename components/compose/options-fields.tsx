"use client";

import { isLetterFormat } from "@/lib/letters/formats";
import { PRICES, printsBrandMark } from "@/lib/quotes/pricing";
import { dollars } from "@/lib/text/dollars";
import { effectiveClass, type Draft } from "@/components/compose/draft";

type Props = { draft: Draft; update: <K extends keyof Draft>(field: K, value: Draft[K]) => void };

export function OptionsFields({ draft, update }: Props) {
  const letter = isLetterFormat(draft.format);
  const mark = printsBrandMark(draft.format, effectiveClass(draft));
  return (
    <fieldset className="flex flex-col gap-2 text-sm">
      <legend className="mb-1 text-lg font-semibold">Options</legend>
      <label className={`flex items-start gap-2 ${letter ? "" : "opacity-60"}`}>
        <input type="checkbox" name="color" checked={letter && draft.color} disabled={!letter} onChange={(e) => update("color", e.target.checked)} className="mt-1" aria-describedby="color-about" />
        <span>
          Print in color
          <span id="color-about" className="block text-xs text-stone-600">
            {letter
              ? `+${dollars(PRICES.colorFirstPage)} for the first page, +${dollars(PRICES.colorExtraPage)} for each further page. Black and white otherwise.`
              : "Postcards and notecards are always printed as they are priced."}
          </span>
        </span>
      </label>
      <label className={`flex items-start gap-2 ${mark ? "" : "opacity-60"}`}>
        <input type="checkbox" name="remove_branding" checked={mark && draft.removeBranding} disabled={!mark} onChange={(e) => update("removeBranding", e.target.checked)} className="mt-1" aria-describedby="branding-about" />
        <span>
          Leave our mark off the envelope
          <span id="branding-about" className="block text-xs text-stone-600">
            {mark ? `+${dollars(PRICES.removeBranding)}.` : "Nothing to remove: this format and class carry no mark of ours."}
          </span>
        </span>
      </label>
    </fieldset>
  );
}
