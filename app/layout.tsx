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
          <div className="mx-auto flex max-w-3xl items-center justify-between px-4 py-3">
            <a href="/" className="text-lg font-semibold tracking-tight">
              ✉︎ Mail a letter
            </a>
            <span className="text-sm text-stone-500">No account needed</span>
          </div>
        </header>
        <main className="mx-auto max-w-3xl px-4 py-8">{children}</main>
      </body>
    </html>
  );
}
