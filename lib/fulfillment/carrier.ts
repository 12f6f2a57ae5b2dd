import type { Address } from "@/lib/letters/schemas";
import type { Format, Handwriting, MailClass } from "@/lib/letters/formats";

// The print-and-mail provider port. Two adapters: the sandbox carrier (simulated, instant) and
// Lob's print-and-mail API (lib/fulfillment/lob-carrier.ts). The worker and the order path
// speak only these words; nothing outside the adapters knows a provider's wire format.

/** One piece, exactly as quoted: the proof PDF is what prints. */
export type CarrierPiece = {
  /** Our order id: the provider's idempotency key and metadata, so a retry never mails twice. */
  orderId: string;
  format: Format;
  mailClass: MailClass;
  color: boolean;
  removeBranding: boolean;
  handwriting: Handwriting | null;
  pageCount: number;
  to: Address;
  from: Address;
  /** The print-ready PDF (the quote's proof). */
  pdf: Buffer;
};

export type SubmitOutcome =
  /** The provider took the piece. */
  | { kind: "accepted"; providerId: string; trackingNumber: string | null }
  /** The provider refused it for good (bad address, bad file, ...): retrying cannot help. */
  | { kind: "rejected"; reason: string }
  /** Nothing was created (the provider said so, or the request never reached it): safe to retry. */
  | { kind: "unavailable"; reason: string; retryAfterSeconds?: number }
  /** The request may or may not have created a piece (timeout after sending, unreadable answer). */
  | { kind: "uncertain"; reason: string };

/** Lob's tracking event names; the sandbox carrier uses the same words. */
export const TRACKING_EVENT_NAMES = [
  "Mailed",
  "In Transit",
  "In Local Area",
  "Processed for Delivery",
  "Re-Routed",
  "Returned to Sender",
  "Delivered",
] as const;
export type TrackingEventName = (typeof TRACKING_EVENT_NAMES)[number];

export type TrackingEvent = {
  /** Stable per piece: recording an event twice is a no-op. */
  id: string;
  name: TrackingEventName;
  occurredAt: Date;
  city: string | null;
  state: string | null;
  zip: string | null;
};

export type TrackingReport =
  | {
      kind: "ok";
      events: TrackingEvent[];
      /** The provider canceled or lost the piece: why, in words for the sender. */
      failed?: string;
      /** When new events are due, if the carrier knows (the simulation does); else the worker's default interval. */
      nextCheckAt?: Date;
    }
  | { kind: "unavailable"; reason: string };

/** Where a piece was handed over, for tracking it and finding it again. */
export type SubmittedPiece = { orderId: string; providerId: string; submittedAt: Date; from: Address; to: Address };

export interface Carrier {
  readonly name: "sandbox" | "lob";
  /** How long after submission the first tracking event can come: the first check waits that long. */
  readonly firstScanAfterMs: number;
  /** null when the carrier has a rail for this format and class, else why not (503 no_rail_for_format). */
  noRailReason(format: Format, mailClass: MailClass): string | null;
  submit(piece: CarrierPiece): Promise<SubmitOutcome>;
  /** Every tracking event so far, oldest first. */
  track(piece: SubmittedPiece): Promise<TrackingReport>;
  /** The provider's id of the piece submitted for this order, if one exists (resolves "uncertain"). */
  find(orderId: string): Promise<{ kind: "found"; providerId: string } | { kind: "absent" } | { kind: "unavailable"; reason: string }>;
  /** Stops a piece before it prints, when the provider still allows it. */
  cancel(providerId: string): Promise<"canceled" | "too_late" | "unavailable">;
}
