"use client";

import { MAIL_CLASSES, MAIL_CLASS_LABELS, type MailClass } from "@/lib/letters/formats";
import { PRICES } from "@/lib/quotes/pricing";
import { dollars } from "@/lib/text/dollars";
import { FieldError } from "@/components/ui/field-error";
import type { ClassSuggestion } from "@/components/compose/use-class-suggestion";

const MEANING: Record<MailClass, string> = {
  first_class: "The everyday way. Usually 2 to 5 business days.",
  certified: "Proof that you mailed it and a delivery record with a tracking number. For formal notices.",
  certified_err: "Certified, plus an electronic return receipt: when it was delivered and who signed for it. For notices where proof of receipt matters.",
  priority: "Faster: usually 1 to 3 business days.",
};

const extra = (c: MailClass) => (PRICES.classSurcharge[c] ? `+${dollars(PRICES.classSurcharge[c])}` : "Included");

type Props = {
  value: MailClass;
  onChange: (c: MailClass) => void;
  /** Postcards and notecards go First-Class only. */
  lockedFirstClass: boolean;
  suggestion: ClassSuggestion | null;
  error?: string;
};

export function MailClassPicker({ value, onChange, lockedFirstClass, suggestion, error }: Props) {
  const suggested = suggestion && suggestion.suggestedClass !== "first_class" ? suggestion : null;
  return (
    <fieldset id="mail-class" className="flex flex-col gap-2 text-sm" aria-describedby={error ? "mail-class-error" : undefined}>
      <legend className="mb-1 text-lg font-semibold">Mail class</legend>
      <div aria-live="polite">
        {suggested ? (
          <div className="mb-1 rounded border border-amber-300 bg-amber-50 p-3 text-amber-950" data-testid="class-suggestion">
            <p>
              <span className="font-semibold">Suggested: {MAIL_CLASS_LABELS[suggested.suggestedClass]}.</span> {suggested.reason}
            </p>
            <p className="mt-1 text-xs">A suggestion only: you choose the class.</p>
            {value !== suggested.suggestedClass && !lockedFirstClass ? (
              <button type="button" onClick={() => onChange(suggested.suggestedClass)} className="mt-2 rounded border border-amber-800 bg-white px-3 py-1 font-medium text-amber-950 hover:bg-amber-100">
                Use {MAIL_CLASS_LABELS[suggested.suggestedClass]}
              </button>
            ) : null}
          </div>
        ) : null}
      </div>
      {lockedFirstClass ? <p className="text-stone-600">Postcards and notecards go First-Class only.</p> : null}
      {MAIL_CLASSES.map((c) => {
        const disabled = lockedFirstClass && c !== "first_class";
        return (
          <label key={c} className={`flex items-start gap-2 rounded border border-stone-300 bg-white p-2 has-checked:border-blue-700 has-checked:bg-blue-50 ${disabled ? "opacity-60" : "cursor-pointer"}`}>
            <input
              type="radio"
              name="mail_class"
              value={c}
              checked={(lockedFirstClass ? "first_class" : value) === c}
              disabled={disabled}
              onChange={() => onChange(c)}
              aria-labelledby={`class-${c}-name`}
              aria-describedby={`class-${c}-price class-${c}-about`}
              className="mt-1"
            />
            <span className="flex flex-1 flex-col">
              <span className="flex justify-between gap-2 font-medium">
                <span id={`class-${c}-name`}>{MAIL_CLASS_LABELS[c]}</span>
                <span id={`class-${c}-price`} className="tabular-nums text-stone-700">{extra(c)}</span>
              </span>
              <span id={`class-${c}-about`} className="text-xs text-stone-600">{MEANING[c]}</span>
            </span>
          </label>
        );
      })}
      <FieldError id="mail-class-error" message={error} />
    </fieldset>
  );
}
