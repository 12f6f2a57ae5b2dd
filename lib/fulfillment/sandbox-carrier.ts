import { randomInt } from "node:crypto";
import { env } from "@/lib/env";
import { randomToken } from "@/lib/ids";
import type { Format } from "@/lib/letters/formats";
import type { Address } from "@/lib/letters/schemas";
import type { Carrier, CarrierPiece, SubmitOutcome, SubmittedPiece, TrackingEventName, TrackingReport } from "@/lib/fulfillment/carrier";

// The simulated carrier: takes every piece at once and emits Lob's tracking events, one per
// SANDBOX_STEP_SECONDS after submission. It keeps no state of its own: the events follow from
// the submission time, so any worker can read them and a retry sees the same ones.
//
// Magic inputs make the rare paths reproducible (a phrase in the recipient's name):
//   "sandbox hold"      waits before hand-off until canceled (see isSandboxHold)
//   "sandbox review"    is held for review by screening, whatever its content (see isSandboxReview)
//   "sandbox reroute"   is Re-Routed on the way, then delivered
//   "sandbox return"    is Returned to Sender and never delivered
//   "sandbox lost"      is mailed and then never scanned again (the reconcile loop fails it)
//   "sandbox reject"    is refused by the carrier for good (422 fulfillment_rejected)
//   "sandbox down"      finds the carrier unavailable (503 fulfillment_unavailable)
//   "sandbox uncertain" gets no answer from the carrier (503 submission_uncertain)

// A piece enters the mail where it is printed, not where its sender lives: the first scans are
// at the print facility, and a returned piece is scanned there on its way back.
type Place = "facility" | "transit" | "destination";
type Scan = { name: TrackingEventName; place: Place };

const ROUTES: Record<"normal" | "reroute" | "return" | "lost", readonly Scan[]> = {
  normal: [
    { name: "Mailed", place: "facility" },
    { name: "In Transit", place: "transit" },
    { name: "In Local Area", place: "destination" },
    { name: "Processed for Delivery", place: "destination" },
    { name: "Delivered", place: "destination" },
  ],
  reroute: [
    { name: "Mailed", place: "facility" },
    { name: "In Transit", place: "transit" },
    { name: "Re-Routed", place: "transit" },
    { name: "In Local Area", place: "destination" },
    { name: "Processed for Delivery", place: "destination" },
    { name: "Delivered", place: "destination" },
  ],
  return: [
    { name: "Mailed", place: "facility" },
    { name: "In Transit", place: "transit" },
    { name: "In Local Area", place: "destination" },
    { name: "Returned to Sender", place: "facility" },
  ],
  lost: [{ name: "Mailed", place: "facility" }],
};

const magic = (to: Address, phrase: string) => to.name.toLowerCase().includes(phrase);

export function isSandboxHold(to: Address): boolean {
  return magic(to, "sandbox hold");
}

/**
 * A sandbox letter screening holds for a person whatever it says, so that integrators can try
 * the held path (and its webhooks) without writing a suspicious letter. It only ever makes
 * screening stricter, and only in the sandbox.
 */
export function isSandboxReview(to: Address): boolean {
  return magic(to, "sandbox review");
}

function routeOf(to: Address): readonly Scan[] {
  if (magic(to, "sandbox reroute")) return ROUTES.reroute;
  if (magic(to, "sandbox return")) return ROUTES.return;
  if (magic(to, "sandbox lost")) return ROUTES.lost;
  return ROUTES.normal;
}

/** A USPS-style 22-digit tracking number, for the formats that carry tracking (letters). */
function sandboxTrackingNumber(format: Format): string | null {
  if (format !== "letter" && format !== "letter_windowed") return null;
  let digits = "9400";
  while (digits.length < 22) digits += String(randomInt(10));
  return digits;
}

/** The simulated print facility: every sandbox piece is printed and first scanned here. */
export const SANDBOX_PRINT_FACILITY = { city: "COLUMBUS", state: "OH", zip: "43217" } as const;

/** A made-up but stable hub between origin and destination, for the scans on the way. */
function transitHub(from: Address, to: Address): { city: string; state: string; zip: string | null } {
  const hubs = [
    { city: "Chicago", state: "IL" },
    { city: "Memphis", state: "TN" },
    { city: "Denver", state: "CO" },
    { city: "Atlanta", state: "GA" },
  ];
  const hub = hubs[(from.zip.charCodeAt(0) + to.zip.charCodeAt(0)) % hubs.length];
  return { ...hub, zip: null };
}

export class SandboxCarrier implements Carrier {
  readonly name = "sandbox" as const;

  get firstScanAfterMs(): number {
    return env().SANDBOX_STEP_SECONDS * 1000;
  }

  noRailReason(): string | null {
    return null; // the simulation prints every format and class
  }

  async submit(piece: CarrierPiece): Promise<SubmitOutcome> {
    if (magic(piece.to, "sandbox reject")) return { kind: "rejected", reason: "The sandbox carrier refused the piece (magic input \"sandbox reject\")." };
    if (magic(piece.to, "sandbox down")) return { kind: "unavailable", reason: "The sandbox carrier is unavailable (magic input \"sandbox down\").", retryAfterSeconds: 30 };
    if (magic(piece.to, "sandbox uncertain")) return { kind: "uncertain", reason: "The sandbox carrier did not answer (magic input \"sandbox uncertain\")." };
    return { kind: "accepted", providerId: "sbx_" + randomToken(20), trackingNumber: sandboxTrackingNumber(piece.format) };
  }

  async track(piece: SubmittedPiece): Promise<TrackingReport> {
    const stepMs = env().SANDBOX_STEP_SECONDS * 1000;
    const now = Date.now();
    const route = routeOf(piece.to).map((scan, i) => ({ scan, i, at: new Date(piece.submittedAt.getTime() + (i + 1) * stepMs) }));
    const events = route
      .filter(({ at }) => at.getTime() <= now)
      .map(({ scan, at, i }) => {
        const place = scan.place === "facility" ? SANDBOX_PRINT_FACILITY : scan.place === "destination" ? piece.to : transitHub(piece.from, piece.to);
        return { id: `${piece.providerId}-${i}`, name: scan.name, occurredAt: at, city: place.city, state: place.state, zip: place.zip };
      });
    const next = route.find(({ at }) => at.getTime() > now);
    return { kind: "ok", events, ...(next ? { nextCheckAt: next.at } : {}) };
  }

  async find(): Promise<{ kind: "absent" }> {
    return { kind: "absent" }; // a simulated submission that did not answer created nothing
  }

  async cancel(): Promise<"canceled"> {
    return "canceled";
  }
}
