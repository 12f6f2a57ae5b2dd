import { ApiError } from "@/lib/errors/api-error";
import type { Address } from "@/lib/letters/schemas";
import type { AddressVerification } from "@/lib/addresses/address-verifier";
import { addressesDiffer, standardizeLine } from "@/lib/addresses/standardize-address";
import { log } from "@/lib/log";

// What the USPS and Lob adapters share: one outbound call with a deadline whose failures become
// the service_unavailable envelope, and the split of our two free-form lines into the street,
// unit and urbanization fields those services take.

export const SERVICE_TIMEOUT_MS = 10_000;

export type FetchFn = typeof fetch;

/** An outage of the verification service: retryable, and nothing was created or charged. */
export function verificationUnavailable(service: string, why: string, retryAfterSeconds = 30): ApiError {
  return new ApiError("service_unavailable", `Address verification (${service}) is unavailable right now: ${why}. Nothing was created or charged.`, {
    headers: { "Retry-After": String(retryAfterSeconds) },
  });
}

/** One request; network failures, timeouts, 429 and 5xx throw service_unavailable, anything else is returned. */
export async function callAddressService(service: string, fetchFn: FetchFn, url: string, init: RequestInit, timeoutMs = SERVICE_TIMEOUT_MS): Promise<Response> {
  let res: Response;
  try {
    res = await fetchFn(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (err) {
    const timedOut = err instanceof Error && (err.name === "TimeoutError" || err.name === "AbortError");
    log.warn({ err, service, url: redact(url) }, "address service unreachable");
    throw verificationUnavailable(service, timedOut ? `no answer within ${Math.round(timeoutMs / 1000)} s` : "it cannot be reached", 5);
  }
  if (res.status === 429) {
    const after = Number(res.headers.get("retry-after"));
    throw verificationUnavailable(service, "its rate limit was reached", Number.isFinite(after) && after > 0 ? Math.ceil(after) : 30);
  }
  if (res.status >= 500) {
    log.warn({ service, status: res.status, url: redact(url) }, "address service failed");
    throw verificationUnavailable(service, `it answered HTTP ${res.status}`, 5);
  }
  return res;
}

/** Reads a JSON body, or null when there is none or it is not JSON. */
export async function readJson(res: Response): Promise<unknown> {
  try {
    return await res.json();
  } catch {
    return null;
  }
}

function redact(url: string): string {
  return url.split("?")[0];
}

/**
 * How our line1/line2 map onto a verification service's fields. line2 is sent as the unit only
 * when it is one ("APT 4"); a Puerto Rico urbanization line goes in its own field; a line that is
 * neither street nor unit (a company, "C/O …") is kept as entered and not sent.
 */
export type ServiceLines = {
  street: string;
  secondary?: string;
  urbanization?: string;
  /** Which of our lines holds the street, and what the other line does. */
  streetField: "line1" | "line2";
  other: { field: "line1" | "line2"; role: "unit" | "urbanization" | "kept"; value: string } | null;
};

export function splitServiceLines(a: Address): ServiceLines {
  const l1 = standardizeLine(a.line1);
  const l2 = a.line2 ? standardizeLine(a.line2) : null;
  if (!l2) return { street: l1.line, streetField: "line1", other: null };
  if (l1.kind === "urbanization") {
    return { street: l2.line, urbanization: l1.line, streetField: "line2", other: { field: "line1", role: "urbanization", value: l1.line } };
  }
  if (l2.kind === "unit") return { street: l1.line, secondary: l2.line, streetField: "line1", other: { field: "line2", role: "unit", value: l2.line } };
  if (l1.kind === "other" && l2.kind !== "other") {
    return { street: l2.line, streetField: "line2", other: { field: "line1", role: "kept", value: l1.line } };
  }
  return { street: l1.line, streetField: "line1", other: { field: "line2", role: "kept", value: l2.line } };
}

/**
 * Our address rebuilt from a service's standardized street and unit. A unit that came on the
 * street line stays on it, as USPS prints it; one sent as line2 comes back as line2.
 */
export function mergeServiceLines(lines: ServiceLines, street: string, secondary: string | null | undefined, urbanization?: string | null): Pick<Address, "line1" | "line2"> {
  const other = lines.other;
  const unit = secondary?.trim() || undefined;
  if (other?.role === "unit") return { line1: street, line2: unit ?? other.value };
  const streetLine = unit ? `${street} ${unit}` : street;
  if (!other) return { line1: streetLine, line2: undefined };
  const otherValue = other.role === "urbanization" ? urbanization?.trim() || other.value : other.value;
  return lines.streetField === "line1" ? { line1: streetLine, line2: otherValue } : { line1: otherValue, line2: streetLine };
}

/** Which of our fields a service's error message is about, for a reason that names it. */
export function fieldOfMessage(message: string): "zip" | "city" | "state" | "line1" {
  if (/zip/i.test(message)) return "zip";
  if (/city/i.test(message)) return "city";
  if (/state/i.test(message)) return "state";
  return "line1";
}

/** Notes on city, state and ZIP changes; ZIP+4 being added is standardization, not a correction. */
export function lastLineNotes(before: Address, after: Address): string[] {
  const notes: string[] = [];
  if (before.city !== after.city) notes.push(`city corrected from ${before.city} to ${after.city}`);
  if (before.state !== after.state) notes.push(`state corrected from ${before.state} to ${after.state}`);
  if (before.zip.slice(0, 5) !== after.zip.slice(0, 5)) notes.push(`zip corrected from ${before.zip.slice(0, 5)} to ${after.zip.slice(0, 5)}`);
  return notes;
}

/** A verification service's "not deliverable", said of the address as standardized here (the service refused it). */
export function undeliverableAs(
  source: AddressVerification["source"],
  input: Address,
  standardized: { address: Address; corrections: AddressVerification["corrections"] },
): (problem: string) => AddressVerification {
  return (problem) => ({ deliverable: false, standardized: standardized.address, changed: addressesDiffer(input, standardized.address), problem, corrections: standardized.corrections, source });
}
