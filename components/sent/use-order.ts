"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { callApi, type ApiAnswer } from "@/components/compose/api";

// One order as GET /v1/orders/{id} gives it, read again while `poll.again` says it may still
// change in a way the page shows, `poll.delayMs` apart (which may grow the longer the page is open).

export type Order = {
  id: string;
  status: string;
  sandbox: boolean;
  format: string;
  mail_class: string;
  page_count: number;
  color: boolean;
  to: { name: string; city: string; state: string; zip: string };
  price_cents: number;
  breakdown: { id: string; label: string; amount_cents: number }[];
  tracking_number: string | null;
  expected_delivery_date: string | null;
  refusal_reason: string | null;
  failure_code: string | null;
  failure_reason: string | null;
  created_at: string;
};

export type OrderAnswer = ApiAnswer & { order?: Order; tracking_url?: string; payment_client_secret?: string; payment_url?: string };

export type OrderPolling = {
  /** Whether this answer may still change in a way the page shows (a transient one always may). */
  again: (answer: OrderAnswer) => boolean;
  /** The wait before the next read, given how long ago the page started reading. */
  delayMs: (sinceStartMs: number) => number;
};

/** Read once (a failed read is retried every 2 s): the page moves on by itself, not by polling. */
export const READ_ONCE: OrderPolling = { again: () => false, delayMs: () => 2_000 };

export function useOrder(id: string, poll: OrderPolling) {
  const [answer, setAnswer] = useState<OrderAnswer | null>(null);
  const pollRef = useRef(poll);
  pollRef.current = poll;

  const refresh = useCallback(async () => {
    const res = (await callApi("GET", `/v1/orders/${encodeURIComponent(id)}`)) as OrderAnswer;
    // A network blip, a throttle or a server error keeps what was shown; the next tick tries again.
    setAnswer((prev) => (transient(res) && prev ? prev : res));
    return res;
  }, [id]);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    let live = true;
    const startedAt = Date.now();
    const tick = async () => {
      const res = await refresh();
      if (live && (transient(res) || pollRef.current.again(res))) timer = setTimeout(tick, pollRef.current.delayMs(Date.now() - startedAt));
    };
    tick();
    return () => {
      live = false;
      if (timer) clearTimeout(timer);
    };
  }, [refresh]);

  return { answer, order: answer?.order ?? null, refresh, setAnswer };
}

/** The public tracking page's path (the link is absolute, on the deployment's public URL). */
export const trackingPath = (url: string) => new URL(url, "http://x").pathname;

/** An answer that says nothing about the order: try again rather than show it. */
function transient(res: OrderAnswer): boolean {
  return res.http === 0 || res.http === 429 || res.http >= 500;
}
