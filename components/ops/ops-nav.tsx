"use client";

import { usePathname } from "next/navigation";

const LINKS = [
  { href: "/ops", label: "Overview" },
  { href: "/ops/review", label: "Review queue" },
  { href: "/ops/orders", label: "Orders" },
  { href: "/ops/feedback", label: "Feedback" },
  { href: "/ops/keys", label: "API keys" },
  { href: "/ops/logs", label: "Logs" },
];

/** The console's sections; the current one is marked for screen readers too (aria-current). */
export function OpsNav() {
  const path = usePathname() ?? "";
  return (
    <ul className="flex flex-wrap gap-x-1 gap-y-1">
      {LINKS.map((l) => {
        const current = l.href === "/ops" ? path === "/ops" : path === l.href || path.startsWith(`${l.href}/`);
        return (
          <li key={l.href}>
            <a
              href={l.href}
              aria-current={current ? "page" : undefined}
              className={`inline-block rounded px-2 py-1.5 text-sm ${current ? "bg-stone-900 font-medium text-white" : "text-stone-800 underline-offset-2 hover:underline"}`}
            >
              {l.label}
            </a>
          </li>
        );
      })}
    </ul>
  );
}
