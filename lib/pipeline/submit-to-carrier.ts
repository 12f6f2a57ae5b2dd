import { db } from "@/lib/db";
import { log } from "@/lib/log";
import { readProofPdf } from "@/lib/documents/proofs";
import { carrierNamed } from "@/lib/fulfillment/carrier-from-env";
import type { Carrier, CarrierPiece, SubmitOutcome } from "@/lib/fulfillment/carrier";
import type { Format, Handwriting, MailClass } from "@/lib/letters/formats";
import type { Address } from "@/lib/letters/schemas";
import { enqueueOrderJob, ORDER_QUEUES } from "@/lib/jobs/queues";
import { endOrder } from "@/lib/pipeline/end-order";
import { TransitionConflict } from "@/lib/orders/transition";
import { captureAcceptedOrderPayment, type CaptureFaults } from "@/lib/payments/checkout/settle-order-payment";

export type SubmitResult =
  | { kind: "accepted" }
  | { kind: "rejected"; reason: string }
  | { kind: "unavailable"; reason: string; retryAfterSeconds: number }
  | { kind: "stopped"; code: "submission_uncertain" | "provider_outcome_unknown"; reason: string }
  /** Nothing to do: not submitted, already with its carrier, or ended meanwhile. */
  | { kind: "skipped" };

/**
 * Gives a submitted letter to its carrier. Our order id is the carrier's idempotency key, so
 * running this twice (a job retry, a request and its backstop job) never mails two pieces.
 *
 * - accepted: the carrier's id is recorded and tracking starts.
 * - rejected for good: the order fails and is refunded (422 fulfillment_rejected).
 * - unavailable: nothing was created; the submit job tries again with backoff (503).
 * - uncertain (no answer, or an answer that does not say): we ask the carrier whether it has
 *   the piece; if it says no we submit once more, under the same key. If it still cannot be
 *   settled the order fails uncharged with one of the two deliberate stops, and the reconcile
 *   loop later cancels any piece that turns up.
 */
export async function submitToCarrier(orderId: string, faults: CaptureFaults = {}): Promise<SubmitResult> {
  const order = await db().order.findUnique({ where: { id: orderId } });
  if (!order || order.status !== "submitted" || order.providerId || !order.carrier) return { kind: "skipped" };
  const carrier = carrierNamed(order.carrier);
  const piece: CarrierPiece = {
    orderId,
    format: order.format as Format,
    mailClass: order.mailClass as MailClass,
    color: order.color,
    removeBranding: order.removeBranding,
    handwriting: order.handwriting as Handwriting | null,
    pageCount: order.pageCount,
    to: order.recipient as unknown as Address,
    from: order.sender as unknown as Address,
    pdf: await readProofPdf(order.proofId!),
  };

  let outcome = await carrier.submit(piece);
  let stop: "submission_uncertain" | "provider_outcome_unknown" = "submission_uncertain";
  for (let attempt = 1; outcome.kind === "uncertain" && attempt <= 2; attempt++) {
    const found = await carrier.find(orderId);
    if (found.kind === "found") outcome = { kind: "accepted", providerId: found.providerId, trackingNumber: null };
    else if (found.kind === "unavailable") {
      stop = "provider_outcome_unknown";
      break;
    } else if (attempt < 2) outcome = await carrier.submit(piece); // it has none: resubmitting cannot duplicate
  }
  return record(orderId, carrier, outcome, stop, faults);
}

