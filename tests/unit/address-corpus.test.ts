import { describe, expect, it } from "vitest";
import { AddressSchema } from "@/lib/letters/schemas";
import { EmbeddedVerifier } from "@/lib/addresses/embedded-verifier";
import { verifyLetterAddresses } from "@/lib/addresses/verify-letter-addresses";
import { ApiError } from "@/lib/errors/api-error";
import { ADDRESS_CORPUS } from "@/tests/fixtures/addresses/corpus";

// The embedded verifier against addresses as people really type them: what it accepts, how it
// writes them (Pub 28), and the reason it gives when it refuses.

const verifier = new EmbeddedVerifier();
const parse = (input: Record<string, unknown>) => AddressSchema.parse({ name: "Ada Lovelace", ...input });

describe("embedded address verification corpus", () => {
  it("has at least 45 cases", () => {
    expect(ADDRESS_CORPUS.length).toBeGreaterThanOrEqual(45);
  });

  it.each(ADDRESS_CORPUS.map((c) => [c.label, c] as const))("%s", async (_label, c) => {
    const input = parse(c.input);
    const r = await verifier.verify(input);
    expect(r.source).toBe("embedded");
    expect(r.deliverable, r.problem).toBe(c.deliverable);
    if (c.standardized) expect(r.standardized).toMatchObject(c.standardized);
    if (c.problem) expect(r.problem).toMatch(c.problem);
    if (c.note) expect(r.corrections.join(" | ")).toMatch(c.note);
    if (c.deliverable) expect(r.problem).toBeUndefined();
    const fields = ["name", "line1", "line2", "city", "state", "zip", "country"] as const;
    expect(r.changed).toBe(fields.some((f) => (input[f] ?? "") !== (r.standardized[f] ?? "")));
  });

  it("keeps an address that is already standard unchanged", async () => {
    const input = parse({ line1: "12 MAIN ST", city: "ALBANY", state: "NY", zip: "12207" });
    const r = await verifier.verify(input);
    expect(r).toMatchObject({ deliverable: true, changed: false, corrections: [] });
    expect(r.standardized).toEqual(input);
  });
});

describe("verifyLetterAddresses", () => {
  const to = parse({ line1: "12 Main St", city: "Albany", state: "NY", zip: "12207" });
  const from = parse({ name: "Charles Babbage", line1: "1 Engine Row", city: "Troy", state: "NY", zip: "12180" });

  it("returns both verifications when both addresses can be delivered", async () => {
    const r = await verifyLetterAddresses(to, from, verifier);
    expect(r.to.standardized.city).toBe("ALBANY");
    expect(r.from.standardized.city).toBe("TROY");
  });

  it("refuses with 422 address_undeliverable naming the recipient's field and the fix", async () => {
    const err = await verifyLetterAddresses({ ...to, zip: "99999" }, from, verifier).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect([(err as ApiError).code, (err as ApiError).http]).toEqual(["address_undeliverable", 422]);
    expect((err as ApiError).message).toBe("The recipient address cannot be delivered as entered: to.zip 99999 is not a US ZIP Code; check the ZIP.");
  });

  it("names the return address when it is the one at fault, and both when both are", async () => {
    const fromOnly = (await verifyLetterAddresses(to, { ...from, state: "CA" }, verifier).catch((e: unknown) => e)) as ApiError;
    expect(fromOnly.message).toBe("The return address cannot be delivered as entered: from.state CA does not match ZIP 12180, which is in NY; use NY or check the ZIP.");
    const both = (await verifyLetterAddresses({ ...to, city: "Paris" }, { ...from, zip: "99999" }, verifier).catch((e: unknown) => e)) as ApiError;
    expect(both.message).toMatch(/to\.city PARIS is not served by ZIP 12207 \(ALBANY, NY\); use ALBANY or check the ZIP\..*from\.zip 99999/);
  });
});
