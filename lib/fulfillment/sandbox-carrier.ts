import { randomInt } from "node:crypto";
import type { Format } from "@/lib/letters/formats";
import type { Address } from "@/lib/letters/schemas";

// The simulated carrier of sandbox orders: tracking numbers, and the scans it emits one per
// SANDBOX_STEP_SECONDS, in the words Lob's tracking events use.

export type SandboxScan = {
  description: string;
  /** Where the scan happens: the sender's post office, on the way, or the recipient's. */
  place: "origin" | "transit" | "destination";
  /** The order status this scan moves the order to, if any. */
  toStatus?: "mailed" | "delivered";
};

export const SANDBOX_SCANS: readonly SandboxScan[] = [
  { description: "Mailed: accepted at the origin facility", place: "origin", toStatus: "mailed" },
  { description: "In Transit", place: "transit" },
  { description: "In Local Area", place: "destination" },
  { description: "Processed for Delivery", place: "destination" },
  { description: "Delivered", place: "destination", toStatus: "delivered" },
];

/** A USPS-style 22-digit tracking number, for the formats that carry tracking (letters). */
export function sandboxTrackingNumber(format: Format): string | null {
  if (format !== "letter" && format !== "letter_windowed") return null;
  let digits = "9400";
  while (digits.length < 22) digits += String(randomInt(10));
  return digits;
}

/**
 * Magic input: a sandbox letter whose recipient name contains "sandbox hold" stays before
 * hand-off (status `screening`) until it is canceled, so integrations can test a cancel that
 * succeeds. Every other sandbox order is handed to the simulated carrier at once.
 */
export function isSandboxHold(to: Address): boolean {
  return /sandbox hold/i.test(to.name);
}

/** A made-up but stable hub between origin and destination, for the "In Transit" scan. */
export function transitHub(from: Address, to: Address): { city: string; state: string; zip: string | null } {
  const hubs = [
    { city: "Chicago", state: "IL" },
    { city: "Memphis", state: "TN" },
    { city: "Denver", state: "CO" },
    { city: "Atlanta", state: "GA" },
  ];
  const hub = hubs[(from.zip.charCodeAt(0) + to.zip.charCodeAt(0)) % hubs.length];
  return { ...hub, zip: null };
}
