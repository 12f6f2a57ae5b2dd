import type { Metadata } from "next";
import "./globals.css";

export const metadata: Metadata = {
  title: "Mail a letter",
  description: "Send real letters, postcards and notecards to US addresses. No account needed.",
};

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body className="min-h-screen bg-stone-50 text-stone-900 antialiased">
        <header className="border-b border-stone-200 bg-white">
          <div className="mx-auto flex max-w-3xl flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-3">
            <a href="/" className="text-lg font-semibold tracking-tight">
              ✉︎ Mail a letter
            </a>
            <nav aria-label="Site">
              <ul className="flex items-center gap-4 text-sm">
                <li>
                  <a className="underline-offset-4 hover:underline focus-visible:underline" href="/credits">
                    Credits
                  </a>
                </li>
                <li>
                  <a className="underline-offset-4 hover:underline focus-visible:underline" href="/reviews">
                    Reviews
                  </a>
                </li>
                <li>
                  <a className="underline-offset-4 hover:underline focus-visible:underline" href="/docs/api">
                    API
                  </a>
                </li>
              </ul>
            </nav>
          </div>
        </header>
        {/* A page with a wide layout (the compose page: the form and its preview) widens the column. */}
        <main className="mx-auto max-w-3xl px-4 py-8 lg:has-[[data-layout=wide]]:max-w-6xl">{children}</main>
      </body>
    </html>
  );
}
