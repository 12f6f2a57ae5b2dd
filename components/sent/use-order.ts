"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { api, settle, type Answer } from "@/components/compose/api";
import type { MailSchemas } from "@/lib/client/mail-client";

// One order as GET /v1/orders/{id} gives it, read again while `poll.again` says it may still
// change in a way the page shows, `poll.delayMs` apart (which may grow the longer the page is open).

export type Order = MailSchemas["Order"];
export type OrderAnswer = Answer<MailSchemas["OrderRead"]>;

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
    const res = await settle(api.GET("/v1/orders/{id}", { params: { path: { id } } }));
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

  return { answer, order: answer?.ok ? answer.order : null, refresh, setAnswer };
}

/** The public tracking page's path (the link is absolute, on the deployment's public URL). */
export const trackingPath = (url: string) => new URL(url, "http://x").pathname;

/** An answer that says nothing about the order: try again rather than show it. */
function transient(res: OrderAnswer): boolean {
  return res.http === 0 || res.http === 429 || res.http >= 500;
}
