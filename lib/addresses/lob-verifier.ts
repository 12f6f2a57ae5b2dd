import type { Address } from "@/lib/letters/schemas";
import type { AddressVerification, AddressVerifier } from "@/lib/addresses/address-verifier";
import { addressesDiffer, standardizeAddress } from "@/lib/addresses/standardize-address";
import {
  callAddressService,
  fieldOfMessage,
  lastLineNotes,
  mergeServiceLines,
  readJson,
  splitServiceLines,
  undeliverableAs,
  verificationUnavailable,
  type FetchFn,
} from "@/lib/addresses/call-address-service";
import { log } from "@/lib/log";

// Lob US verifications (POST /v1/us_verifications, HTTP basic auth with the API key as user
// name). Lob answers 200 for every address it could read, with `deliverability` saying whether
// USPS delivers there; the deliverable_* variants are deliverable with a unit caveat. A 422
// means Lob refused the input itself.

type LobOptions = { apiKey: string; baseUrl: string; fetch?: FetchFn; timeoutMs?: number };

type LobVerification = {
  id?: string;
  primary_line?: string;
  secondary_line?: string;
  urbanization?: string;
  last_line?: string;
  deliverability?: string;
  components?: {
    secondary_designator?: string;
    secondary_number?: string;
    city?: string;
    state?: string;
    zip_code?: string;
    zip_code_plus_4?: string;
  };
};

type LobError = { error?: { message?: string; status_code?: number; code?: string } };

const SERVICE = "Lob";

const UNIT_NOTES: Record<string, string> = {
  deliverable_unnecessary_unit: "the apartment or suite number is not needed at this address",
  deliverable_incorrect_unit: "USPS does not know the apartment or suite number given at this building; the letter goes to the building",
  deliverable_missing_unit: "USPS knows this building but not which unit: add the apartment or suite number if the recipient has one",
};

export class LobVerifier implements AddressVerifier {
  readonly source = "lob" as const;
  private readonly fetchFn: FetchFn;
  private readonly base: string;

  constructor(private readonly options: LobOptions) {
    this.fetchFn = options.fetch ?? globalThis.fetch;
    this.base = options.baseUrl.replace(/\/+$/, "");
  }

  async verify(input: Address): Promise<AddressVerification> {
    const { address: local, corrections } = standardizeAddress(input);
    const lines = splitServiceLines(local);
    const request: Record<string, string> = { primary_line: lines.street, city: local.city, state: local.state, zip_code: local.zip };
    if (lines.secondary) request.secondary_line = lines.secondary;
    if (lines.urbanization) request.urbanization = lines.urbanization;

    const res = await callAddressService(
      SERVICE,
      this.fetchFn,
      `${this.base}/v1/us_verifications`,
      {
        method: "POST",
        headers: {
          authorization: `Basic ${Buffer.from(`${this.options.apiKey}:`).toString("base64")}`,
          "content-type": "application/json",
          accept: "application/json",
        },
        body: JSON.stringify(request),
      },
      this.options.timeoutMs,
    );
    const body = await readJson(res);
    const undeliverable = undeliverableAs(this.source, input, { address: local, corrections });

    if (res.status === 401 || res.status === 403) {
      log.error({ status: res.status }, "Lob refused our API key");
      throw verificationUnavailable(SERVICE, "it refused this service's credentials");
    }
    if (res.status === 400 || res.status === 422) {
      const message = ((body as LobError | null)?.error?.message ?? "the address was refused").replace(/\.$/, "");
      const field = fieldOfMessage(message);
      const value = field === "line1" ? lines.street : local[field];
      return undeliverable(`${field} ${value} was not accepted (Lob: ${message}); check the ${field === "line1" ? "house number and street" : field}`);
    }
    const found = body as LobVerification | null;
    if (res.status !== 200 || !found?.deliverability) {
      log.warn({ status: res.status }, "unexpected Lob verification answer");
      throw verificationUnavailable(SERVICE, `it answered HTTP ${res.status} without a verification`);
    }
    if (found.deliverability !== "deliverable" && !(found.deliverability in UNIT_NOTES)) {
      return undeliverable(`line1 ${lines.street} is not an address USPS delivers to in ${local.city}, ${local.state} ${local.zip.slice(0, 5)}; check the house number and street`);
    }

    // Lob's primary_line already carries the unit; split it off so a unit sent as line2 comes back there.
    const c = found.components ?? {};
    const unit = [c.secondary_designator, c.secondary_number].filter(Boolean).join(" ");
    let street = found.primary_line || lines.street;
    let secondary = found.secondary_line || null;
    if (unit && street.endsWith(` ${unit}`)) {
      street = street.slice(0, -unit.length - 1);
      secondary = [unit, secondary].filter(Boolean).join(" ");
    }
    const standardized: Address = {
      ...local,
      ...mergeServiceLines(lines, street, secondary, found.urbanization || null),
      city: c.city || local.city,
      state: c.state || local.state,
      zip: c.zip_code ? (c.zip_code_plus_4 ? `${c.zip_code}-${c.zip_code_plus_4}` : c.zip_code) : local.zip,
    };
    const notes = [...corrections, ...lastLineNotes(local, standardized)];
    if (local[lines.streetField] !== standardized[lines.streetField]) notes.push(`${lines.streetField} corrected to ${standardized[lines.streetField]}`);
    if (UNIT_NOTES[found.deliverability]) notes.push(UNIT_NOTES[found.deliverability]);
    return { deliverable: true, standardized, changed: addressesDiffer(input, standardized), corrections: notes, source: this.source };
  }
}
