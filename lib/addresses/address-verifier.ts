import { env } from "@/lib/env";
import { ApiError } from "@/lib/errors/api-error";
import type { Address } from "@/lib/letters/schemas";
import { EmbeddedVerifier } from "@/lib/addresses/embedded-verifier";
import { UspsVerifier } from "@/lib/addresses/usps-verifier";
import { LobVerifier } from "@/lib/addresses/lob-verifier";

// The address verification port: every adapter (offline ZIP data, USPS, Lob) answers in these
// words, so quotes and orders never depend on which one a deployment configured.

export type AddressVerification = {
  deliverable: boolean;
  /** The address standardized the way USPS Publication 28 does; equal to the input when nothing changed. */
  standardized: Address;
  /** True when standardized differs from the input in any field. */
  changed: boolean;
  /**
   * Why it is undeliverable (a sentence a person can act on), when deliverable is false. It starts
   * with the field it is about ("zip 99999 is not a US ZIP Code; check the ZIP"), so that a caller
   * can name the address it came from ("to.zip …").
   */
  problem?: string;
  /** Plain notes on what was corrected, e.g. "city corrected from ALBNY to ALBANY". */
  corrections: string[];
  source: "embedded" | "usps" | "lob";
};

export type AddressVerifier = {
  readonly source: AddressVerification["source"];
  verify(a: Address): Promise<AddressVerification>;
};

let configured: { source: AddressVerification["source"]; verifier: AddressVerifier } | undefined;

/** The verifier this deployment is configured with (ADDRESS_VERIFIER), one per process so USPS tokens are reused. */
export function addressVerifier(): AddressVerifier {
  const e = env();
  if (configured?.source === e.ADDRESS_VERIFIER) return configured.verifier;
  const verifier =
    e.ADDRESS_VERIFIER === "usps"
      ? new UspsVerifier({ clientId: e.USPS_CLIENT_ID!, clientSecret: e.USPS_CLIENT_SECRET!, baseUrl: e.USPS_API_BASE })
      : e.ADDRESS_VERIFIER === "lob"
        ? new LobVerifier({ apiKey: e.LOB_API_KEY!, baseUrl: e.LOB_API_BASE })
        : new EmbeddedVerifier();
  configured = { source: e.ADDRESS_VERIFIER, verifier };
  return verifier;
}

/**
 * Verifies both addresses of a letter; throws ApiError("address_undeliverable", …) naming the
 * address (to or from), the field and the fix when either cannot be delivered as entered. The
 * return address matters too: an undeliverable letter comes back to it.
 */
export async function verifyLetterAddresses(
  to: Address,
  from: Address,
  verifier: AddressVerifier = addressVerifier(),
): Promise<{ to: AddressVerification; from: AddressVerification }> {
  const [toResult, fromResult] = await Promise.all([verifier.verify(to), verifier.verify(from)]);
  const problems: string[] = [];
  if (!toResult.deliverable) problems.push(`The recipient address cannot be delivered as entered: to.${toResult.problem ?? "line1 was not found"}.`);
  if (!fromResult.deliverable) problems.push(`The return address cannot be delivered as entered: from.${fromResult.problem ?? "line1 was not found"}.`);
  if (problems.length > 0) throw new ApiError("address_undeliverable", problems.join(" "));
  return { to: toResult, from: fromResult };
}
