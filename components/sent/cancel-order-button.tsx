"use client";

import { useEffect, useRef, useState } from "react";
import { api, settle, type Envelope } from "@/components/compose/api";
import type { Order } from "@/components/sent/use-order";
import { ProblemNotice } from "@/components/shared/problem-notice";

// Cancels with the order's cancel token (kept in this browser when the order was placed):
// DELETE /v1/orders/{id} with X-Capability-Token. Asks once before canceling. The question's
// buttons replace the cancel button: when the question goes away (kept, or the cancel failed)
// the focus goes back to the cancel button instead of being dropped on the page body.

type Props = { order: Order; cancelToken: string; onCanceled: (order: Order) => void };

export function CancelOrderButton({ order, cancelToken, onCanceled }: Props) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Envelope | null>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const wasAsking = useRef(false);
  useEffect(() => {
    if (wasAsking.current && !asking) cancelButton.current?.focus();
    wasAsking.current = asking;
  }, [asking]);

  async function cancel() {
    setBusy(true);
    setError(null);
    const res = await settle(api.DELETE("/v1/orders/{id}", { params: { path: { id: order.id }, header: { "X-Capability-Token": cancelToken } } }));
    setBusy(false);
    setAsking(false);
    if (res.ok) return onCanceled(res.order);
    setError(res);
  }

  return (
    <div className="flex flex-col gap-2">
      {asking ? (
        <div className="flex flex-wrap items-center gap-2 rounded border border-red-300 bg-red-50 p-3 text-sm">
          <p className="w-full font-medium text-red-950">Cancel this letter? It will not be printed or mailed, and nothing is charged.</p>
          <button type="button" onClick={cancel} disabled={busy} className="rounded bg-red-800 px-4 py-2 font-semibold text-white disabled:opacity-60">
            {busy ? "Canceling…" : "Yes, cancel it"}
          </button>
          {/* Focus lands on the safe choice. */}
          <button type="button" autoFocus onClick={() => setAsking(false)} disabled={busy} className="rounded border border-stone-500 bg-white px-4 py-2 font-medium">
            Keep it
          </button>
        </div>
      ) : (
        <button ref={cancelButton} type="button" onClick={() => setAsking(true)} className="self-start rounded border border-red-800 bg-white px-4 py-2 font-semibold text-red-800 hover:bg-red-50">
          Cancel this letter
        </button>
      )}
      {error ? <ProblemNotice problem={error} fallbackReason="The letter could not be canceled." /> : null}
    </div>
  );
}
