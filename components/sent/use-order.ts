"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { callApi, type ApiAnswer } from "@/components/compose/api";

// One order as GET /v1/orders/{id} gives it, read again every few seconds while `poll` says it
// may still change in a way the page shows.

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

export function useOrder(id: string, poll: (a: OrderAnswer) => boolean, intervalMs = 2000) {
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
    const tick = async () => {
      const res = await refresh();
      if (live && (transient(res) || pollRef.current(res))) timer = setTimeout(tick, intervalMs);
    };
    tick();
    return () => {
      live = false;
      if (timer) clearTimeout(timer);
    };
  }, [refresh, intervalMs]);

  return { answer, order: answer?.order ?? null, refresh, setAnswer };
}

/** The public tracking page's path (the link is absolute, on the deployment's public URL). */
export const trackingPath = (url: string) => new URL(url, "http://x").pathname;

/** An answer that says nothing about the order: try again rather than show it. */
function transient(res: OrderAnswer): boolean {
  return res.http === 0 || res.http === 429 || res.http >= 500;
}
