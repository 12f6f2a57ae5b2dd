import { describe, expect, it, vi } from "vitest";

// lib/env.ts reads these on first use; set them before any module under test runs.
vi.hoisted(() => {
  process.env.DATABASE_URL = "postgresql://unused/x";
  process.env.SIGNING_SECRET = "unit-test-signing-secret-0123456789-abcdefghij";
});

import { CAPABILITY_TTL_MS, checkCapability, issueCapabilities, issueCapability, readCapability } from "@/lib/orders/capability-tokens";
import { issueConfirmationToken, quoteIdOfConfirmationToken } from "@/lib/quotes/confirmation-token";

const ORDER = "ord_test_0123456789abcdefghijklmn";
const OTHER = "ord_test_zyxwvutsrqponmlkjihgfedc";
const DAY = 24 * 60 * 60 * 1000;

/** Replaces the character at index i with a different base64url character. */
function flipAt(token: string, i: number): string {
  const replacement = token[i] === "A" ? "B" : "A";
  return token.slice(0, i) + replacement + token.slice(i + 1);
}

describe("capability tokens", () => {
  it("a cancel token starts with cap_ and verifies for its order and action", () => {
    const token = issueCapability(ORDER, "cancel");
    expect(token).toMatch(/^cap_[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(checkCapability(token, ORDER, "cancel")).toEqual({ ok: true });
  });

  it("a review token verifies for review", () => {
    expect(checkCapability(issueCapability(ORDER, "review"), ORDER, "review")).toEqual({ ok: true });
  });

  it("issueCapabilities gives a cancel and a review token that each work only for their action", () => {
    const { cancel_token, review_token } = issueCapabilities(ORDER);
    expect(cancel_token).not.toBe(review_token);
    expect(checkCapability(cancel_token, ORDER, "cancel")).toEqual({ ok: true });
    expect(checkCapability(review_token, ORDER, "review")).toEqual({ ok: true });
    expect(checkCapability(cancel_token, ORDER, "review")).toEqual({ ok: false, why: "invalid" });
    expect(checkCapability(review_token, ORDER, "cancel")).toEqual({ ok: false, why: "invalid" });
  });

  it("review and cancel tokens share the prefix and payload but differ in signature", () => {
    const now = Date.now();
    const cancel = issueCapability(ORDER, "cancel", now);
    const review = issueCapability(ORDER, "review", now);
    const [cBody, cSig] = cancel.split(".");
    const [rBody, rSig] = review.split(".");
    expect(cBody).toBe(rBody);
    expect(cSig).not.toBe(rSig);
  });

  it("a token for another order is rejected as other_order", () => {
    const token = issueCapability(OTHER, "cancel");
    expect(checkCapability(token, ORDER, "cancel")).toEqual({ ok: false, why: "other_order" });
  });

  it("is valid for seven days and expired after", () => {
    const issuedAt = Date.now();
    const token = issueCapability(ORDER, "cancel", issuedAt);
    expect(checkCapability(token, ORDER, "cancel", issuedAt + 6 * DAY)).toEqual({ ok: true });
    expect(checkCapability(token, ORDER, "cancel", issuedAt + CAPABILITY_TTL_MS + 1000)).toEqual({ ok: false, why: "expired" });
  });

  it("a token issued 8 days ago is rejected as expired", () => {
    const token = issueCapability(ORDER, "cancel", Date.now() - 8 * DAY);
    expect(checkCapability(token, ORDER, "cancel")).toEqual({ ok: false, why: "expired" });
  });

  it("a token with one character changed in the signature is rejected", () => {
    const token = issueCapability(ORDER, "cancel");
    const dot = token.lastIndexOf(".");
    // Positions inside the signature that carry full 6-bit characters (not the final one,
    // whose low bits are padding).
    for (const i of [dot + 1, dot + 10, token.length - 5]) {
      expect(checkCapability(flipAt(token, i), ORDER, "cancel"), `index ${i}`).toEqual({ ok: false, why: "invalid" });
    }
  });

  it("a token with one character changed in the payload is rejected", () => {
    const token = issueCapability(ORDER, "cancel");
    const dot = token.lastIndexOf(".");
    for (const i of ["cap_".length, "cap_".length + 5, dot - 1]) {
      expect(checkCapability(flipAt(token, i), ORDER, "cancel"), `index ${i}`).toEqual({ ok: false, why: "invalid" });
    }
  });

  it("a payload re-signed for another order without the key is rejected", () => {
    const token = issueCapability(ORDER, "cancel");
    const sig = token.slice(token.lastIndexOf(".") + 1);
    const forged = "cap_" + Buffer.from(JSON.stringify({ o: OTHER, e: 9_999_999_999 })).toString("base64url") + "." + sig;
    expect(checkCapability(forged, OTHER, "cancel")).toEqual({ ok: false, why: "invalid" });
  });

  it("rejects tokens that are not tokens at all", () => {
    for (const junk of ["", "cap_", "cap_.", "cap_abc", "nope", `ct_${"x".repeat(20)}.sig`]) {
      expect(checkCapability(junk, ORDER, "cancel"), JSON.stringify(junk)).toEqual({ ok: false, why: "invalid" });
    }
  });
});

describe("confirmation tokens", () => {
  it("round-trips to its quote id", () => {
    const token = issueConfirmationToken("qt_abc123");
    expect(token.startsWith("ct_")).toBe(true);
    expect(quoteIdOfConfirmationToken(token)).toBe("qt_abc123");
  });

  it("different quotes get different tokens", () => {
    expect(issueConfirmationToken("qt_1")).not.toBe(issueConfirmationToken("qt_2"));
  });

  it("a capability token is not accepted as a confirmation token, even with the ct_ prefix", () => {
    const cap = issueCapability(ORDER, "cancel");
    expect(quoteIdOfConfirmationToken(cap)).toBeNull();
    expect(quoteIdOfConfirmationToken("ct_" + cap.slice("cap_".length))).toBeNull();
  });

  it("a confirmation token is not accepted as a capability token", () => {
    const ct = issueConfirmationToken(ORDER);
    expect(checkCapability(ct, ORDER, "cancel")).toEqual({ ok: false, why: "invalid" });
    expect(checkCapability("cap_" + ct.slice("ct_".length), ORDER, "cancel")).toEqual({ ok: false, why: "invalid" });
  });

  it("a tampered confirmation token yields no quote id", () => {
    const token = issueConfirmationToken("qt_abc123");
    const dot = token.lastIndexOf(".");
    expect(quoteIdOfConfirmationToken(flipAt(token, 4))).toBeNull();
    expect(quoteIdOfConfirmationToken(flipAt(token, dot + 3))).toBeNull();
    expect(quoteIdOfConfirmationToken("garbage")).toBeNull();
  });
});

describe("signature spelling", () => {
  it("only the exact issued string verifies: no appended or inserted characters, no padding-bit twins", async () => {
    const { issueCapability, checkCapability } = await import("@/lib/orders/capability-tokens");
    const id = "ord_test_" + "a".repeat(24);
    const token = issueCapability(id, "cancel");
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    const last = token.at(-1)!;
    const neighbour = alphabet[(alphabet.indexOf(last) ^ 1)];
    for (const variant of [token + "!", token + "=", token + " ", token.slice(0, -1) + neighbour, token.slice(0, -5) + "!" + token.slice(-5)]) {
      expect(checkCapability(variant, id, "cancel"), variant.slice(-8)).toEqual({ ok: false, why: "invalid" });
    }
    expect(checkCapability(token, id, "cancel")).toEqual({ ok: true });
  });
});

describe("readCapability", () => {
  it("reads the order of a review token, and refuses a cancel token for review and the reverse", () => {
    const { cancel_token, review_token } = issueCapabilities(ORDER);
    expect(readCapability(review_token, "review")).toEqual({ ok: true, orderId: ORDER });
    expect(readCapability(cancel_token, "cancel")).toEqual({ ok: true, orderId: ORDER });
    expect(readCapability(cancel_token, "review")).toEqual({ ok: false, why: "invalid" });
    expect(readCapability(review_token, "cancel")).toEqual({ ok: false, why: "invalid" });
  });

  it("expires after seven days", () => {
    const issuedAt = Date.now();
    const token = issueCapability(ORDER, "review", issuedAt);
    expect(readCapability(token, "review", issuedAt + 6 * DAY)).toEqual({ ok: true, orderId: ORDER });
    expect(readCapability(token, "review", issuedAt + CAPABILITY_TTL_MS + 1000)).toEqual({ ok: false, why: "expired" });
  });

  it("refuses tampered tokens and junk", () => {
    const token = issueCapability(ORDER, "review");
    const dot = token.lastIndexOf(".");
    expect(readCapability(flipAt(token, "cap_".length + 3), "review")).toEqual({ ok: false, why: "invalid" });
    expect(readCapability(flipAt(token, dot + 4), "review")).toEqual({ ok: false, why: "invalid" });
    for (const junk of ["", "cap_", "cap_.", "nope", issueConfirmationToken(ORDER)]) {
      expect(readCapability(junk, "review"), JSON.stringify(junk)).toEqual({ ok: false, why: "invalid" });
    }
  });
});
