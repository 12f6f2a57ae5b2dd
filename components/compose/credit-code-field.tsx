"use client";

import { useEffect, useState } from "react";
import { api, settle, type Envelope } from "@/components/compose/api";
import { dollars } from "@/lib/text/dollars";
import { FieldError } from "@/components/ui/field-error";
import { CREDIT_CODE_FORM } from "@/lib/letters/credit-code-form";

// The credit code and its balance (GET /v1/credits/{code}), shown before paying. The code lives
// only in this component's state: it is never written to the draft or anywhere else.


type Balance = { balanceCents: number; bonusCents: number; bonusExpires: string };

type Props = { code: string; onChange: (code: string) => void; priceCents: number | null; error?: string; next?: string[] };

export function CreditCodeField({ code, onChange, priceCents, error, next }: Props) {
  const [balance, setBalance] = useState<{ code: string; balance: Balance | null; problem: Envelope | null } | null>(null);
  const trimmed = code.trim().toLowerCase();
  const wellFormed = CREDIT_CODE_FORM.test(trimmed);

  useEffect(() => {
    if (!wellFormed) return;
    let live = true;
    const timer = setTimeout(async () => {
      const res = await settle(api.GET("/v1/credits/{code}", { params: { path: { code: trimmed } } }));
      if (!live) return;
      if (res.ok) {
        setBalance({ code: trimmed, problem: null, balance: { balanceCents: res.balance_cents, bonusCents: res.bonus_cents, bonusExpires: String(res.bonus_expires_at ?? "").slice(0, 10) } });
      } else {
        setBalance({ code: trimmed, problem: res, balance: null });
      }
    }, 400);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [trimmed, wellFormed]);

  const shown = balance && balance.code === trimmed && wellFormed ? balance : null;
  const fieldError = error ?? shown?.problem?.reason ?? (code.trim() && !wellFormed && code.trim().length >= 17 ? "A credit code looks like cc-xxxx-xxxx-xxxx (letters and digits)." : undefined);
  const describedBy = ["credit-code-balance", fieldError ? "credit-code-error" : ""].filter(Boolean).join(" ");
  const b = shown?.balance;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor="credit-code">Credit code</label>
      <input
        id="credit-code"
        name="credit_code"
        required
        autoComplete="off"
        spellCheck={false}
        placeholder="cc-xxxx-xxxx-xxxx"
        pattern="[cC][cC]-[A-Za-z0-9]{4}-[A-Za-z0-9]{4}-[A-Za-z0-9]{4}"
        title="cc- and three groups of four letters or digits"
        className="rounded border border-stone-400 bg-white px-2 py-1.5 font-mono aria-invalid:border-red-700"
        value={code}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={fieldError ? true : undefined}
        aria-describedby={describedBy}
      />
      <p id="credit-code-balance" className="min-h-5 text-xs text-stone-700" aria-live="polite" data-testid="credit-balance">
        {b
          ? `Balance ${dollars(b.balanceCents)}${b.bonusCents ? ` (bonus ${dollars(b.bonusCents)}, spent first, until ${b.bonusExpires})` : ""}. ` +
            (priceCents === null ? "" : b.balanceCents >= priceCents ? `After this letter: ${dollars(b.balanceCents - priceCents)}.` : `Not enough for this letter (${dollars(priceCents)}): pay by card, or use another code.`)
          : ""}
      </p>
      {/* Live: the code is checked while it is typed, so its problem appears without a submit to announce it. */}
      <div aria-live="polite">
        <FieldError id="credit-code-error" message={fieldError} next={error ? next : shown?.problem?.next} />
      </div>
    </div>
  );
}
