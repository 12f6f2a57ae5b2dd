import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { devMailboxOpen, listDevMail } from "@/lib/notifications/email/dev-mailbox";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Development mailbox", robots: { index: false } };

/** Every e-mail the service sent while no SMTP server is configured, newest first. */
export default async function DevMailboxPage() {
  if (!devMailboxOpen()) notFound();
  const mails = await listDevMail();
  return (
    <section>
      <h1 className="text-2xl font-semibold tracking-tight">Development mailbox</h1>
      <p className="mt-1 text-sm text-stone-500">
        No SMTP_URL is set, so e-mails land here instead of being sent. Set SMTP_URL to send them for real.
      </p>
      {mails.length === 0 ? (
        <p className="mt-6 rounded border border-dashed border-stone-300 p-6 text-center text-stone-500">No e-mail yet. Send a letter with an e-mail address to see its receipt here.</p>
      ) : (
        <ul className="mt-6 divide-y divide-stone-200 rounded-lg border border-stone-200 bg-white">
          {mails.map((m) => (
            <li key={m.id}>
              <a href={`/dev/mailbox/${m.id}`} className="block px-4 py-3 hover:bg-stone-50">
                <span className="block font-medium">{m.subject}</span>
                <span className="text-sm text-stone-500">
                  to {m.to} · <time dateTime={m.createdAt.toISOString()}>{m.createdAt.toUTCString().replace("GMT", "UTC")}</time>
                </span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
