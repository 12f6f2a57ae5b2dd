"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { api, samePath, settle, type Envelope } from "@/components/compose/api";
import type { MailSchemas } from "@/lib/client/mail-client";
import type { LetterRequest } from "@/components/compose/draft";

// The live quote: once both addresses and the content are there, every change is priced again
// (debounced) by POST /v1/quotes, which also draws the proof and counts the pages. Only the
// answer for the letter as it stands now can be sent; an older one stays on screen, dimmed,
// until the new one arrives, so the page does not jump.

export type BreakdownLine = MailSchemas["BreakdownLine"];
export type QuotedAddress = MailSchemas["CorrectedAddress"];
export type Quoted = {
  key: string;
  /** The letter this answers, as sent. */
  letter: LetterRequest;
  token: string;
  priceCents: number;
  pageCount: number;
  breakdown: BreakdownLine[];
  proof: { pdfPath: string; thumbnailPath: string; notes: string[] };
  correctedTo?: QuotedAddress;
  correctedFrom?: QuotedAddress;
  next: string[];
};

const DEBOUNCE_MS = 700;

export function useLiveQuote(letter: LetterRequest | null) {
  const key = letter ? JSON.stringify(letter) : null;
  const [quoted, setQuoted] = useState<Quoted | null>(null);
  const [failure, setFailure] = useState<{ key: string; error: Envelope } | null>(null);
  const [pendingKey, setPendingKey] = useState<string | null>(null);
  const inFlight = useRef<AbortController | null>(null);
  const latest = useRef<{ letter: LetterRequest | null; key: string | null }>({ letter, key });
  latest.current = { letter, key };

  const run = useCallback(async () => {
    const { letter: l, key: k } = latest.current;
    if (!l || !k) return;
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    setPendingKey(k);
    try {
      const res = await settle(api.POST("/v1/quotes", { body: l, signal: controller.signal }));
      if (controller.signal.aborted) return;
      if (!res.ok) {
        setFailure({ key: k, error: res });
        return;
      }
      setFailure(null);
      setQuoted({
        key: k,
        letter: l,
        token: res.confirmation_token,
        priceCents: res.quote.price_cents,
        pageCount: res.quote.page_count,
        breakdown: res.quote.breakdown,
        proof: { pdfPath: samePath(res.proof.pdf_url), thumbnailPath: samePath(res.proof.thumbnail_url), notes: res.proof.notes ?? [] },
        correctedTo: res.corrected_to,
        correctedFrom: res.corrected_from,
        next: res.next,
      });
    } catch {
      // Aborted: a newer letter is being quoted.
    } finally {
      if (inFlight.current === controller) {
        inFlight.current = null;
        setPendingKey(null);
      }
    }
  }, []);

  useEffect(() => {
    if (!key) return;
    const timer = setTimeout(run, DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // Only a changed letter is quoted again; run() reads the latest letter itself.
  }, [key, run]);

  useEffect(() => () => inFlight.current?.abort(), []);

  return {
    /** The letter as it is now, as quoted (null while incomplete). */
    key,
    /** The quote of the letter as it is now: the only one that can be sent. */
    current: quoted && quoted.key === key ? quoted : null,
    /** The last quote shown, possibly of an earlier version of the letter. */
    shown: quoted,
    error: failure && failure.key === key ? failure.error : null,
    pending: pendingKey !== null && pendingKey === key,
    quoteNow: run,
    /** Forgets the quote (its token was spent or expired). */
    reset: () => setQuoted(null),
  };
}
