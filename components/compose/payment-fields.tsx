"use client";

import { CreditCodeField } from "@/components/compose/credit-code-field";
import { FieldError } from "@/components/ui/field-error";
import type { Draft } from "@/components/compose/draft";
import type { FieldKey } from "@/components/compose/field-errors";

type Props = {
  draft: Draft;
  update: <K extends keyof Draft>(field: K, value: Draft[K]) => void;
  creditCode: string;
  setCreditCode: (code: string) => void;
  priceCents: number | null;
  errors: Partial<Record<FieldKey, string>>;
  next?: string[];
};

const ROW = "flex items-start gap-2 rounded border border-stone-300 bg-white p-2 has-checked:border-blue-700 has-checked:bg-blue-50";

export function PaymentFields({ draft, update, creditCode, setCreditCode, priceCents, errors, next }: Props) {
  return (
    <section aria-labelledby="pay-heading" className="flex flex-col gap-3 text-sm">
      <h2 id="pay-heading" className="text-lg font-semibold">Receipt and payment</h2>
      <div className="flex flex-col gap-1">
        <label htmlFor="email" className="font-semibold">E-mail for the receipt (optional)</label>
        <input
          id="email"
          name="email"
          type="email"
          autoComplete="email"
          className="rounded border border-stone-400 bg-white px-2 py-1.5 aria-invalid:border-red-700"
          value={draft.email}
          onChange={(e) => update("email", e.target.value)}
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? "email-hint email-error" : "email-hint"}
        />
        <p id="email-hint" className="text-xs text-stone-600">The receipt, a cancel link and each step of the letter&apos;s journey.</p>
        <FieldError id="email-error" message={errors.email} next={next} />
      </div>

      <label className="flex items-start gap-2 rounded border border-amber-300 bg-amber-50 p-2">
        <input type="checkbox" name="sandbox" checked={draft.sandbox} onChange={(e) => update("sandbox", e.target.checked)} className="mt-1" />
        <span>Sandbox: try it free. The whole pipeline runs, but nothing is printed, mailed or charged.</span>
      </label>

      {draft.sandbox ? null : (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 font-semibold">Pay with</legend>
          <label className={ROW}>
            <input type="radio" name="pay_with" value="card" checked={draft.payWith === "card"} onChange={() => update("payWith", "card")} className="mt-1" />
            <span>Pay by card (authorized now, charged only once the letter clears screening)</span>
          </label>
          <label className={ROW}>
            <input type="radio" name="pay_with" value="credit" checked={draft.payWith === "credit"} onChange={() => update("payWith", "credit")} className="mt-1" />
            <span>Pay with a credit code</span>
          </label>
          {draft.payWith === "credit" ? <CreditCodeField code={creditCode} onChange={setCreditCode} priceCents={priceCents} error={errors.credit_code} next={next} /> : null}
        </fieldset>
      )}
    </section>
  );
}
