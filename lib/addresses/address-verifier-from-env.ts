import { env } from "@/lib/env";
import type { AddressVerification, AddressVerifier } from "@/lib/addresses/address-verifier";
import { EmbeddedVerifier } from "@/lib/addresses/embedded-verifier";
import { LobVerifier } from "@/lib/addresses/lob-verifier";
import { UspsVerifier } from "@/lib/addresses/usps-verifier";

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
