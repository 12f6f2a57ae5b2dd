import type { Metadata } from "next";
import { REVIEW_ERRORS, ReviewForms } from "@/components/ops/review-forms";
import { Facts, PageTitle, When, one } from "@/components/ops/ops-ui";
import { linkClass } from "@/components/ui/controls";
import { ProofPages } from "@/components/shared/proof-pages";
import { Notice } from "@/components/ui/notice";
import { displayCity } from "@/lib/letters/display-city";
import { FORMAT_LABELS, MAIL_CLASS_LABELS, type Format, type MailClass } from "@/lib/letters/formats";
import { requireOperator } from "@/lib/ops/require-operator";
import { listReviewQueue, suggestedRefusal } from "@/lib/ops/review-queue";
import { ScreeningEvidence } from "@/components/ops/screening-evidence";
import { messageFor } from "@/lib/http/message-for";
import { dollars } from "@/lib/text/dollars";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Review queue" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Letters screening held for a person, oldest first: read each, then release or refuse it. */
export default async function ReviewQueuePage({ searchParams }: Props) {
  await requireOperator("/ops/review");
  const q = await searchParams;
  const queue = await listReviewQueue();
  const error = one(q.error);
  const errorOrder = one(q.order) ?? null;
  const released = one(q.released);
  const refused = one(q.refused);
  return (
    <section>
      <PageTitle lead="Letters screening could not clear by itself, oldest first. Read the letter and its proof, then release it to the printer or refuse it with a reason the sender will read.">
        Review queue
      </PageTitle>
      {released ? (
        <Notice tone="ok" testId="review-outcome">
          Released {released}: it is handed to the carrier; a card is charged once the carrier takes it. <a className={linkClass} href={`/ops/orders/${released}`}>Open the order</a>
        </Notice>
      ) : null}
      {refused ? (
        <Notice tone="ok" testId="review-outcome">
          Refused {refused}: the sender gets the reason by e-mail and the payment is released. <a className={linkClass} href={`/ops/orders/${refused}`}>Open the order</a>
        </Notice>
      ) : null}
      {error ? (
        <Notice tone="error">
          {errorOrder ? `${errorOrder}: ` : ""}
          {messageFor(REVIEW_ERRORS, error, "Something went wrong on our side and nothing was changed. Try again in a moment.")}
        </Notice>
      ) : null}
      {queue.length === 0 ? (
        <p className="mt-6 rounded border border-dashed border-stone-300 p-6 text-center text-stone-600" data-testid="review-empty">
          Nothing is waiting for review.
        </p>
      ) : (
        <ol className="mt-6 space-y-6" aria-label="Held letters, oldest first">
          {queue.map((o, index) => (
            <li key={o.id} id={o.id} className="rounded-lg border border-stone-200 bg-white p-4" data-testid="held-letter">
              <h2 className="break-all text-lg font-semibold">
                <a className={linkClass} href={`/ops/orders/${o.id}`}>
                  {o.id}
                </a>{" "}
                <span className="text-sm font-normal text-stone-600">{o.sandbox ? "sandbox" : "live"}</span>
              </h2>
              <div className="mt-2">
                <Facts
                  items={[
                    ["Held because", <span key="why" data-testid="held-why">{o.why}</span>],
                    ["Held since", <When key="at" at={o.heldAt} />],
                    ["To", `${displayCity(o.to.city)}, ${o.to.state}`],
                    ["Piece", `${FORMAT_LABELS[o.format as Format] ?? o.format}, ${MAIL_CLASS_LABELS[o.mailClass as MailClass] ?? o.mailClass}, ${o.pageCount} page${o.pageCount === 1 ? "" : "s"}, ${dollars(o.priceCents)}`],
                  ]}
                />
              </div>
              <div className="mt-3">
                <ScreeningEvidence evidence={o.screening} />
              </div>
              {o.text ? (
                <div className="mt-3">
                  <h3 className="text-sm font-medium text-stone-600">The letter</h3>
                  <pre tabIndex={0} aria-label={`Text of ${o.id}`} className="mt-1 max-h-72 overflow-auto whitespace-pre-wrap break-words rounded border border-stone-200 bg-stone-50 p-3 font-serif text-sm" data-testid="held-text">
                    {o.text}
                  </pre>
                </div>
              ) : (
                <p className="mt-3 text-sm text-stone-600">A PDF letter: read it in its proof.</p>
              )}
              {o.proof ? (
                <div className="mt-3 flex flex-col gap-2">
                  <ProofPages proof={o.proof} format={o.format as Format} of={`the proof of ${o.id}`} layout="row" eager={index < 3} />
                  <p className="text-sm">
                    <a className={linkClass} href={o.proof.pdf}>
                      Read the proof PDF<span className="sr-only"> of {o.id}</span>
                    </a>{" "}
                    (exactly what prints)
                  </p>
                </div>
              ) : null}
              <ReviewForms orderId={o.id} back="/ops/review" error={errorOrder === o.id ? (error ?? null) : null} suggested={suggestedRefusal(o.screening)} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
