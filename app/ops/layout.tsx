import type { Metadata } from "next";

// The operator console: never indexed. Referrers stay on this site ("same-origin"): with
// "no-referrer" the browser posts forms with `Origin: null`, which server actions refuse.
export const metadata: Metadata = { title: { default: "Operator console", template: "%s · Operator console" }, robots: { index: false, follow: false }, referrer: "same-origin" };

export default function OpsRootLayout({ children }: { children: React.ReactNode }) {
  return children;
}
