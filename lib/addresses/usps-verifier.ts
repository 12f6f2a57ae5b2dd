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

// USPS Addresses API v3 (developers.usps.com): an OAuth 2.0 client-credentials token from
// /oauth2/v3/token, then GET /addresses/v3/address. The answer's DPV confirmation says whether the
// delivery point exists: Y (all of it), D (the building; the unit number is missing), S (the
// building; the unit given is unknown), N (not a delivery point). 400/404 mean USPS found no such
// address; their message names the part it could not match.

type UspsOptions = { clientId: string; clientSecret: string; baseUrl: string; fetch?: FetchFn; timeoutMs?: number };

type UspsAddressResponse = {
  firm?: string | null;
  address?: {
    streetAddress?: string | null;
    secondaryAddress?: string | null;
    city?: string | null;
    state?: string | null;
    ZIPCode?: string | null;
    ZIPPlus4?: string | null;
    urbanization?: string | null;
  };
  additionalInfo?: { DPVConfirmation?: string | null } | null;
  /** The name before the API's 2025 response update; still accepted. */
  addressAdditionalInfo?: { DPVConfirmation?: string | null } | null;
  corrections?: { code?: string; text?: string }[] | null;
  matches?: { code?: string; text?: string }[] | null;
};

type UspsError = { error?: { code?: string; message?: string; errors?: { title?: string; detail?: string }[] } };

const SERVICE = "USPS";
// Renew a little before the stated expiry so a token never dies mid-request.
const TOKEN_MARGIN_MS = 60_000;

export class UspsVerifier implements AddressVerifier {
  readonly source = "usps" as const;
  private token: { value: string; expiresAt: number } | null = null;
  private readonly fetchFn: FetchFn;
  private readonly base: string;

  constructor(private readonly options: UspsOptions) {
    this.fetchFn = options.fetch ?? globalThis.fetch;
    this.base = options.baseUrl.replace(/\/+$/, "");
  }

  async verify(input: Address): Promise<AddressVerification> {
    const { address: local, corrections } = standardizeAddress(input);
    const lines = splitServiceLines(local);
    const zip5 = local.zip.slice(0, 5);
    const query = new URLSearchParams({ streetAddress: lines.street, city: local.city, state: local.state, ZIPCode: zip5 });
    if (lines.secondary) query.set("secondaryAddress", lines.secondary);
    if (local.zip.length === 10) query.set("ZIPPlus4", local.zip.slice(6));
    if (lines.urbanization) query.set("urbanization", lines.urbanization.replace(/^URB /, ""));

    const res = await this.authorizedGet(`${this.base}/addresses/v3/address?${query}`);
    const body = await readJson(res);
    const undeliverable = undeliverableAs(this.source, input, { address: local, corrections });

    if (res.status === 400 || res.status === 404) {
      const e = (body as UspsError | null)?.error;
      const message = (e?.errors?.[0]?.detail || e?.message || e?.errors?.[0]?.title || "Address Not Found").replace(/\.$/, "");
      return undeliverable(describeRefusal(fieldOfMessage(message), message, local, lines.street));
    }
    if (res.status !== 200 || !body || typeof body !== "object" || !(body as UspsAddressResponse).address?.streetAddress) {
      log.warn({ status: res.status }, "unexpected USPS addresses answer");
      throw verificationUnavailable(SERVICE, `it answered HTTP ${res.status} without an address`);
    }

    const found = body as UspsAddressResponse;
    const a = found.address!;
    const dpv = (found.additionalInfo ?? found.addressAdditionalInfo)?.DPVConfirmation ?? "";
    if (dpv !== "Y" && dpv !== "D" && dpv !== "S") {
      return undeliverable(`line1 ${lines.street} is not an address USPS delivers to in ${local.city}, ${local.state} ${zip5}; check the house number and street`);
    }

    const standardized: Address = {
      ...local,
      ...mergeServiceLines(lines, a.streetAddress!, a.secondaryAddress, a.urbanization ? `URB ${a.urbanization}` : null),
      city: a.city ?? local.city,
      state: a.state ?? local.state,
      zip: a.ZIPPlus4 ? `${a.ZIPCode ?? zip5}-${a.ZIPPlus4}` : (a.ZIPCode ?? local.zip),
    };
    const notes = [...corrections, ...lastLineNotes(local, standardized)];
    if (local[lines.streetField] !== standardized[lines.streetField]) notes.push(`${lines.streetField} corrected to ${standardized[lines.streetField]}`);
    for (const c of found.corrections ?? []) if (c.text) notes.push(`USPS: ${c.text}`);
    if (dpv === "D") notes.push("USPS knows this building but not which unit: add the apartment or suite number if the recipient has one");
    if (dpv === "S") notes.push("USPS does not know the apartment or suite number given at this building; the letter goes to the building");
    return { deliverable: true, standardized, changed: addressesDiffer(input, standardized), corrections: notes, source: this.source };
  }

  /** GET with a bearer token; a 401 means the cached token was revoked, so one retry with a fresh one. */
  private async authorizedGet(url: string): Promise<Response> {
    for (let attempt = 0; ; attempt++) {
      const token = await this.accessToken(attempt > 0);
      const res = await callAddressService(SERVICE, this.fetchFn, url, { headers: { authorization: `Bearer ${token}`, accept: "application/json" } }, this.options.timeoutMs);
      if (res.status !== 401 && res.status !== 403) return res;
      this.token = null;
      if (attempt > 0) {
        log.error({ status: res.status }, "USPS refused our access token");
        throw verificationUnavailable(SERVICE, "it refused this service's credentials");
      }
    }
  }

  private async accessToken(renew: boolean): Promise<string> {
    if (!renew && this.token && this.token.expiresAt > Date.now()) return this.token.value;
    const res = await callAddressService(
      SERVICE,
      this.fetchFn,
      `${this.base}/oauth2/v3/token`,
      {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({ client_id: this.options.clientId, client_secret: this.options.clientSecret, grant_type: "client_credentials" }),
      },
      this.options.timeoutMs,
    );
    const body = (await readJson(res)) as { access_token?: string; expires_in?: string | number } | null;
    if (res.status !== 200 || !body?.access_token) {
      log.error({ status: res.status }, "USPS token request refused");
      throw verificationUnavailable(SERVICE, "it refused this service's credentials");
    }
    const seconds = Number(body.expires_in);
    const lifetimeMs = Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 3_600_000;
    this.token = { value: body.access_token, expiresAt: Date.now() + Math.max(0, lifetimeMs - TOKEN_MARGIN_MS) };
    return this.token.value;
  }
}

function describeRefusal(field: "zip" | "city" | "state" | "line1", message: string, a: Address, street: string): string {
  const said = `(USPS: ${message})`;
  switch (field) {
    case "zip":
      return `zip ${a.zip} was not accepted by USPS ${said}; check the ZIP`;
    case "city":
      return `city ${a.city} was not accepted by USPS for ZIP ${a.zip.slice(0, 5)} ${said}; check the city and ZIP`;
    case "state":
      return `state ${a.state} was not accepted by USPS ${said}; check the state and ZIP`;
    default:
      return `line1 ${street} was not found by USPS in ${a.city}, ${a.state} ${a.zip.slice(0, 5)} ${said}; check the house number and street`;
  }
}
