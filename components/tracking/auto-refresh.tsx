"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";

/**
 * With JavaScript, the tracking page re-reads itself in place every `seconds` (the server
 * components re-render; nothing reloads or moves). Without it, the page's <noscript> meta
 * refresh does the same job. Either way the page offers a link that stops it.
 */
export function AutoRefresh({ seconds }: { seconds: number }) {
  const router = useRouter();
  useEffect(() => {
    const id = window.setInterval(() => router.refresh(), seconds * 1000);
    return () => window.clearInterval(id);
  }, [router, seconds]);
  return null;
}
