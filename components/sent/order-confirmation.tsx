"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { loadOrder, type StoredOrder } from "@/components/compose/order-store";
import { CancelOrderButton } from "@/components/sent/cancel-order-button";
import { OrderReceipt } from "@/components/sent/order-receipt";
import { trackingPath, useOrder, type Order, type OrderPolling } from "@/components/sent/use-order";
import { OrderStatusSentence } from "@/components/shared/order-status-sentence";
import { ProblemNotice } from "@/components/shared/problem-notice";
import { ProofPages } from "@/components/shared/proof-pages";
import { samePath } from "@/components/compose/api";
import type { MailSchemas } from "@/lib/client/mail-client";
import type { Format } from "@/lib/letters/formats";
import { confirmationPollDelayMs } from "@/lib/orders/order-poll-delay";
import { hasEnded, isCancelable } from "@/lib/orders/order-status-checks";
import { asSentence } from "@/lib/text/as-sentence";
import { everyPage } from "@/lib/text/pages";

// After sending: where the letter stands (kept up to date), its tracking link, the cancel button
// while canceling is possible (with the cancel token this browser kept), and the receipt.

// Kept up to date until the letter's story has ended (then nothing can change any more).
const POLLING: OrderPolling = { again: (a) => a.ok && !hasEnded(a.order.status), delayMs: confirmationPollDelayMs };

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
    return <p className="rounded border border-red-300 bg-red-50 p-3 text-sm text-red-950">Screening refused it: {asSentence(order.refusal_reason ?? "no reason was given")} Nothing was charged.</p>;
  }
  if (order.status === "failed") {
    return <p className="rounded border border-red-300 bg-red-50 p-3 text-sm text-red-950">{asSentence(order.failure_reason ?? "The carrier could not take it.")} The payment is refunded.</p>;
  }
  if (order.status === "canceled") return <p className="text-sm">It will not be printed or mailed, and nothing is charged.</p>;
  if (order.status === "held_for_review") return <p className="text-sm">A person checks it before it is printed, usually within a business day. You can still cancel it.</p>;
  return null;
}

/**
 * The page's heading, given the focus when it first appears unless the focus is already
 * somewhere: after sending, the compose form (and its button) is gone and the router leaves the
 * focus on the page body, so a keyboard or screen-reader user would start again from the top
 * without hearing where they are. `focus` moves it there later (when the cancel button is gone).
 */
function useHeadingFocus() {
  const heading = useRef<HTMLHeadingElement | null>(null);
  const arrived = useRef(false);
  const ref = useCallback((element: HTMLHeadingElement | null) => {
    heading.current = element;
    if (!element || arrived.current) return;
    arrived.current = true;
    const active = document.activeElement;
    if (!active || active === document.body) element.focus({ preventScroll: true });
  }, []);
  const focus = useCallback(() => heading.current?.focus(), []);
  return { ref, focus };
}

const HEADING = "text-2xl font-semibold tracking-tight focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-blue-700";

export function OrderConfirmation({ id }: { id: string }) {
  // undefined until this browser's storage has been read (after hydration).
  const [stored, setStored] = useState<StoredOrder | null | undefined>(undefined);
  useEffect(() => setStored(loadOrder(id)), [id]);
  const { answer, order, setAnswer } = useOrder(id, POLLING);
  const pageHeading = useHeadingFocus();

  if (!answer || stored === undefined) return <p className="text-stone-600" role="status">Loading your letter…</p>;
  if (!order) {
    return (
      <section>
        <h1 ref={pageHeading.ref} tabIndex={-1} className={HEADING}>
          Letter not found
        </h1>
        <ProblemNotice problem={answer} fallbackReason="This order could not be read." className="mt-2" />
      </section>
    );
  }

  const cancelable = isCancelable(order.status);
  return (
    <article className="flex flex-col gap-6">
      <section className={`rounded-lg border p-5 ${["refused", "failed", "canceled"].includes(order.status) ? "border-stone-300 bg-white" : "border-green-300 bg-green-50"}`}>
        <h1 ref={pageHeading.ref} tabIndex={-1} className={HEADING}>
          {heading(order)}
        </h1>
        <OrderStatusSentence orderId={order.id} status={order.status} className="mt-2 text-sm">
          {order.tracking_number ? <> Tracking number {order.tracking_number}.</> : null}
          {order.expected_delivery_date ? <> Expected delivery {order.expected_delivery_date}.</> : null}
        </OrderStatusSentence>
        <div className="mt-3">
          <Outcome order={order} />
        </div>
        <div className="mt-4 flex flex-wrap gap-4">
          {answer.ok && order.status !== "canceled" ? (
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
            <CancelOrderButton
              order={order}
              cancelToken={stored.cancelToken}
              onCanceled={(o) => {
                setAnswer((a) => (a?.ok ? { ...a, order: o } : a));
                // The cancel buttons are gone: the heading ("Letter canceled") takes the focus.
                pageHeading.focus();
              }}
            />
          </>
        ) : cancelable ? (
          <p className="text-sm">This browser does not hold the cancel key for this letter. Use the cancel link in your receipt e-mail; it works until the letter goes to the printer.</p>
        ) : order.status === "canceled" ? (
          <p className="text-sm">Canceled. Nothing is charged.</p>
        ) : (
          <p className="text-sm">It can no longer be canceled: {hasEnded(order.status) ? "it has ended." : "it has gone to the printer."}</p>
        )}
      </section>

      {answer.ok && answer.proof && order.status !== "canceled" ? <WhatPrints proof={answer.proof} format={order.format} /> : null}

      <OrderReceipt order={order} paidWith={stored?.paidWith ?? null} />
      <p>
        <a href="/" className="font-medium text-blue-800 underline">Send another letter</a>
      </p>
    </article>
  );
}

/** Every page of the proof the order prints (GET /v1/orders/{id} gives its links: any browser may show them). */
function WhatPrints({ proof, format }: { proof: MailSchemas["Proof"]; format: Format }) {
  const pdf = samePath(proof.pdf_url);
  return (
    <section aria-labelledby="proof-heading" className="flex flex-col gap-2">
      <h2 id="proof-heading" className="text-lg font-semibold">What will print</h2>
      <p className="text-sm text-stone-600">
        {everyPage(proof.page_count)} of your letter, exactly as printed.{" "}
        <a className="font-medium text-blue-800 underline" href={pdf} target="_blank" rel="noopener">
          Open the proof (PDF)
        </a>
      </p>
      <div className="max-w-md">
        <ProofPages proof={{ pdf, png: samePath(proof.thumbnail_url), pageCount: proof.page_count }} format={format} of="your letter" layout="column" />
      </div>
    </section>
  );
}
