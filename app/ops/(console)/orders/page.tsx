import type { Metadata } from "next";
import { Badge, PageTitle, When, one } from "@/components/ops/ops-ui";
import { inputClass, linkClass, primaryButton } from "@/components/ui/controls";
import { Notice } from "@/components/ui/notice";
import { displayCity } from "@/lib/letters/display-city";
import { requireOperator } from "@/lib/ops/require-operator";
import { SEARCH_HELP, searchOrders } from "@/lib/ops/search-orders";
import { dollars } from "@/lib/text/dollars";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Orders" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const UNDERSTOOD: Record<string, string> = { id: "order id", tracking: "tracking code or number", email: "sender e-mail", zip: "recipient ZIP" };

/** Order search (a GET form: results have their own address) and the newest orders. */
export default async function OpsOrdersPage({ searchParams }: Props) {
  await requireOperator("/ops/orders");
  const q = await searchParams;
  const text = (one(q.q) ?? "").slice(0, 300);
  const page = Number(one(q.page) ?? 1);
  const result = await searchOrders(text, page);
  const invalid = result.query.kind === "invalid" ? result.query.message : null;
  const pageLink = (p: number) => `/ops/orders?${new URLSearchParams({ ...(text ? { q: text } : {}), page: String(p) })}`;
  return (
    <section>
      <PageTitle lead="Newest first.">Orders</PageTitle>
      <form method="get" action="/ops/orders" role="search" className="mt-4 flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="grow">
          <label htmlFor="order-search" className="block text-sm font-medium">
            Order id, tracking code or link, e-mail, or recipient ZIP
          </label>
          <input
            id="order-search"
            name="q"
            type="search"
            defaultValue={text}
            maxLength={254}
            aria-invalid={invalid ? true : undefined}
            aria-describedby="order-search-help"
            className={`mt-1 ${inputClass}`}
          />
        </div>
        <button type="submit" className={primaryButton}>
          Search
        </button>
      </form>
      <p id="order-search-help" className={`mt-1 text-sm ${invalid ? "text-red-800" : "text-stone-600"}`} role={invalid ? "alert" : undefined}>
        {invalid ?? SEARCH_HELP}
      </p>
      {result.query.kind !== "all" && !invalid ? (
        <p className="mt-3 text-sm" role="status">
          {result.orders.length === 0 ? "No order matches" : `Orders matching`} the {UNDERSTOOD[result.query.kind]} “{text.trim()}”
          {result.orders.length === 0 ? ". Check it for typos, or search by another field." : ":"} <a className={linkClass} href="/ops/orders">Show all orders</a>
        </p>
      ) : null}
      {result.orders.length ? (
        <ul className="mt-4 divide-y divide-stone-200 rounded-lg border border-stone-200 bg-white" aria-label="Orders" data-testid="order-results">
          {result.orders.map((o) => (
            <li key={o.id} className="px-4 py-3">
              <div className="flex flex-wrap items-center gap-2">
                <a className={`break-all font-medium ${linkClass}`} href={`/ops/orders/${o.id}`}>
                  {o.id}
                </a>
                <Badge>{o.status}</Badge>
                {o.sandbox ? <Badge tone="sandbox">sandbox</Badge> : null}
              </div>
              <p className="mt-1 text-sm text-stone-700">
                To {o.to.name}, {displayCity(o.to.city)}, {o.to.state} {o.to.zip} · {dollars(o.priceCents)} · <When at={o.createdAt} />
                {o.email ? <> · {o.email}</> : null}
                {o.failureCode ? <> · failed: {o.failureCode}</> : null}
              </p>
            </li>
          ))}
        </ul>
      ) : result.query.kind === "all" ? (
        <Notice tone="info">No orders yet.</Notice>
      ) : null}
      <nav aria-label="Pages of orders" className="mt-4 flex gap-4 text-sm">
        {result.page > 1 ? (
          <a className={linkClass} href={pageLink(result.page - 1)} rel="prev">
            Newer orders
          </a>
        ) : null}
        {result.hasNext ? (
          <a className={linkClass} href={pageLink(result.page + 1)} rel="next">
            Older orders
          </a>
        ) : null}
        <span className="text-stone-600">Page {result.page}</span>
      </nav>
    </section>
  );
}
