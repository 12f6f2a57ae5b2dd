import type { PublicTracking } from "@/lib/tracking/get-public-tracking";
import { asSentence } from "@/lib/text/as-sentence";

// Where a letter stands, in the five steps a sender thinks in (issue 8), worked out from the
// public view only: its status, the statuses it went through and the carrier's scans.

export const PROGRESS_STEPS = ["Received", "Printing", "In the mail", "Out for delivery", "Delivered"] as const;
export type ProgressStep = 0 | 1 | 2 | 3 | 4;

export type Ending =
  | { kind: "refused" | "canceled" | "failed"; title: string; reason: string }
  | { kind: "returned"; title: string; reason: string };

export type Progress = {
  /** The furthest step the letter reached. */
  step: ProgressStep;
  /** active: still moving; done: delivered; stopped: ended (or on its way back) at `step`. */
  state: "active" | "done" | "stopped";
  ending: Ending | null;
};

const STATUS_STEP: Record<string, ProgressStep> = {
  draft: 0,
  pending_payment: 0,
  screening: 0,
  held_for_review: 0,
  submitted: 1,
  mailed: 2,
  delivered: 4,
};

/** The step a carrier scan puts the letter at (Lob's event names; the sandbox carrier uses them too). */
export function stepOfScan(name: string): ProgressStep {
  const n = name.trim().toLowerCase();
  if (n === "delivered") return 4;
  if (n === "processed for delivery" || n === "out for delivery") return 3;
  return 2;
}

/** Failure codes in words anyone holding the link may read; the stored reason is not shown. */
const FAILURE_SENTENCES: Record<string, string> = {
  fulfillment_rejected: "The print-and-mail partner could not accept this letter.",
  carrier_failed: "The carrier could not mail this letter.",
  submission_unconfirmed: "The print-and-mail partner never confirmed that it took this letter.",
  submission_uncertain: "The print-and-mail partner did not confirm the hand-off, so we stopped rather than risk mailing it twice.",
  provider_outcome_unknown: "The print-and-mail partner did not confirm the hand-off, so we stopped rather than risk mailing it twice.",
  delivery_stalled: "The letter stopped moving in the mail and was not delivered.",
  payment_lapsed: "The card authorization expired before the letter could be printed.",
  no_rail_for_format: "No print-and-mail partner here prints this format.",
};

export function trackingProgress(t: Pick<PublicTracking, "status" | "events" | "refusalReason" | "failureCode">): Progress {
  let step: ProgressStep = STATUS_STEP[t.status] ?? 0;
  for (const e of t.events) {
    const reached = e.kind === "scan" ? stepOfScan(e.description) : (STATUS_STEP[e.status ?? ""] ?? 0);
    if (reached > step) step = reached;
  }
  const lastScan = [...t.events].reverse().find((e) => e.kind === "scan");

  switch (t.status) {
    case "delivered":
      return { step: 4, state: "done", ending: null };
    case "refused":
      return {
        step,
        state: "stopped",
        ending: { kind: "refused", title: "Refused by screening", reason: `${asSentence(t.refusalReason ?? "This letter cannot be printed.")} It will not be printed or mailed, and nothing is charged for it.` },
      };
    case "canceled":
      return { step, state: "stopped", ending: { kind: "canceled", title: "Canceled", reason: "The sender canceled this letter before it was printed. It will not be mailed, and nothing is charged for it." } };
    case "failed":
      return {
        step,
        state: "stopped",
        ending: { kind: "failed", title: "This letter failed", reason: `${FAILURE_SENTENCES[t.failureCode ?? ""] ?? "The letter could not be mailed."} Any payment for it is refunded.` },
      };
  }
  if (lastScan && lastScan.description.trim().toLowerCase() === "returned to sender") {
    return { step, state: "stopped", ending: { kind: "returned", title: "Returned to sender", reason: "The carrier is sending this letter back to its return address." } };
  }
  return { step, state: "active", ending: null };
}

/** The status in a few lower-case words (the page capitalizes the first letter). */
export function statusWords(status: string): string {
  const words: Record<string, string> = {
    draft: "received",
    pending_payment: "waiting for payment",
    screening: "being checked",
    held_for_review: "held for review",
    submitted: "at the printer",
    mailed: "in the mail",
    delivered: "delivered",
    refused: "refused",
    canceled: "canceled",
    failed: "failed",
  };
  return words[status] ?? status.replaceAll("_", " ");
}

/** One sentence on what is happening now, for a letter still on its way; `lastSeen` is where and when the carrier last scanned it. */
export function nowSentence(status: string, step: ProgressStep, lastSeen: string | null = null): string {
  const seen = lastSeen ? ` Last scanned in ${lastSeen}.` : "";
  if (status === "pending_payment") return "Waiting for payment. Once it is paid, the letter is checked and printed.";
  if (status === "held_for_review") return "A person is reviewing the letter before it is printed.";
  if (status === "draft" || status === "screening") return "We are checking the letter before it is printed.";
  if (status === "submitted") return "The letter is being printed. The carrier scans it once it is in the mail.";
  if (step === 3) return `Out for delivery: the local post office has it.${seen}`;
  return `In the mail.${seen}`;
}
