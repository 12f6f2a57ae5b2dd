"use client";

import { useEffect, useState } from "react";
import { CANCELABLE_STATUSES, STATUS_WORDS } from "@/components/compose/api";
import { loadOrder, type StoredOrder } from "@/components/compose/order-store";
import { CancelOrderButton } from "@/components/sent/cancel-order-button";
import { OrderReceipt } from "@/components/sent/order-receipt";
import { trackingPath, useOrder, type Order } from "@/components/sent/use-order";

// After sending: where the letter stands (kept up to date), its tracking link, the cancel button
// while canceling is possible (with the cancel token this browser kept), and the receipt.

const ENDED = new Set(["delivered", "refused", "canceled", "failed"]);

function heading(o: Order): string {
  if (o.status === "refused") return "This letter was refused";
  if (o.status === "canceled") return "Letter canceled";
  if (o.status === "failed") return "This letter could not be mailed";
  if (o.status === "pending_payment") return "Waiting for your payment";
  if (o.status === "delivered") return o.sandbox ? "Your sandbox letter was delivered" : "Your letter was delivered";
  if (o.sandbox) return "Your sandbox letter is on its way";
  return o.status === "screening" || o.status === "held_for_review" ? "Your letter is paid and being screened" : "Your letter is on its way";
}

function Outcome({ order }: { order: Order }) {
  if (order.status === "refused") {
    return <p className="rounded border border-red-300 bg-red-50 p-3 text-sm text-red-950">Screening refused it: {order.refusal_reason ?? "no reason was given"}. Nothing was charged.</p>;
  }
  if (order.status === "failed") {
    return <p className="rounded border border-red-300 bg-red-50 p-3 text-sm text-red-950">{order.failure_reason ?? "The carrier could not take it."} The payment is refunded.</p>;
  }
  if (order.status === "canceled") return <p className="text-sm">It will not be printed or mailed, and nothing is charged.</p>;
  if (order.status === "held_for_review") return <p className="text-sm">A person checks it before it is printed, usually within a business day. You can still cancel it.</p>;
  return null;
}

export function OrderConfirmation({ id }: { id: string }) {
  // undefined until this browser's storage has been read (after hydration).
  const [stored, setStored] = useState<StoredOrder | null | undefined>(undefined);
  useEffect(() => setStored(loadOrder(id)), [id]);
  const { answer, order, setAnswer } = useOrder(id, (a) => Boolean(a.order && !ENDED.has(a.order.status)), 3000);

  if (!answer || stored === undefined) return <p className="text-stone-600" role="status">Loading your letter…</p>;
  if (!order) {
    return (
      <section>
        <h1 className="text-2xl font-semibold tracking-tight">Letter not found</h1>
        <p className="mt-2" role="alert">{answer.reason ?? "This order could not be read."}</p>
        {answer.next?.length ? <p className="mt-1 text-sm">{answer.next.join(" ")}</p> : null}
      </section>
    );
  }

  const cancelable = CANCELABLE_STATUSES.has(order.status);
  return (
    <article className="flex flex-col gap-6">
      <section className={`rounded-lg border p-5 ${["refused", "failed", "canceled"].includes(order.status) ? "border-stone-300 bg-white" : "border-green-300 bg-green-50"}`}>
        <h1 className="text-2xl font-semibold tracking-tight">{heading(order)}</h1>
        <p className="mt-2 text-sm" role="status" aria-live="polite">
          Order <span className="break-all font-mono">{order.id}</span> is <strong data-testid="order-status">{order.status.replace(/_/g, " ")}</strong> ({STATUS_WORDS[order.status] ?? order.status}).
          {order.tracking_number ? <> Tracking number {order.tracking_number}.</> : null}
          {order.expected_delivery_date ? <> Expected delivery {order.expected_delivery_date}.</> : null}
        </p>
        <div className="mt-3">
          <Outcome order={order} />
        </div>
        <div className="mt-4 flex flex-wrap gap-4">
          {answer.tracking_url && order.status !== "canceled" ? (
            <a className="font-semibold text-blue-800 underline" href={trackingPath(answer.tracking_url)}>
              Track this letter
            </a>
          ) : null}
          {order.status === "pending_payment" ? (
            <a className="font-semibold text-blue-800 underline" href={`/pay/order/${order.id}`}>
              Pay for this letter
            </a>
          ) : null}
        </div>
      </section>

      <section aria-labelledby="cancel-heading" className="flex flex-col gap-2">
        <h2 id="cancel-heading" className="text-lg font-semibold">Changed your mind?</h2>
        {cancelable && stored?.cancelToken ? (
          <>
            <p className="text-sm">You can cancel for free until the letter goes to the printer.</p>
            <CancelOrderButton order={order} cancelToken={stored.cancelToken} onCanceled={(o) => setAnswer((a) => (a ? { ...a, order: o } : a))} />
          </>
        ) : cancelable ? (
          <p className="text-sm">This browser does not hold the cancel key for this letter. Use the cancel link in your receipt e-mail; it works until the letter goes to the printer.</p>
        ) : order.status === "canceled" ? (
          <p className="text-sm">Canceled. Nothing is charged.</p>
        ) : (
          <p className="text-sm">It can no longer be canceled: {ENDED.has(order.status) ? "it has ended." : "it has gone to the printer."}</p>
        )}
      </section>

      <OrderReceipt order={order} paidWith={stored?.paidWith ?? null} />
      <p>
        <a href="/" className="font-medium text-blue-800 underline">Send another letter</a>
      </p>
    </article>
  );
}
