"use client";

import { useRouter } from "next/navigation";
import { type ReactNode, useEffect, useState } from "react";

/**
 * With JavaScript, a page re-reads itself in place every `seconds` (the server components
 * re-render; nothing reloads or moves under a screen reader's cursor, WCAG 2.2.1). `children`,
 * the sentence that says so, appears only once the timer runs, so a reader without JavaScript
 * is never told the page updates itself: those pages offer a plain link in <noscript> instead
 * (a <noscript> meta refresh would be invalid HTML in <body>, and one in <head> cannot be
 * chosen per page in the App Router).
 */
export function AutoRefresh({ seconds, children }: { seconds: number; children?: ReactNode }) {
  const router = useRouter();
  const [running, setRunning] = useState(false);
  useEffect(() => {
    setRunning(true);
    const id = window.setInterval(() => router.refresh(), seconds * 1000);
    return () => window.clearInterval(id);
  }, [router, seconds]);
  return running ? children : null;
}
