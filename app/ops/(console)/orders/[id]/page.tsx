import type { Metadata } from "next";
import { REVIEW_ERRORS, ReviewForms } from "@/components/ops/review-forms";
import { Badge, Facts, PageTitle, When, one } from "@/components/ops/ops-ui";
import { linkClass } from "@/components/ui/controls";
import { ProofPages } from "@/components/shared/proof-pages";
import { Notice } from "@/components/ui/notice";
import type { Address } from "@/lib/letters/schemas";
import { maskCreditCode } from "@/lib/letters/credit-code-form";
import { FORMAT_LABELS, MAIL_CLASS_LABELS, type Format, type MailClass } from "@/lib/letters/formats";
import { getOpsOrderDetail } from "@/lib/ops/order-detail";
import { requireOperator } from "@/lib/ops/require-operator";
import { readScreeningEvidence, suggestedRefusal } from "@/lib/ops/review-queue";
import { ScreeningEvidence } from "@/components/ops/screening-evidence";
import { messageFor } from "@/lib/http/message-for";
import { dollars } from "@/lib/text/dollars";
import { pages } from "@/lib/text/pages";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Order" };

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

function AddressBlock({ title, a }: { title: string; a: Address }) {
  return (
    <div className="rounded border border-stone-200 bg-white p-3">
      <h3 className="text-sm font-medium text-stone-600">{title}</h3>
      <address className="mt-1 text-sm not-italic">
        {a.name}
        <br />
        {a.line1}
        {a.line2 ? (
          <>
            <br />
            {a.line2}
          </>
        ) : null}
        <br />
        {a.city}, {a.state} {a.zip}
      </address>
    </div>
  );
}


