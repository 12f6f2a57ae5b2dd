"use client";

import { trackingPath, useOrder, type Order, type OrderPolling } from "@/components/sent/use-order";
import { OrderStatusSentence } from "@/components/shared/order-status-sentence";
import { asSentence } from "@/lib/text/as-sentence";

// The return page's order part: it polls GET /v1/orders/{id} until the payment is confirmed
// (the order leaves pending_payment), then says where the letter stands and links on.

type Props = { orderId: string; initialStatus: string; trackingUrl: string; sandboxCarrier: boolean };

// Quick while the card payment is being confirmed: that takes seconds, and the reader waits.
const POLLING: OrderPolling = { again: (a) => a.ok && a.order.status === "pending_payment", delayMs: () => 1_500 };

function headline(status: string): string {
  if (status === "pending_payment") return "Confirming your payment…";
  if (status === "canceled") return "Order canceled";
  if (status === "refused") return "Payment released: the letter was refused";
  if (status === "failed") return "The letter could not be mailed";
  return "Payment received";
}

function detail(o: Order | null, status: string): string {
  if (status === "pending_payment") return " We are waiting for the card payment to be confirmed; this page updates by itself.";
  if (status === "screening" || status === "held_for_review") return " Your card is authorized and will be charged once the letter clears screening.";
  if (status === "refused") return ` Screening refused it: ${asSentence(o?.refusal_reason ?? "no reason was given")} Nothing was charged.`;
  if (status === "canceled") return " Nothing was charged.";
  if (status === "failed") return ` ${o?.failure_reason ?? ""} The payment is refunded.`;
  return "";
}

export function PaymentStatus({ orderId, initialStatus, trackingUrl, sandboxCarrier }: Props) {
  const { order } = useOrder(orderId, POLLING);
  const status = order?.status ?? initialStatus;
  return (
    <>
      <h1 className="text-2xl font-semibold tracking-tight" data-testid="return-heading">{headline(status)}</h1>
      <OrderStatusSentence orderId={orderId} status={status} className="mt-2">
        {detail(order, status)}
      </OrderStatusSentence>
      {sandboxCarrier ? <p className="mt-2 text-sm text-stone-700">No live carrier is configured on this deployment: the letter goes to the sandbox carrier and is not printed.</p> : null}
      <p className="mt-4 flex flex-wrap gap-4">
        {status !== "pending_payment" ? (
          <a className="font-semibold text-blue-800 underline" href={`/sent/${orderId}`}>
            Receipt and cancel option
          </a>
        ) : null}
        <a className="font-semibold text-blue-800 underline" href={trackingPath(trackingUrl)}>
          Track this letter
        </a>
      </p>
    </>
  );
}
