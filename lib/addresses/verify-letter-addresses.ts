import { ApiError } from "@/lib/errors/api-error";
import type { Address } from "@/lib/letters/schemas";
import type { AddressVerification, AddressVerifier } from "@/lib/addresses/address-verifier";
import { addressVerifier } from "@/lib/addresses/address-verifier-from-env";

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
