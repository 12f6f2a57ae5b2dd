import type { Address } from "@/lib/letters/schemas";

// The address verification port: every adapter (offline ZIP data, USPS, Lob) answers in these
// words, so quotes and orders never depend on which one a deployment configured
// (address-verifier-from-env.ts picks it).

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
