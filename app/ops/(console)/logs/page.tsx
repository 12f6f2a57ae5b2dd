import type { Metadata } from "next";
import { Badge, PageTitle, When } from "@/components/ops/ops-ui";
import { linkClass } from "@/components/ui/controls";
import { listFailedOrders, listReconcileActions, listStuckX402Purchases, listTroubledWebhooks } from "@/lib/ops/ops-logs";
import { listOpsActions } from "@/lib/ops/record-ops-action";
import { requireOperator } from "@/lib/ops/require-operator";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Logs" };

function Empty({ children }: { children: React.ReactNode }) {
  return <p className="mt-2 rounded border border-dashed border-stone-300 p-4 text-center text-sm text-stone-600">{children}</p>;
}

const orderLink = (id: string) => (
  <a className={`break-all ${linkClass}`} href={`/ops/orders/${id}`}>
    {id}
  </a>
);

/** Webhook messages in trouble, what the reconcile loop did, failed orders, x402 purchases left settling, and operators' actions. */
export default async function OpsLogsPage() {
  await requireOperator("/ops/logs");
  const [webhooks, reconcile, failed, settling, actions] = await Promise.all([listTroubledWebhooks(), listReconcileActions(), listFailedOrders(), listStuckX402Purchases(), listOpsActions()]);
  return (
    <section>
      <PageTitle lead="The latest 50 of each, newest first.">Logs</PageTitle>
      <nav aria-label="Sections of this page" className="mt-3 flex flex-wrap gap-3 text-sm">
        <a className={linkClass} href="#webhooks">Webhook messages</a>
        <a className={linkClass} href="#reconcile">Reconcile loop</a>
        <a className={linkClass} href="#failed">Failed orders</a>
        <a className={linkClass} href="#x402-settling">x402 purchases settling</a>
        <a className={linkClass} href="#operators">Operator actions</a>
      </nav>

      <section id="webhooks" className="mt-6" aria-labelledby="webhooks-heading">
        <h2 id="webhooks-heading" className="text-lg font-semibold">
          Webhook messages that failed or are being retried
        </h2>
        {webhooks.length === 0 ? (
          <Empty>Every webhook message so far was delivered at its first attempt.</Empty>
        ) : (
          <ul className="mt-2 space-y-2" data-testid="webhook-log">
            {webhooks.map((w) => (
              <li key={w.id} className="rounded border border-stone-200 bg-white p-3 text-sm">
                <p className="flex flex-wrap items-center gap-2">
                  <span className="font-medium">{w.type}</span> <Badge tone={w.state === "failed" ? "failed" : "pending"}>{w.state === "failed" ? "failed" : "retrying"}</Badge> {orderLink(w.orderId)}
                </p>
                <p className="mt-1 break-words text-stone-700">
                  {w.attempts} attempt{w.attempts === 1 ? "" : "s"}
                  {w.lastStatus ? `, last HTTP ${w.lastStatus}` : ""}
                  {w.lastError ? `, last error: ${w.lastError}` : ""}
                  {w.nextAttemptAt ? (
                    <>
                      ; next attempt <When at={w.nextAttemptAt} />
                    </>
                  ) : null}
                </p>
                <details className="mt-1">
                  <summary className="cursor-pointer text-blue-800 underline">
                    Attempts of {w.id}
                  </summary>
                  <ol className="mt-1 list-decimal pl-5">
                    {w.attemptLog.map((a) => (
                      <li key={a.attempt}>
                        <When at={a.at} />, {a.durationMs} ms: {a.status ? `HTTP ${a.status}` : "no answer"}
                        {a.error ? ` (${a.error})` : ""}
                        {a.retryAt ? (
                          <>
                            ; retry at <When at={a.retryAt} />
                          </>
                        ) : null}
                      </li>
                    ))}
                  </ol>
                </details>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section id="reconcile" className="mt-8" aria-labelledby="reconcile-heading">
        <h2 id="reconcile-heading" className="text-lg font-semibold">
          What the reconcile loop did
        </h2>
        <p className="text-sm text-stone-600">Hourly: unconfirmed hand-offs, pieces the carrier dropped or that stopped moving, stray pieces of failed orders.</p>
        {reconcile.length === 0 ? (
          <Empty>The reconcile loop has not had to act on any order.</Empty>
        ) : (
          <ul className="mt-2 divide-y divide-stone-200 rounded border border-stone-200 bg-white text-sm" data-testid="reconcile-log">
            {reconcile.map((e) => (
              <li key={e.id} className="px-3 py-2">
                <When at={e.at} /> · {orderLink(e.orderId)} · <span className="break-words">{e.cause}</span>
                {e.toStatus ? <> → <Badge>{e.toStatus}</Badge></> : null}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section id="failed" className="mt-8" aria-labelledby="failed-heading">
        <h2 id="failed-heading" className="text-lg font-semibold">
          Failed orders
        </h2>
        {failed.length === 0 ? (
          <Empty>No order has failed.</Empty>
        ) : (
          <ul className="mt-2 divide-y divide-stone-200 rounded border border-stone-200 bg-white text-sm" data-testid="failed-log">
            {failed.map((o) => (
              <li key={o.id} className="px-3 py-2">
                <p className="flex flex-wrap items-center gap-2">
                  {orderLink(o.id)} <Badge>{o.status}</Badge> <code>{o.failureCode}</code>
                  {o.providerCheckNeeded ? <Badge tone="pending">piece may exist at the carrier</Badge> : null}
                </p>
                <p className="mt-1 text-stone-700">
                  <When at={o.updatedAt} /> · {o.failureReason}
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section id="x402-settling" className="mt-8" aria-labelledby="x402-settling-heading">
        <h2 id="x402-settling-heading" className="text-lg font-semibold">
          x402 purchases left settling
        </h2>
        <p className="text-sm text-stone-600">
          The facilitator&apos;s answer was lost or the code could not be minted. The payer&apos;s retry or the minute sweep settles them while the authorization is valid; an expired one needs the payer&apos;s nonce looked up on chain.
        </p>
        {settling.length === 0 ? (
          <Empty>No x402 purchase is waiting for its settlement.</Empty>
        ) : (
          <ul className="mt-2 divide-y divide-stone-200 rounded border border-stone-200 bg-white text-sm" data-testid="x402-settling-log">
            {settling.map((p) => (
              <li key={p.id} className="px-3 py-2 break-words">
                <p className="flex flex-wrap items-center gap-2">
                  <span className="font-medium">{p.pack} pack</span> <Badge tone={p.expired ? "failed" : "pending"}>{p.expired ? "authorization expired: check the chain" : "settling"}</Badge> {p.network}
                </p>
                <p className="mt-1 text-stone-700">
                  <When at={p.createdAt} /> · payer <code className="break-all">{p.payer}</code> · nonce <code className="break-all">{p.nonce}</code>
                  {p.txHash ? (
                    <>
                      {" "}
                      · transaction <code className="break-all">{p.txHash}</code>
                    </>
                  ) : null}
                  {p.email ? ` · ${p.email}` : ""}
                </p>
                <p className="mt-1 text-stone-700">
                  {p.attempts} attempt{p.attempts === 1 ? "" : "s"}
                  {p.lastError ? `, last: ${p.lastError}` : ""}
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section id="operators" className="mt-8" aria-labelledby="operators-heading">
        <h2 id="operators-heading" className="text-lg font-semibold">
          Operator actions
        </h2>
        {actions.length === 0 ? (
          <Empty>No operator has acted yet.</Empty>
        ) : (
          <ul className="mt-2 divide-y divide-stone-200 rounded border border-stone-200 bg-white text-sm" data-testid="operator-log">
            {actions.map((a) => (
              <li key={a.id} className="px-3 py-2 break-words">
                <When at={a.at} /> · {a.operator} · {a.action} · {a.subject.startsWith("ord_") ? orderLink(a.subject) : a.subject}
                {a.detail ? <span className="block text-stone-700">{a.detail}</span> : null}
              </li>
            ))}
          </ul>
        )}
      </section>
    </section>
  );
}