/** One order as an operator sees it: everything, including what the public never sees. */
export default async function OpsOrderPage({ params, searchParams }: Props) {
  const { id } = await params;
  await requireOperator(`/ops/orders/${id}`);
  const q = await searchParams;
  const d = await getOpsOrderDetail(id);
  // Not notFound(): in Next 16 it answers an empty shell without JavaScript (see PageNotFound).
  if (!d) {
    return (
      <article>
        <PageTitle lead={<>Search for it by id, tracking code, e-mail or ZIP instead.</>}>No order {id}</PageTitle>
        <p className="mt-4">
          <a className={linkClass} href={`/ops/orders?q=${encodeURIComponent(id)}`}>
            Search the orders
          </a>
        </p>
      </article>
    );
  }
  const o = d.order;
  const error = one(q.error);
  const evidence = readScreeningEvidence(o.screening);
  return (
    <article>
      <p className="text-sm">
        <a className={linkClass} href="/ops/orders">
          ← Orders
        </a>
      </p>
      <PageTitle lead={<>Created <When at={o.createdAt} />, last changed <When at={o.updatedAt} />.</>}>
        <span className="break-all">{o.id}</span>
      </PageTitle>
      <p className="mt-2 flex flex-wrap gap-2">
        <Badge>{o.status}</Badge>
        {o.sandbox ? <Badge tone="sandbox">sandbox</Badge> : <Badge tone="live">live</Badge>}
      </p>
      {one(q.released) ? <Notice tone="ok" testId="review-outcome">Released: it is handed to the carrier; a card is charged once the carrier takes it.</Notice> : null}
      {one(q.refused) ? <Notice tone="ok" testId="review-outcome">Refused: the sender gets the reason by e-mail and the payment is released.</Notice> : null}
      {error ? <Notice tone="error">{messageFor(REVIEW_ERRORS, error, "Something went wrong on our side and nothing was changed. Try again in a moment.")}</Notice> : null}
      {o.status === "held_for_review" ? (
        <section className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-4" aria-labelledby="held-heading">
          <h2 id="held-heading" className="font-semibold">
            Held for review
          </h2>
          <div className="mt-2">
            <ScreeningEvidence evidence={evidence} />
          </div>
          <ReviewForms orderId={o.id} back={`/ops/orders/${o.id}`} error={error ?? null} suggested={suggestedRefusal(evidence)} />
        </section>
      ) : evidence ? (
        <section className="mt-4" aria-label="Screening">
          <ScreeningEvidence evidence={evidence} />
        </section>
      ) : null}

      <section className="mt-6" aria-labelledby="summary-heading">
        <h2 id="summary-heading" className="text-lg font-semibold">
          Summary
        </h2>
        <div className="mt-2">
          <Facts
            items={[
              ["Piece", `${FORMAT_LABELS[o.format as Format] ?? o.format}, ${MAIL_CLASS_LABELS[o.mailClass as MailClass] ?? o.mailClass}, ${pages(o.pageCount)}${o.color ? ", color" : ""}`],
              ["Price", dollars(o.priceCents)],
              ["E-mail", o.email ?? "none"],
              ["Webhook URL", o.webhookUrl ?? "none"],
              ["Tracking", <a key="t" className={linkClass} href={d.trackingUrl}>{d.trackingUrl}</a>],
              ["Tracking number", o.trackingNumber ?? "not yet"],
              ["Expected delivery", o.expectedDeliveryDate ?? "not yet"],
              ["Carrier", o.carrier ? `${o.carrier}${o.providerId ? ` (${o.providerId})` : ""}` : "not yet"],
              ["Content", `${o.contentKind}${o.contentSource ? ` from ${o.contentSource}` : ""}`],
              ["Caller", `${o.actor ?? "sandbox"}${o.apiKeyId ? ` · key ${o.apiKeyId}` : ""}${o.clientIp ? ` · ${o.clientIp}` : ""}`],
              ...(o.refusalReason ? ([["Refusal reason", o.refusalReason]] as [string, string][]) : []),
              ...(o.failureCode ? ([["Failure", `${o.failureCode}: ${o.failureReason ?? ""}${o.providerCheckNeeded ? " (a piece may exist at the carrier)" : ""}`]] as [string, string][]) : []),
            ]}
          />
        </div>
      </section>

      <section className="mt-6" aria-labelledby="addresses-heading">
        <h2 id="addresses-heading" className="text-lg font-semibold">
          Addresses
        </h2>
        <div className="mt-2 grid grid-cols-1 gap-3 sm:grid-cols-2">
          <AddressBlock title="To" a={o.to} />
          <AddressBlock title="From" a={o.from} />
        </div>
      </section>

      <section className="mt-6" aria-labelledby="letter-heading">
        <h2 id="letter-heading" className="text-lg font-semibold">
          Letter
        </h2>
        {d.proof ? (
          <div className="mt-1 flex flex-col gap-2">
            <p className="text-sm">
              <a className={linkClass} href={d.proof.pdf}>
                Proof PDF
              </a>{" "}
              ({pages(d.proof.pageCount)}, exactly what prints)
            </p>
            <ProofPages proof={d.proof} format={o.format as Format} of={`the proof of ${o.id}`} layout="row" />
          </div>
        ) : null}
        {o.text ? (
          <pre tabIndex={0} aria-label="Letter text" className="mt-2 max-h-72 overflow-auto whitespace-pre-wrap break-words rounded border border-stone-200 bg-white p-3 font-serif text-sm">
            {o.text}
          </pre>
        ) : null}
      </section>

      <section className="mt-6" aria-labelledby="payment-heading">
        <h2 id="payment-heading" className="text-lg font-semibold">
          Payment
        </h2>
        {d.payment ? (
          <div className="mt-2">
            <Facts
              items={[
                ["Rail", `${d.payment.rail} (${d.payment.uiMode})`],
                ["State", d.payment.state],
                ["Amount", dollars(d.payment.amountCents)],
                ["Checkout", d.payment.checkoutSessionId],
                ["Payment intent", d.payment.paymentIntentId ?? "none"],
                ["Since", <When key="c" at={d.payment.createdAt} />],
              ]}
            />
          </div>
        ) : (
          <p className="mt-1 text-sm text-stone-700">{o.creditCode ? `Paid with credit code ${maskCreditCode(o.creditCode)}.` : o.sandbox ? "Sandbox: nothing is charged." : `Method: ${o.paymentMethod ?? "none"}.`}</p>
        )}
        {d.ledger.length ? (
          <ul className="mt-2 space-y-1 text-sm">
            {d.ledger.map((l) => (
              <li key={l.id}>
                <When at={l.createdAt} /> · {l.kind} on {maskCreditCode(l.code)}: face {dollars(l.faceCents)}, bonus {dollars(l.bonusCents)} · {l.note}
              </li>
            ))}
          </ul>
        ) : null}
      </section>

      <section className="mt-6" aria-labelledby="timeline-heading">
        <h2 id="timeline-heading" className="text-lg font-semibold">
          Timeline
        </h2>
        <ol className="mt-2 space-y-2 border-l-2 border-stone-300 pl-4 text-sm" data-testid="order-timeline">
          {d.events.map((e) => (
            <li key={e.id}>
              <When at={e.occurredAt} /> <Badge tone={e.toStatus ?? e.kind}>{e.kind === "status" ? `${e.fromStatus ?? "new"} → ${e.toStatus}` : e.kind}</Badge>
              <span className="block break-words text-stone-800">
                {e.description ? `${e.description}${e.city ? ` (${[e.city, e.state, e.zip].filter(Boolean).join(" ")})` : ""} · ` : ""}
                {e.cause}
              </span>
            </li>
          ))}
        </ol>
      </section>

      <section className="mt-6" aria-labelledby="webhooks-heading">
        <h2 id="webhooks-heading" className="text-lg font-semibold">
          Webhook messages
        </h2>
        {d.webhookDeliveries.length === 0 ? (
          <p className="mt-1 text-sm text-stone-700">{o.webhookUrl ? "None yet." : "No webhook URL: nothing is sent."}</p>
        ) : (
          <ul className="mt-2 space-y-2">
            {d.webhookDeliveries.map((w) => (
              <li key={w.id} className="rounded border border-stone-200 bg-white p-3 text-sm">
                <p className="flex flex-wrap items-center gap-2">
                  <span className="font-medium">{w.type}</span> <Badge tone={w.state === "delivered" ? "delivered" : w.state === "failed" ? "failed" : "pending"}>{w.state}</Badge>
                  <span className="break-all text-stone-600">{w.id}</span>
                </p>
                <p className="mt-1 text-stone-700">
                  Created <When at={w.created_at} />
                  {w.delivered_at ? <>, delivered <When at={w.delivered_at} /></> : null}
                  {w.next_attempt_at ? <>, next attempt <When at={w.next_attempt_at} /></> : null}
                  {w.last_error ? <>; last error: {w.last_error}</> : null}
                </p>
                {w.attempts.length ? (
                  <details className="mt-1">
                    <summary className="cursor-pointer text-blue-800 underline">
                      {w.attempts.length} attempt{w.attempts.length === 1 ? "" : "s"}
                    </summary>
                    <ol className="mt-1 list-decimal pl-5">
                      {w.attempts.map((a) => (
                        <li key={a.attempt}>
                          <When at={a.at} />, {a.duration_ms} ms: {a.http_status ? `HTTP ${a.http_status}` : "no answer"}
                          {a.error ? ` (${a.error})` : ""}
                          {a.retry_at ? <>; retry at <When at={a.retry_at} /></> : null}
                        </li>
                      ))}
                    </ol>
                  </details>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="mt-6" aria-labelledby="emails-heading">
        <h2 id="emails-heading" className="text-lg font-semibold">
          E-mails
        </h2>
        {d.emails.length === 0 ? (
          <p className="mt-1 text-sm text-stone-700">{o.email ? "None yet." : "No e-mail address: nothing is sent."}</p>
        ) : (
          <ul className="mt-2 space-y-1 text-sm">
            {d.emails.map((m) => (
              <li key={m.kind}>
                <span className="font-medium">{m.kind}</span> <Badge tone={m.state === "sent" ? "sent" : m.state === "failed" ? "failed" : "pending"}>{m.state}</Badge> · {m.attempts} attempt{m.attempts === 1 ? "" : "s"}
                {m.sent_at ? <>, sent <When at={m.sent_at} /></> : null}
                {m.last_error ? <>; last error: {m.last_error}</> : null}
              </li>
            ))}
          </ul>
        )}
      </section>

      {d.feedback.length || d.review ? (
        <section className="mt-6" aria-labelledby="reports-heading">
          <h2 id="reports-heading" className="text-lg font-semibold">
            Feedback and review
          </h2>
          <ul className="mt-2 space-y-1 text-sm">
            {d.review ? (
              <li>
                Review, {d.review.stars} of 5 stars, <When at={d.review.createdAt} />: {d.review.comment}
              </li>
            ) : null}
            {d.feedback.map((f) => (
              <li key={f.id}>
                <a className={linkClass} href="/ops/feedback?view=all">
                  {f.id}
                </a>{" "}
                ({f.kind}, <When at={f.createdAt} />): {f.message}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </article>
  );
}
