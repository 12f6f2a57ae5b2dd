import type { Address } from "@/lib/letters/schemas";

/** An address as responses show it back to the sender who gave it (corrected_to / corrected_from). */
export function publicAddress(a: Address) {
  return { name: a.name, line1: a.line1, ...(a.line2 ? { line2: a.line2 } : {}), city: a.city, state: a.state, zip: a.zip, country: "US" as const };
}
