"use client";

import { useEffect, useState } from "react";
import { loadOrder, type StoredOrder } from "@/components/compose/order-store";
import { LocalCardForm } from "@/components/checkout/local-card-form";
import { StripeEmbeddedCheckout } from "@/components/checkout/stripe-embedded-checkout";
import { CancelOrderButton } from "@/components/sent/cancel-order-button";
import { READ_ONCE, useOrder } from "@/components/sent/use-order";
import { OrderStatusSentence } from "@/components/shared/order-status-sentence";
import { PriceBreakdown } from "@/components/shared/price-breakdown";
import { ProblemNotice } from "@/components/shared/problem-notice";
import { displayCity } from "@/lib/letters/display-city";
import { dollars } from "@/lib/text/dollars";

// Paying for a letter by card: the order's embedded checkout (Stripe's, or the local test
// rail's card form), mounted from the payment_client_secret that GET /v1/orders/{id} gives
// while the order waits for payment. A reload resumes here; paying goes on to /pay/return.

type Props = { orderId: string; rail: "local" | "stripe"; publishableKey?: string; liveCarrier: boolean };

export function OrderCheckout({ orderId, rail, publishableKey, liveCarrier }: Props) {
  const [stored, setStored] = useState<StoredOrder | null>(null);
  useEffect(() => setStored(loadOrder(orderId)), [orderId]);
  // Read once: the card form itself moves the page on when the payment goes through.
  const { answer, order, setAnswer } = useOrder(orderId, READ_ONCE);

  if (!answer) return <p className="mt-4 text-stone-600" role="status">Loading the checkout…</p>;
  if (!answer.ok || !order) {
    return <ProblemNotice problem={answer} fallbackReason="This order could not be read." className="mt-4" />;
  }
  if (order.status !== "pending_payment") {
    return (
      <div className="mt-4">
        <h1 className="text-2xl font-semibold tracking-tight">Nothing to pay</h1>
        <OrderStatusSentence orderId={order.id} status={order.status} className="mt-2">
          {" "}
          <a className="font-semibold text-blue-800 underline" href={`/sent/${order.id}`}>
            See the letter and its receipt
          </a>
          .
        </OrderStatusSentence>
      </div>
    );
  }

  const secret = answer.payment_client_secret;
  return (
    <div className="flex flex-col gap-4">
      {rail === "local" ? (
        <p role="note" className="rounded border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          Local test checkout: this deployment has no payment provider configured, so no real card is charged.
          {liveCarrier ? "" : " No live print-and-mail carrier is configured either: the letter goes to the sandbox carrier and is not printed."}
        </p>
      ) : null}
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Pay for your letter to {displayCity(order.to.city)}, {order.to.state}</h1>
        <p className="mt-1 text-3xl font-semibold" data-testid="checkout-amount">{dollars(order.price_cents)}</p>
        <p className="mt-2 text-sm text-stone-700" role="status">{answer.reason}</p>
      </div>
      <PriceBreakdown lines={order.breakdown} className="max-w-md" />

      <section aria-labelledby="card-heading" className="rounded-lg border border-stone-200 bg-white p-4">
        <h2 id="card-heading" className="text-lg font-semibold">Card</h2>
        {answer.payment_url ? (
          <p className="mt-2">
            <a className="font-semibold text-blue-800 underline" href={answer.payment_url}>Pay on the secure checkout page</a>
          </p>
        ) : !secret ? (
          <p role="alert" className="mt-2 text-sm text-red-900">The payment step could not be found for this order. Reload the page; if it stays, cancel below and send the letter again.</p>
        ) : rail === "stripe" && publishableKey ? (
          <StripeEmbeddedCheckout publishableKey={publishableKey} clientSecret={secret} />
        ) : (
          <LocalCardForm clientSecret={secret} amountLabel={dollars(order.price_cents)} />
        )}
      </section>

      <section aria-labelledby="cancel-heading" className="flex flex-col gap-2 text-sm">
        <h2 id="cancel-heading" className="text-lg font-semibold">Not sending it after all?</h2>
        {stored?.cancelToken ? (
          <CancelOrderButton order={order} cancelToken={stored.cancelToken} onCanceled={(o) => setAnswer((a) => (a?.ok ? { ...a, order: o } : a))} />
        ) : (
          <p>Leave this page: an unpaid letter is canceled by itself after 24 hours, and nothing is charged.</p>
        )}
      </section>
    </div>
  );
}
