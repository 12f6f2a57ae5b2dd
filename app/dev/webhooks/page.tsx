import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { linkClass } from "@/components/ui/controls";
import { DEV_INBOX_KEEPS, devWebhookInboxOpen, devWebhookInboxUrl, listDevWebhooks, type InboxMessage } from "@/lib/notifications/webhooks/dev-webhook-inbox";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Development webhook inbox", robots: { index: false } };

const code = "rounded bg-stone-100 px-1 font-mono text-[0.9em]";

/** Every webhook message the inbox received, newest first, with its headers, body and signature check. */
export default async function DevWebhooksPage() {
  if (!devWebhookInboxOpen()) notFound();
  const messages = await listDevWebhooks();
  return (
    <section>
      <h1 className="text-2xl font-semibold tracking-tight">Development webhook inbox</h1>
      <p className="mt-1 text-sm text-stone-500">
        Webhooks sent here are kept (the newest {DEV_INBOX_KEEPS}) and checked on arrival as your receiver would check them: the Standard Webhooks signature, with the
        webhook_secret of the order they are about. Not served in production.
      </p>
      <div className="mt-4 rounded-lg border border-stone-200 bg-white p-4 text-sm">
        <p className="font-medium">Give this as an order&apos;s webhook_url:</p>
        <p className="mt-1">
          <code className={`${code} break-all`} data-testid="inbox-url">
            {devWebhookInboxUrl()}
          </code>
        </p>
        <p className="mt-3 text-stone-600">
          Send a logged message again: <code className={code}>npm run webhooks -- resend msg_…</code>. Send a signed test to any URL:{" "}
          <code className={code}>npm run webhooks -- test ord_… URL</code>.
        </p>
      </div>
      <p className="mt-4 text-sm">
        <a href="/dev/webhooks" className={linkClass}>
          Look again
        </a>
      </p>
      {messages.length === 0 ? (
        <p className="mt-4 rounded border border-dashed border-stone-300 p-6 text-center text-stone-500">No webhook yet. Send a sandbox letter with the webhook_url above to see its messages here.</p>
      ) : (
        <ol className="mt-4 space-y-4" aria-label="Messages received, newest first">
          {messages.map((m) => (
            <li key={m.id}>
              <InboxEntry message={m} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function InboxEntry({ message: m }: { message: InboxMessage }) {
  const titleId = `${m.id}-title`;
  return (
    <article aria-labelledby={titleId} className="rounded-lg border border-stone-200 bg-white p-4" data-testid="inbox-message" data-order={m.orderId ?? ""}>
      <h2 id={titleId} className="font-mono text-base font-semibold break-all">
        {m.type ?? "(no type)"}
      </h2>
      <p className="mt-1 text-sm text-stone-500">
        {m.orderId ? <>{m.orderId} · </> : null}
        {m.messageId ? <>{m.messageId} · </> : null}
        received <time dateTime={m.receivedAt.toISOString()}>{m.receivedAt.toUTCString().replace("GMT", "UTC")}</time>
      </p>
      <p
        className={`mt-2 rounded border px-2 py-1 text-sm ${m.verified ? "border-green-300 bg-green-50 text-green-900" : "border-red-300 bg-red-50 text-red-900"}`}
        data-testid="verdict"
      >
        <span aria-hidden="true">{m.verified ? "✓ " : "✗ "}</span>
        {m.verified ? "Signature verified" : `Signature ${m.verdict}`}
      </p>
      <details className="mt-3">
        <summary className="cursor-pointer text-sm font-medium">Headers ({m.headers.length})</summary>
        <dl className="mt-2 grid grid-cols-1 gap-x-4 text-sm sm:grid-cols-[max-content_1fr]">
          {m.headers.map(([name, value]) => (
            <div key={name} className="contents">
              <dt className="mt-1 font-mono text-stone-600">{name}</dt>
              <dd className="mt-1 mb-1 font-mono break-all">{value}</dd>
            </div>
          ))}
        </dl>
      </details>
      <details className="mt-2">
        <summary className="cursor-pointer text-sm font-medium">Body</summary>
        <pre className="mt-2 rounded border border-stone-200 bg-stone-50 p-3 text-xs break-all whitespace-pre-wrap" data-testid="inbox-body">
          {m.body}
        </pre>
      </details>
    </article>
  );
}
