import type { Metadata } from "next";
import { markHandled, reopenReport } from "@/app/ops/actions";
import { Badge, Facts, PageTitle, When, one } from "@/components/ops/ops-ui";
import { linkClass, quietButton } from "@/components/ui/controls";
import { Notice } from "@/components/ui/notice";
import { FEEDBACK_VIEWS, listFeedback, type FeedbackView } from "@/lib/ops/feedback-inbox";
import { requireOperator } from "@/lib/ops/require-operator";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Feedback" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const VIEW_LABELS: Record<FeedbackView, string> = { open: "New", handled: "Handled", all: "All" };

/** Reports from POST /v1/feedback, newest first, with everything they came with. */
export default async function OpsFeedbackPage({ searchParams }: Props) {
  await requireOperator("/ops/feedback");
  const q = await searchParams;
  const view = (FEEDBACK_VIEWS as readonly string[]).includes(one(q.view) ?? "") ? (one(q.view) as FeedbackView) : "open";
  const page = Number(one(q.page) ?? 1);
  const { reports, hasNext, page: p } = await listFeedback(view, page);
  const here = `/ops/feedback?${new URLSearchParams({ view, ...(p > 1 ? { page: String(p) } : {}) })}`;
  const pageLink = (n: number) => `/ops/feedback?${new URLSearchParams({ view, page: String(n) })}`;
  const error = one(q.error);
  return (
    <section>
      <PageTitle lead="Reports of wrong responses, docs that disagree with the service, and bugs, from people and agents. Newest first.">Feedback</PageTitle>
      <nav aria-label="Which reports" className="mt-4 flex gap-2 text-sm">
        {FEEDBACK_VIEWS.map((v) => (
          <a key={v} href={`/ops/feedback?view=${v}`} aria-current={v === view ? "page" : undefined} className={`rounded px-2 py-1 ${v === view ? "bg-stone-900 text-white" : "text-blue-800 underline"}`}>
            {VIEW_LABELS[v]}
          </a>
        ))}
      </nav>
      {one(q.handled) ? <Notice tone="ok">Marked {one(q.handled)} handled. It is under Handled now.</Notice> : null}
      {one(q.reopened) ? <Notice tone="ok">Reopened {one(q.reopened)}. It is under New again.</Notice> : null}
      {error ? <Notice tone="error">{error === "feedback_not_open" ? "That report was not marked handled, so there was nothing to reopen. Reload the page." : "No report has that id. Reload the page and try again."}</Notice> : null}
      {reports.length === 0 ? (
        <p className="mt-6 rounded border border-dashed border-stone-300 p-6 text-center text-stone-600">{view === "open" ? "No new reports." : "No reports here."}</p>
      ) : (
        <ul className="mt-4 space-y-4" aria-label={`${VIEW_LABELS[view]} reports`}>
          {reports.map((r) => (
            <li key={r.id} id={r.id} className="rounded-lg border border-stone-200 bg-white p-4" data-testid="feedback-report">
              <h2 className="flex flex-wrap items-center gap-2 text-base font-semibold">
                <span className="break-all">{r.id}</span> <Badge tone={r.handledAt ? "delivered" : "pending"}>{r.kind.replace("_", " ")}</Badge>
              </h2>
              <p className="mt-2 whitespace-pre-wrap break-words">{r.message}</p>
              <div className="mt-3">
                <Facts
                  items={[
                    ["Received", <When key="at" at={r.createdAt} />],
                    ["Route", r.route ?? "not given"],
                    ["Response reported", r.requestId ?? "not given"],
                    ["Order", r.orderId ? <a key="o" className={linkClass} href={`/ops/orders/${r.orderId}`}>{r.orderId}</a> : "not given"],
                    ...(r.expected ? ([["Expected", <span key="e" className="whitespace-pre-wrap">{r.expected}</span>]] as [string, React.ReactNode][]) : []),
                    ...(r.actual ? ([["Actual", <span key="a" className="whitespace-pre-wrap">{r.actual}</span>]] as [string, React.ReactNode][]) : []),
                    ["Reply to", r.email ? <a key="m" className={linkClass} href={`mailto:${r.email}`}>{r.email}</a> : "no address given"],
                    ["Reporter", `${r.actor}${r.apiKeyId ? ` (key ${r.apiKeyId})` : ""}`],
                    ["User agent", r.userAgent ?? "none"],
                    ["Report's request id", r.receivedRequestId],
                    ...(r.handledAt ? ([["Handled", <span key="h">by {r.handledBy}, <When at={r.handledAt} /></span>]] as [string, React.ReactNode][]) : []),
                  ]}
                />
              </div>
              <form action={r.handledAt ? reopenReport : markHandled} className="mt-3">
                <input type="hidden" name="feedback_id" value={r.id} />
                <input type="hidden" name="back" value={here} />
                <button type="submit" className={quietButton}>
                  {r.handledAt ? "Reopen" : "Mark handled"}
                  <span className="sr-only"> {r.id}</span>
                </button>
              </form>
            </li>
          ))}
        </ul>
      )}
      <nav aria-label="Pages of reports" className="mt-4 flex gap-4 text-sm">
        {p > 1 ? (
          <a className={linkClass} href={pageLink(p - 1)} rel="prev">
            Newer reports
          </a>
        ) : null}
        {hasNext ? (
          <a className={linkClass} href={pageLink(p + 1)} rel="next">
            Older reports
          </a>
        ) : null}
      </nav>
    </section>
  );
}
