"use client";

import { useEffect, useState } from "react";
import { isLetterFormat } from "@/lib/letters/formats";
import { dollars } from "@/lib/text/dollars";
import { AddressFields } from "@/components/compose/address-fields";
import { ContentFields } from "@/components/compose/content-fields";
import { effectiveClass, isAddressComplete, letterRequest, useComposeDraft, type AddressDraft, type Draft } from "@/components/compose/draft";
import { ErrorSummary } from "@/components/compose/error-summary";
import { fieldErrors } from "@/components/compose/field-errors";
import { FormatPicker } from "@/components/compose/format-picker";
import { MailClassPicker } from "@/components/compose/mail-class-picker";
import { OptionsFields } from "@/components/compose/options-fields";
import { PaymentFields } from "@/components/compose/payment-fields";
import { QuotePanel } from "@/components/compose/quote-panel";
import { LetterPreview } from "@/components/compose/letter-preview";
import { useMediaQuery } from "@/components/compose/use-media-query";
import { useClassSuggestion } from "@/components/compose/use-class-suggestion";
import { useLiveQuote, type QuotedAddress } from "@/components/compose/use-live-quote";
import { useSendOrder } from "@/components/compose/use-send-order";
import { CREDIT_CODE_FORM } from "@/lib/letters/credit-code-form";
import { pages } from "@/lib/text/pages";

/** Wide enough for the preview beside the form (Tailwind's lg). */
const BESIDE = "(min-width: 64rem)";

function missingText(d: Draft): string | null {
  const missing = [
    !isAddressComplete(d.from) && "your return address",
    !isAddressComplete(d.to) && "the recipient's address",
    (isLetterFormat(d.format) && d.content === "pdf" ? !d.upload && "the PDF" : !d.text.trim() && "the text"),
  ].filter(Boolean) as string[];
  return missing.length ? `To see the price, fill in ${missing.join(", ").replace(/, ([^,]*)$/, " and $1")}.` : null;
}

const fromQuoted = (a: QuotedAddress): AddressDraft => ({ name: a.name, line1: a.line1, line2: a.line2 ?? "", city: a.city, state: a.state, zip: a.zip });

