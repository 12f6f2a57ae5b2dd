import { describe, expect, it } from "vitest";
import { POST as postQuote } from "@/app/v1/quotes/route";
import { POST as postOrder } from "@/app/v1/orders/route";
import { db } from "@/lib/db";
import { address, call, letter, randomIp } from "@/tests/support/api";

describe("address verification on quotes and orders", () => {
  it("standardizes both addresses, returns corrected_to and corrected_from, and keeps the result with the order", async () => {
    const ip = randomIp();
    const body = letter({
      to: address({ line1: "12 north main street apartment 4", city: "Albny", zip: "12207" }),
      from: address({ name: "Charles Babbage", line1: "P.O. Box 77", city: "troy", zip: "12180" }),
    });
    const quote = await call(postQuote, { body, ip });
    expect(quote.status, JSON.stringify(quote.json)).toBe(200);
    expect(quote.json.corrected_to).toEqual({ name: "Ada Lovelace", line1: "12 N MAIN ST APT 4", city: "ALBANY", state: "NY", zip: "12207", country: "US" });
    expect(quote.json.corrected_from).toMatchObject({ line1: "PO BOX 77", city: "TROY" });

    // The letter as quoted (uncorrected) is still the letter the token confirms.
    const order = await call(postOrder, { body: { ...body, confirmation_token: quote.json.confirmation_token }, ip });
    expect(order.status, JSON.stringify(order.json)).toBe(201);
    expect(order.json.corrected_to.line1).toBe("12 N MAIN ST APT 4");
    expect(order.json.order.to).toEqual({ name: "Ada Lovelace", city: "ALBANY", state: "NY", zip: "12207" });

    const row = await db().order.findUniqueOrThrow({ where: { id: order.json.order.id } });
    expect(row.recipient).toMatchObject({ line1: "12 N MAIN ST APT 4", city: "ALBANY" });
    const verification = row.addressVerification as any;
    expect(verification.to).toMatchObject({ deliverable: true, changed: true, source: "embedded" });
    expect(verification.to.corrections.join(" ")).toMatch(/ALBNY/i);
    expect(verification.from).toMatchObject({ deliverable: true, source: "embedded" });
  });

  it("omits corrected_to when the address was already standard", async () => {
    const res = await call(postQuote, {
      body: letter({ to: address({ line1: "12 MAIN ST", city: "ALBANY" }), from: address({ name: "Charles Babbage", line1: "1 ENGINE ROW", city: "TROY", zip: "12180" }) }),
    });
    expect(res.status).toBe(200);
    expect(res.json).not.toHaveProperty("corrected_to");
    expect(res.json).not.toHaveProperty("corrected_from");
  });

  it("refuses an undeliverable address with 422 address_undeliverable naming the address, the field and the fix", async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ to: address({ zip: "99999" }) }, /recipient .*to\.zip 99999 is not a US ZIP Code/],
      [{ to: address({ state: "CA" }) }, /to\.state CA does not match ZIP 12207, which is in NY/],
      [{ to: address({ city: "Paris" }) }, /to\.city PARIS is not served by ZIP 12207 \(ALBANY, NY\)/],
      [{ from: address({ name: "Charles Babbage", city: "Buffalo", zip: "12180" }) }, /return address .*from\.city/],
    ];
    for (const [over, reason] of cases) {
      const res = await call(postQuote, { body: letter(over) });
      expect(res.status, JSON.stringify(over)).toBe(422);
      expect(res.json, JSON.stringify(over)).toMatchObject({ status: "failed", code: "address_undeliverable" });
      expect(res.json.reason).toMatch(reason);
      expect(res.json.next[0]).toMatch(/Correct the address/);
    }
  });
});
