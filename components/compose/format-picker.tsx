"use client";

import { FORMATS, FORMAT_LABELS, type Format } from "@/lib/letters/formats";
import { PRICES } from "@/lib/quotes/pricing";
import { dollars } from "@/lib/text/dollars";
import { FormatIllustration } from "@/components/compose/format-illustrations";
import { penHand, scriptHand } from "@/components/compose/handwriting-fonts";

const ABOUT: Record<Format, React.ReactNode> = {
  letter: `From ${dollars(PRICES.letterFirstPage)}. Up to 60 pages, any mail class; text or your PDF.`,
  letter_windowed: `From ${dollars(PRICES.letterFirstPage + PRICES.windowedEnvelope)}. The address shows through the envelope window.`,
  notecard: (
    <>
      {dollars(PRICES.notecard)} in <span className={`${scriptHand.className} text-base text-stone-900`}>script</span>, or {dollars(PRICES.notecard + PRICES.notecardPen)} in{" "}
      <span className={`${penHand.className} text-base text-[#1f3f8f]`}>pen handwriting</span>. A folded card in an envelope.
    </>
  ),
  postcard_4x6: `${dollars(PRICES.postcard_4x6)}. A short message, First-Class, no envelope.`,
  postcard_6x9: `${dollars(PRICES.postcard_6x9)}. Room for a longer message.`,
  postcard_6x11: `${dollars(PRICES.postcard_6x11)}. The largest postcard.`,
};

export function FormatPicker({ value, onChange }: { value: Format; onChange: (f: Format) => void }) {
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-semibold">What are you sending?</legend>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        {FORMATS.map((f) => (
          <label
            key={f}
            className="relative flex cursor-pointer flex-col items-center gap-1 rounded-lg border border-stone-300 bg-white p-2 text-center text-sm has-checked:border-blue-700 has-checked:bg-blue-50 has-checked:ring-2 has-checked:ring-blue-700 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-blue-700"
          >
            <input
              type="radio"
              name="format"
              value={f}
              checked={value === f}
              onChange={() => onChange(f)}
              aria-labelledby={`format-${f}-name`}
              aria-describedby={`format-${f}-about`}
              className="sr-only"
            />
            <FormatIllustration format={f} />
            <span id={`format-${f}-name`} className="font-medium">{FORMAT_LABELS[f]}</span>
            <span id={`format-${f}-about`} className="text-xs text-stone-600">{ABOUT[f]}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
