import { describe, expect, it } from "vitest";
import { retryAfterText } from "@/components/compose/api";
import { fieldErrors } from "@/components/compose/field-errors";
import { EMPTY_DRAFT, letterRequest, parseDraft } from "@/components/compose/draft";

describe("fieldErrors", () => {
  it("finds each field a validation error names, with its own part of the reason", () => {
    const e = fieldErrors({ status: "failed", code: "validation_error", reason: "Invalid request body: to.state: state must be a USPS state (e.g. NY); from.zip: zip must be five digits." });
    expect(e["to.state"]).toBe("to.state: state must be a USPS state (e.g. NY).");
    expect(e["from.zip"]).toBe("from.zip: zip must be five digits.");
  });

  it("reads undeliverable addresses, one sentence each", () => {
    const e = fieldErrors({
      status: "failed",
      code: "address_undeliverable",
      reason: "The recipient address cannot be delivered as entered: to.zip 99999 is not a US ZIP Code; check the ZIP. The return address cannot be delivered as entered: from.city X is not served by ZIP 12180 (TROY, NY); use TROY or check the ZIP.",
    });
    expect(e["to.zip"]).toBe("to.zip 99999 is not a US ZIP Code; check the ZIP.");
    expect(e["from.city"]).toBe("from.city X is not served by ZIP 12180 (TROY, NY); use TROY or check the ZIP.");
  });

  it("maps document and credit errors to their field by code, and ignores words in prose", () => {
    expect(fieldErrors({ status: "failed", code: "insufficient_credit", reason: "The code holds 5¢." }).credit_code).toBe("The code holds 5¢.");
    expect(fieldErrors({ status: "failed", code: "page_limit_exceeded", reason: "61 pages." }).content).toBe("61 pages.");
    expect(fieldErrors({ status: "failed", code: "internal_error", reason: "The text of the letter could not be read." })).toEqual({});
  });
});

describe("retryAfterText", () => {
  it("says when, as a time, and how long", () => {
    const now = new Date(2026, 0, 5, 10, 0, 0);
    expect(retryAfterText(45, now)).toMatch(/\(in 45 s\)$/);
    expect(retryAfterText(7800, now)).toMatch(/\(in 2 h 10 min\)$/);
    expect(retryAfterText(3 * 86400, now)).toMatch(/Thu/);
  });
});

describe("draft", () => {
  const address = { name: "Ada", line1: "12 Main St", line2: "", city: "Albany", state: "NY", zip: "12207" };

  it("is a letter request only once both addresses and the content are there", () => {
    expect(letterRequest({ ...EMPTY_DRAFT, text: "Hi", to: address })).toBeNull();
    expect(letterRequest({ ...EMPTY_DRAFT, text: "Hi", to: address, from: address })).toMatchObject({ format: "letter", mail_class: "first_class", text: "Hi", sandbox: true });
    expect(letterRequest({ ...EMPTY_DRAFT, content: "pdf", text: "Hi", to: address, from: address })).toBeNull();
  });

  it("sends postcards First-Class, handwriting only on notecards, and no branding fee where no mark prints", () => {
    const base = { ...EMPTY_DRAFT, text: "Hi", to: address, from: address, mailClass: "certified" as const, removeBranding: true, color: true };
    expect(letterRequest({ ...base, format: "postcard_4x6" })).toEqual(expect.not.objectContaining({ remove_branding: true, color: true, handwriting: "script" }));
    expect(letterRequest({ ...base, format: "postcard_4x6" })!.mail_class).toBe("first_class");
    expect(letterRequest({ ...base, format: "notecard", handwriting: "pen" })).toMatchObject({ handwriting: "pen", remove_branding: true });
    expect(letterRequest({ ...base, format: "letter" })).not.toHaveProperty("remove_branding");
  });

  it("reads a stored draft field by field and never yields a credit code", () => {
    const d = parseDraft(JSON.stringify({ format: "nonsense", text: "kept", credit_code: "cc-aaaa-bbbb-cccc", to: { city: "Albany", zip: 5 } }))!;
    expect(d.format).toBe("letter");
    expect(d.text).toBe("kept");
    expect(d.to).toEqual({ name: "", line1: "", line2: "", city: "Albany", state: "", zip: "" });
    expect(JSON.stringify(d)).not.toContain("cc-");
    expect(parseDraft("{not json")).toBeNull();
  });
});