export function ComposeForm({ checkoutUiMode = "embedded" }: { checkoutUiMode?: "embedded" | "hosted" }) {
  const { draft, update, clearLetter } = useComposeDraft();
  const [creditCode, setCreditCode] = useState("");
  const letter = letterRequest(draft);
  const quote = useLiveQuote(letter);
  const textContent = !(isLetterFormat(draft.format) && draft.content === "pdf");
  const suggestion = useClassSuggestion(draft.text, draft.format, textContent);
  const sender = useSendOrder({ draft, letter, quote: quote.current, creditCode, checkoutUiMode, requote: quote.quoteNow, clearLetter });
  // Before hydration a click would submit the form natively, addresses in the URL: wait.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  // Beside the form on a wide screen; on a narrow one, behind a button under the price. (null
  // until the screen is known: neither is drawn before, so nothing flashes or loads twice.)
  const beside = useMediaQuery(BESIDE);
  const [previewOpen, setPreviewOpen] = useState(false);

  const error = sender.error ?? quote.error;
  const errors = { ...fieldErrors(quote.error), ...fieldErrors(sender.error) };
  // A send error is about the letter and payment as they were: any change retires it.
  const { clearError } = sender;
  useEffect(clearError, [quote.key, creditCode, draft.sandbox, draft.payWith, draft.email, clearError]);
  const current = quote.current;
  // A correction stays on screen while the rest of the letter is re-priced (no jump), as long
  // as the address it corrects is still the one typed.
  const correctionFor = (side: "to" | "from") => {
    const shown = quote.shown;
    if (!shown || !letter || JSON.stringify(shown.letter[side]) !== JSON.stringify(letter[side])) return undefined;
    return side === "to" ? shown.correctedTo : shown.correctedFrom;
  };
  const correctedFrom = correctionFor("from");
  const correctedTo = correctionFor("to");
  const payingByCredit = !draft.sandbox && draft.payWith === "credit";
  const canSend = ready && current !== null && !sender.busy && (!payingByCredit || CREDIT_CODE_FORM.test(creditCode.trim()));
  const sendLabel = sender.busy
    ? "Sending…"
    : draft.sandbox
      ? "Send letter"
      : draft.payWith === "card"
        ? "Continue to payment"
        : `Pay ${current ? dollars(current.priceCents) : ""} and send`.replace("  ", " ");

  const preview = <LetterPreview quote={quote.shown} fresh={current !== null} pending={quote.pending} missing={missingText(draft)} format={draft.format} />;

  return (
    <div data-layout="wide" className="lg:grid lg:grid-cols-[minmax(0,1fr)_minmax(0,24rem)] lg:items-start lg:gap-10">
      <form
        method="post"
        className="flex flex-col gap-8"
        onSubmit={(e) => {
          e.preventDefault();
          quote.quoteNow();
        }}
      >
        <FormatPicker value={draft.format} onChange={(f) => update("format", f)} />
        <ContentFields draft={draft} update={update} pageCount={current?.pageCount ?? null} error={errors.content} next={error?.next} />

        <section aria-labelledby="addresses-heading" className="flex flex-col gap-4">
          <h2 id="addresses-heading" className="text-lg font-semibold">Addresses</h2>
          <AddressFields
            legend="From (return address)"
            idPrefix="from"
            value={draft.from}
            onChange={(v) => update("from", v)}
            errors={errors}
            next={error?.next}
            correction={correctedFrom}
            onAcceptCorrection={() => correctedFrom && update("from", fromQuoted(correctedFrom))}
          />
          <AddressFields
            legend="To"
            idPrefix="to"
            value={draft.to}
            onChange={(v) => update("to", v)}
            errors={errors}
            next={error?.next}
            correction={correctedTo}
            onAcceptCorrection={() => correctedTo && update("to", fromQuoted(correctedTo))}
          />
        </section>

        <MailClassPicker value={effectiveClass(draft)} onChange={(c) => update("mailClass", c)} lockedFirstClass={!isLetterFormat(draft.format)} suggestion={suggestion} error={errors.mail_class} />
        <OptionsFields draft={draft} update={update} />

        <div className="flex flex-col gap-3">
          <QuotePanel quote={quote.shown} fresh={current !== null} pending={quote.pending} sandbox={draft.sandbox} missing={missingText(draft)} blocked={quote.error !== null} />
          {beside === false ? (
            <>
              <button type="button" aria-expanded={previewOpen} aria-controls="letter-preview" onClick={() => setPreviewOpen((o) => !o)} className="self-start rounded border border-stone-700 bg-white px-3 py-1.5 text-sm font-medium">
                {previewOpen ? "Hide the preview" : `Show the preview${current ? ` (${pages(current.pageCount)})` : ""}`}
              </button>
              {previewOpen ? (
                <div id="letter-preview" role="region" aria-labelledby="preview-heading" className="rounded-lg border border-stone-200 bg-stone-100 p-3">
                  {preview}
                </div>
              ) : null}
            </>
          ) : null}
          {quote.error ? <ErrorSummary title="The letter cannot be priced yet" error={quote.error} fields={Object.keys(fieldErrors(quote.error))} /> : null}
          <button type="submit" disabled={!ready || quote.pending} className="self-start rounded border border-stone-700 bg-white px-3 py-1.5 text-sm font-medium disabled:opacity-60">
            {quote.pending ? "Pricing…" : "Get quote"}
          </button>
        </div>

        <PaymentFields draft={draft} update={update} creditCode={creditCode} setCreditCode={setCreditCode} priceCents={current?.priceCents ?? null} errors={errors} next={error?.next} />

        <div className="flex flex-col gap-3 border-t border-stone-200 pt-4">
          {sender.error ? <ErrorSummary title="The letter was not sent" error={sender.error} fields={Object.keys(fieldErrors(sender.error))} /> : null}
          <button type="button" onClick={sender.send} disabled={!canSend} className="rounded bg-blue-700 px-5 py-2.5 font-semibold text-white disabled:opacity-50 sm:self-start">
            {sendLabel}
          </button>
          <p className="text-xs text-stone-600">
            {draft.sandbox
              ? "Sandbox letters are free and go to a simulated carrier."
              : "Every letter is screened before printing. You can cancel for free until it goes to the printer."}
          </p>
        </div>
      </form>
      {beside ? (
        <aside id="letter-preview" aria-labelledby="preview-heading" className="sticky top-4 max-h-[calc(100vh-2rem)] overflow-y-auto rounded-lg border border-stone-200 bg-stone-100 p-4">
          {preview}
        </aside>
      ) : null}
    </div>
  );
}
