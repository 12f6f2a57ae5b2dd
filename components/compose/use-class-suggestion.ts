"use client";

import { useEffect, useState } from "react";
import { api, settle } from "@/components/compose/api";
import type { Format, MailClass } from "@/lib/letters/formats";

// The advisory class for what the letter says (POST /v1/suggest-class), asked once the text has
// settled. The route allows 10 a minute: short texts are not asked about, answers are kept per
// text, and after a 429 the page stays quiet until Retry-After.

export type ClassSuggestion = { suggestedClass: MailClass; reason: string; next: string[] };

const MIN_CHARS = 60;
const cache = new Map<string, ClassSuggestion>();
let quietUntil = 0;

export function useClassSuggestion(text: string, format: Format, enabled: boolean): ClassSuggestion | null {
  const [suggestion, setSuggestion] = useState<ClassSuggestion | null>(null);
  const asks = enabled && text.trim().length >= MIN_CHARS;

  useEffect(() => {
    if (!asks) return;
    const key = `${format}\0${text}`;
    const cached = cache.get(key);
    if (cached) {
      setSuggestion(cached);
      return;
    }
    let live = true;
    const timer = setTimeout(async () => {
      if (Date.now() < quietUntil) return;
      const res = await settle(api.POST("/v1/suggest-class", { body: { text, format } }));
      if (!res.ok) {
        if (res.http === 429) quietUntil = Date.now() + (res.retryAfterSeconds ?? 60) * 1000;
        return;
      }
      const s = { suggestedClass: res.suggested_class, reason: res.reason, next: res.next };
      cache.set(key, s);
      if (live) setSuggestion(s);
    }, 1200);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [asks, text, format]);

  return asks ? suggestion : null;
}