async function record(orderId: string, carrier: Carrier, outcome: SubmitOutcome, stop: "submission_uncertain" | "provider_outcome_unknown", faults: CaptureFaults): Promise<SubmitResult> {
  try {
    switch (outcome.kind) {
      case "accepted":
        return await recordAccepted(orderId, carrier, outcome.providerId, outcome.trackingNumber, faults);
      case "rejected":
        await endOrder(orderId, "submitted", "failed", `the ${carrier.name} carrier refused the letter: ${outcome.reason}`, {
          failureCode: "fulfillment_rejected",
          failureReason: `The print-and-mail carrier refused the letter: ${outcome.reason} You are not charged for it: a card is not charged, and credit spent on it is refunded to its code.`,
        });
        return { kind: "rejected", reason: outcome.reason };
      case "unavailable":
        return { kind: "unavailable", reason: outcome.reason, retryAfterSeconds: outcome.retryAfterSeconds ?? 30 };
      case "uncertain": {
        const reason =
          stop === "submission_uncertain"
            ? `The carrier did not confirm the hand-off (${outcome.reason}) and says it holds no piece for this order; we stopped rather than risk a second piece. Nothing is charged.`
            : `The carrier's answer did not say whether it took the letter (${outcome.reason}), and it could not be asked afterwards; we stopped rather than risk a second piece. Nothing is charged.`;
        await endOrder(orderId, "submitted", "failed", `deliberate stop (${stop}): ${outcome.reason}`, { failureCode: stop, failureReason: reason, providerCheckNeeded: true });
        return { kind: "stopped", code: stop, reason };
      }
    }
  } catch (err) {
    if (err instanceof TransitionConflict) return { kind: "skipped" }; // reconciled or ended meanwhile
    throw err;
  }
}

async function recordAccepted(orderId: string, carrier: Carrier, providerId: string, trackingNumber: string | null, faults: CaptureFaults): Promise<SubmitResult> {
  const now = new Date();
  const recorded = await db().$transaction(async (tx) => {
    const { count } = await tx.order.updateMany({
      where: { id: orderId, status: "submitted", providerId: null },
      data: { providerId, ...(trackingNumber ? { trackingNumber } : {}), lastProgressAt: now, updatedAt: now },
    });
    if (count !== 1) return false;
    await tx.orderEvent.create({ data: { orderId, kind: "carrier", cause: `accepted by the ${carrier.name} carrier as ${providerId}`, occurredAt: now } });
    await enqueueOrderJob(tx, ORDER_QUEUES.track, orderId, { at: new Date(now.getTime() + carrier.firstScanAfterMs) });
    return true;
  });
  if (recorded) {
    // Only now is the card charged. A failure here leaves the payment authorized under an
    // accepted letter, which the payments sweep captures (captureAcceptedOrderPayments).
    const paid = await captureAcceptedOrderPayment(orderId, faults).catch((err) => {
      log.warn({ err, orderId }, "could not capture an accepted letter's payment yet; the payments sweep will");
      return "pending" as const;
    });
    if (paid === "lapsed") await withdrawUnpaid(orderId, carrier, providerId);
    return { kind: "accepted" };
  }
  // Another run of this same submission (a job run again alongside one that outlived its expiry)
  // recorded this very piece first: the carrier gave both the one piece under our key.
  const current = await db().order.findUnique({ where: { id: orderId }, select: { providerId: true } });
  if (current?.providerId === providerId) return { kind: "skipped" };
  // The order ended while the carrier was taking it (the reconcile loop failed it): the piece
  // must not go out for a refunded order.
  const result = await carrier.cancel(providerId).catch(() => "unavailable" as const);
  log.warn({ orderId, providerId, result }, "a carrier accepted a piece for an order that had ended; canceled it at the carrier");
  if (result !== "canceled") await db().order.update({ where: { id: orderId }, data: { providerCheckNeeded: true } });
  return { kind: "skipped" };
}

/**
 * The carrier took a letter whose card authorization had lapsed (days in review, say): it must
 * not go out unpaid. Withdrawn at the carrier and failed, uncharged; if the carrier cannot
 * withdraw it any more, an operator is told.
 */
async function withdrawUnpaid(orderId: string, carrier: Carrier, providerId: string): Promise<void> {
  const result = await carrier.cancel(providerId).catch(() => "unavailable" as const);
  if (result === "canceled") {
    await endOrder(orderId, "submitted", "failed", "the card authorization lapsed before the capture; withdrawn at the carrier", {
      failureCode: "payment_lapsed",
      failureReason: "The card authorization expired before the letter could be charged, so it was withdrawn before printing. Nothing was charged.",
    }).catch((err) => log.warn({ err, orderId }, "could not end an order withdrawn for a lapsed authorization"));
    return;
  }
  log.error({ orderId, providerId, result, alert: "payment_unsettled" }, "operator action needed: a letter the carrier accepted could not be charged (the card authorization lapsed) nor withdrawn");
  await db().order.update({ where: { id: orderId }, data: { providerCheckNeeded: true } });
}
