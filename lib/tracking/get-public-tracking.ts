import { z } from "zod";
import { db } from "@/lib/db";
import { ApiError } from "@/lib/errors/api-error";
import { trackingUrl } from "@/lib/orders/serialize-order";
import { displayCity } from "@/lib/letters/display-city";
import type { Address } from "@/lib/letters/schemas";
import { FORMAT_LABELS, MAIL_CLASS_LABELS, type Format, type MailClass } from "@/lib/letters/formats";

/**
 * What anyone holding the tracking link may see: status, timeline, expected delivery, format
 * and class, and the recipient's city and state. Never street lines, the sender or e-mail.
 * A letter sent with `tracking: false` shows its status changes only: no carrier scans (with
 * their places) and no tracking number; operators still see every scan.
 */
export async function getPublicTracking(code: string) {
  if (!/^[0-9a-z]{16}$/.test(code)) return null;
  const order = await db().order.findUnique({
    where: { trackingCode: code },
    include: { events: { orderBy: [{ occurredAt: "asc" }, { id: "asc" }] } },
  });
  if (!order) return null;
  const to = order.recipient as unknown as Address;
  const from = order.sender as unknown as Address | null;
  // A carrier may scan a piece in its sender's town (a return, a local post office): the public
  // view never names a place that is the sender's, so the link cannot reveal where they live.
  const sendersPlace = (e: { city: string | null; state: string | null; zip: string | null }) =>
    !!from && ((!!e.zip && e.zip.slice(0, 5) === from.zip.slice(0, 5)) || (!!e.city && e.city.toUpperCase() === from.city.toUpperCase() && e.state === from.state));
  return {
    status: order.status,
    sandbox: order.sandbox,
    format: FORMAT_LABELS[order.format as Format],
    mailClass: MAIL_CLASS_LABELS[order.mailClass as MailClass],
    formatValue: order.format as Format,
    mailClassValue: order.mailClass as MailClass,
    scansShown: order.tracking,
    trackingNumber: order.tracking ? order.trackingNumber : null,
    expectedDeliveryDate: order.expectedDeliveryDate,
    destination: { city: to.city, state: to.state },
    refusalReason: order.refusalReason,
    // Only the code: the page words it (lib/tracking/tracking-progress.ts); the stored reason
    // may quote a carrier's message and stays with the sender's own order view.
    failureCode: order.failureCode,
    // Carrier bookkeeping (ids, reconcile notes) is for operators, not the public timeline, and
    // mailed / delivered are said by the carrier's own scan (with its place), not twice; without
    // scans shown, by the status change.
    events: order.events.filter((e) => (order.tracking ? e.kind === "scan" || (e.kind === "status" && e.toStatus !== "mailed" && e.toStatus !== "delivered") : e.kind === "status")).map((e) => {
      const shown = e.city && !sendersPlace(e);
      return {
        at: e.occurredAt.toISOString(),
        kind: e.kind,
        status: e.toStatus,
        description: e.kind === "scan" ? (e.description ?? "") : statusSentence(e.toStatus),
        // In words for the page's timeline (carriers scan in USPS capitals); `where` keeps the raw fields for the API.
        place: shown ? [displayCity(e.city!), e.state, e.zip].filter(Boolean).join(" ") : null,
        where: shown ? { city: e.city, state: e.state, zip: e.zip } : null,
      };
    }),
  };
}

function statusSentence(status: string | null): string {
  const sentences: Record<string, string> = {
    draft: "Order placed",
    pending_payment: "Waiting for payment",
    screening: "Checking the letter before printing",
    held_for_review: "Held for a person to review",
    submitted: "Handed to the print and mail partner",
    mailed: "Mailed",
    delivered: "Delivered",
    refused: "Refused by screening",
    canceled: "Canceled by the sender",
    failed: "Failed; the payment is refunded",
  };
  return sentences[status ?? ""] ?? String(status);
}

export type PublicTracking = NonNullable<Awaited<ReturnType<typeof getPublicTracking>>>;

/** GET /v1/tracking/{code}: the same view as the page, in the API's words. */
export async function readPublicTracking(code: string) {
  const t = await getPublicTracking(code);
  if (!t) throw new ApiError("tracking_not_found");
  return {
    status: "ok" as const,
    tracking: {
      code,
      status: t.status,
      sandbox: t.sandbox,
      format: t.formatValue,
      mail_class: t.mailClassValue,
      tracking_number: t.trackingNumber,
      expected_delivery_date: t.expectedDeliveryDate,
      to: t.destination,
      refusal_reason: t.refusalReason,
      events: t.events.map((e) => ({ at: e.at, kind: e.kind, status: e.status, description: e.description, place: e.where })),
    },
    tracking_url: trackingUrl(code),
  };
}

/** The path of GET /v1/tracking/{code}. */
export const TrackingCodeParamsSchema = z.object({
  code: z.string().regex(/^[0-9a-z]{16}$/, { error: "code must be a tracking code (16 lowercase letters and digits)" }),
});
