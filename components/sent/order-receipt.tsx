import { FORMAT_LABELS, MAIL_CLASS_LABELS, type Format, type MailClass } from "@/lib/letters/formats";
import type { PaidWith } from "@/components/compose/order-store";
import type { Order } from "@/components/sent/use-order";
import { PriceBreakdown } from "@/components/shared/price-breakdown";
import { displayCity } from "@/lib/letters/display-city";
import { dollars } from "@/lib/text/dollars";

function howPaid(order: Order, paidWith: PaidWith | null): string {
  if (order.sandbox) return "Sandbox: free, nothing was charged.";
  if (order.status === "canceled" || order.status === "refused") return "Nothing was charged: the payment was released.";
  if (order.status === "failed") return "Refunded: the payment goes back where it came from.";
  if (!paidWith) return "Paid when the letter was placed (see your receipt e-mail).";
  if (paidWith.kind === "credit") return `Credit code ${paidWith.codeHint}: ${dollars(paidWith.chargedCents)} spent, ${dollars(paidWith.balanceCents)} left on the code.`;
  if (paidWith.kind === "card") {
    return order.status === "pending_payment"
      ? "Card: not paid yet."
      : ["screening", "held_for_review"].includes(order.status)
        ? "Card: authorized, charged only once the letter goes to the printer."
        : "Card: charged.";
  }
  return "Sandbox: free.";
}

/** The receipt: what was sent, the price breakdown, and how it was paid. */
export function OrderReceipt({ order, paidWith }: { order: Order; paidWith: PaidWith | null }) {
  return (
    <section aria-labelledby="receipt-heading" className="rounded-lg border border-stone-200 bg-white p-4">
      <h2 id="receipt-heading" className="text-lg font-semibold">Receipt</h2>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-stone-600">Order</dt>
        <dd className="break-all font-mono">{order.id}</dd>
        <dt className="text-stone-600">What</dt>
        <dd>
          {FORMAT_LABELS[order.format as Format] ?? order.format}, {MAIL_CLASS_LABELS[order.mail_class as MailClass] ?? order.mail_class}, {order.page_count} page{order.page_count === 1 ? "" : "s"}
          {order.color ? ", color" : ""}
        </dd>
        <dt className="text-stone-600">To</dt>
        <dd>
          {order.to.name}, {displayCity(order.to.city)}, {order.to.state} {order.to.zip}
        </dd>
        <dt className="text-stone-600">Placed</dt>
        <dd>{new Date(order.created_at).toLocaleString()}</dd>
      </dl>
      <PriceBreakdown lines={order.breakdown} total={{ label: "Total", cents: order.price_cents, testId: "receipt-total" }} className="mt-3" />
      <p className="mt-3 text-sm" data-testid="paid-with">
        <span className="font-semibold">Paid with: </span>
        {howPaid(order, paidWith)}
      </p>
    </section>
  );
}
