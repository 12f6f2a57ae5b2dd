"use client";

import { useEffect, useState } from "react";
import { ProblemNotice } from "@/components/shared/problem-notice";

// The local test rail's card form. The hosted page (/pay/<session>) passes the session id; an
// embedded checkout passes the client secret, as Stripe's embedded checkout would take it.
// Paying posts to /pay/local/confirm and then goes to the checkout's return URL.

type Props = { sessionId?: string; clientSecret?: string; amountLabel: string };

export function LocalCardForm({ sessionId, clientSecret, amountLabel }: Props) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ reason?: string; next?: string[] } | null>(null);
  // Until React has hydrated, a click would submit the form natively: the button waits, so
  // that card details never travel any other way than the POST below.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);

  async function pay(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const form = new FormData(event.currentTarget);
    try {
      const res = await fetch("/pay/local/confirm", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          ...(sessionId ? { session_id: sessionId } : { client_secret: clientSecret }),
          card_number: String(form.get("card_number") ?? ""),
          expiry: String(form.get("expiry") ?? ""),
          cvc: String(form.get("cvc") ?? ""),
          name: String(form.get("name") ?? "") || undefined,
        }),
      });
      const body = await res.json();
      if (!res.ok) {
        // The reason, and what to do about it (another card, a corrected expiry…).
        setError({ reason: body.reason ?? "The payment did not go through.", next: Array.isArray(body.next) ? body.next : [] });
        setBusy(false);
        return;
      }
      window.location.assign(body.return_url);
    } catch {
      setError({ reason: "The service could not be reached, and nothing was charged.", next: ["Check your connection, then press Pay again."] });
      setBusy(false);
    }
  }

  return (
    <form onSubmit={pay} method="post" className="mt-4 grid gap-3" aria-describedby="test-card-hint">
      <label className="grid min-w-0 gap-1 text-sm">
        <span>Card number</span>
        <input name="card_number" inputMode="numeric" autoComplete="cc-number" required placeholder="4242 4242 4242 4242" className="w-full min-w-0 rounded border border-stone-400 px-3 py-2 font-mono" />
      </label>
      <div className="grid grid-cols-2 gap-3">
        <label className="grid min-w-0 gap-1 text-sm">
          <span>Expiry (MM/YY)</span>
          <input name="expiry" autoComplete="cc-exp" required placeholder="12/34" className="w-full min-w-0 rounded border border-stone-400 px-3 py-2 font-mono" />
        </label>
        <label className="grid min-w-0 gap-1 text-sm">
          <span>CVC</span>
          <input name="cvc" inputMode="numeric" autoComplete="cc-csc" required placeholder="123" className="w-full min-w-0 rounded border border-stone-400 px-3 py-2 font-mono" />
        </label>
      </div>
      <label className="grid min-w-0 gap-1 text-sm">
        <span>Name on card (optional)</span>
        <input name="name" autoComplete="cc-name" className="w-full min-w-0 rounded border border-stone-400 px-3 py-2" />
      </label>
      <p id="test-card-hint" className="text-xs text-stone-500">
        Test cards: 4242 4242 4242 4242 pays; 4000 0000 0000 0002 is declined. Any future expiry, any CVC.
      </p>
      {error ? <ProblemNotice problem={error} /> : null}
      <button type="submit" disabled={busy || !ready} className="rounded bg-stone-900 px-4 py-2 font-semibold text-white disabled:opacity-60">
        {busy ? "Paying…" : `Pay ${amountLabel}`}
      </button>
    </form>
  );
}
