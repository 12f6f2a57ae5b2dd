import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { devMailboxOpen, readDevMail } from "@/lib/notifications/email/dev-mailbox";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Development mailbox", robots: { index: false } };

type Props = { params: Promise<{ id: string }> };

/** One e-mail as the recipient would see it: the HTML part in a sandboxed frame, and the text part. */
export default async function DevMailPage({ params }: Props) {
  if (!devMailboxOpen()) notFound();
  const mail = await readDevMail((await params).id);
  if (!mail) notFound();
  return (
    <article>
      <a href="/dev/mailbox" className="text-sm text-stone-500 underline">
        ← Mailbox
      </a>
      <h1 className="mt-2 text-xl font-semibold tracking-tight" data-testid="mail-subject">
        {mail.subject}
      </h1>
      <p className="text-sm text-stone-500">
        From {mail.from} to {mail.to} · {mail.createdAt.toUTCString().replace("GMT", "UTC")}
      </p>
      {/* The message's HTML runs no script; its links open in this tab when clicked (<base target="_top">). */}
      <iframe title="HTML part" sandbox="allow-top-navigation-by-user-activation" srcDoc={`<base target="_top">${mail.html}`} className="mt-4 h-[640px] w-full rounded border border-stone-200 bg-white" />
      <h2 className="mt-6 text-lg font-semibold">Text part</h2>
      <pre className="mt-2 whitespace-pre-wrap rounded border border-stone-200 bg-white p-4 text-sm" data-testid="mail-text">
        {mail.text}
      </pre>
    </article>
  );
}
