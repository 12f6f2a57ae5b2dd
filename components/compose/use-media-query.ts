"use client";

import { useSyncExternalStore } from "react";

/** Whether a CSS media query matches now (kept up to date), or null while rendering on the server. */
export function useMediaQuery(query: string): boolean | null {
  return useSyncExternalStore<boolean | null>(
    (changed) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", changed);
      return () => list.removeEventListener("change", changed);
    },
    () => window.matchMedia(query).matches,
    () => null,
  );
}
