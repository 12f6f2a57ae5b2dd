"use client";

import { useCallback, useState } from "react";
import { useRouter } from "next/navigation";
import { api, retryAfterText, settle, type Answer, type Envelope } from "@/components/compose/api";
import { maskCreditCode } from "@/lib/letters/credit-code-form";
import { saveOrder, type PaidWith } from "@/components/compose/order-store";
import type { Draft, LetterRequest } from "@/components/compose/draft";
import type { Quoted } from "@/components/compose/use-live-quote";

// Sending: POST /v1/orders with the quote's confirmation token, then on to where the order
// stands: the confirmation page, or the card checkout while payment is needed. The cancel token
// is kept in this browser under the order id, for the confirmation page's cancel button.

export type SendError = Envelope & { retryAt?: string };

const REQUOTE = new Set(["confirmation_expired", "confirmation_used", "confirmation_mismatch", "confirmation_required", "confirmation_invalid"]);

type Args = {
  draft: Draft;
  letter: LetterRequest | null;
  quote: Quoted | null;
  creditCode: string;
  checkoutUiMode: "embedded" | "hosted";
  requote: () => void;
  clearLetter: (d: Draft) => void;
};

function describe(res: Extract<Answer<unknown>, { ok: false }>): SendError {
  if (res.http === 429 && res.retryAfterSeconds) {
    const when = retryAfterText(res.retryAfterSeconds);
    const what = res.code === "spend_cap" ? "The spending limit for live letters is reached" : res.code === "velocity_limit" ? "The sending limit for live letters is reached" : "Too many tries in a short time";
    return { ...res, reason: `${what}. You can send again at ${when}. ${res.reason ?? ""}`.trim(), retryAt: when };
  }
  if (res.code === "idempotency_in_flight") return { ...res, reason: "Your letter is still being sent. Wait a moment and press the button again: it will not be sent twice." };
  return res;
}

export function useSendOrder({ draft, letter, quote, creditCode, checkoutUiMode, requote, clearLetter }: Args) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<SendError | null>(null);

  async function send() {
    if (!letter || !quote) return;
    setBusy(true);
    setError(null);
    const payment = draft.sandbox ? {} : draft.payWith === "credit" ? { credit_code: creditCode.trim() } : { checkout_ui_mode: checkoutUiMode };
    const body = { ...letter, ...(draft.email.trim() ? { email: draft.email.trim() } : {}), ...payment, confirmation_token: quote.token };
    // One key per quoted letter: a double click or a retry never mails twice.
    const res = await settle(api.POST("/v1/orders", { body, params: { header: { "Idempotency-Key": `compose-${quote.token.slice(-40)}` } } }));
    if (!res.ok) {
      setBusy(false);
      if (res.code && REQUOTE.has(res.code)) {
        requote();
        return setError({ ...res, reason: `${res.reason ?? "The quote can no longer be used."} The letter is being priced again; check the price and press the button once more.` });
      }
      return setError(describe(res));
    }
    const { order, credit } = res;
    const paidWith: PaidWith = draft.sandbox
      ? { kind: "sandbox" }
      : credit
        ? { kind: "credit", codeHint: maskCreditCode(credit.code), chargedCents: credit.charged_cents, balanceCents: credit.balance_cents }
        : { kind: "card" };
    saveOrder(order.id, { cancelToken: res.capability.cancel_token ?? null, paidWith, createdAt: new Date().toISOString() });
    clearLetter(draft);
    if (res.status === "action_required" && res.payment_url) return window.location.assign(res.payment_url);
    router.push(res.status === "action_required" ? `/pay/order/${order.id}` : `/sent/${order.id}`);
  }

  const clearError = useCallback(() => setError(null), []);
  return { send, busy, error, clearError };
}
