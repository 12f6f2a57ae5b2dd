import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ERRORS } from "@/lib/errors/error-catalogue";

describe("error catalogue", () => {
  it("is published in the README, every code with its HTTP status", () => {
    const readme = readFileSync("README.md", "utf8");
    for (const [code, spec] of Object.entries(ERRORS)) {
      expect(readme, code).toContain(`| ${spec.http} | \`${code}\` |`);
    }
  });

  it("keeps the spec's statuses: confirmation-gate codes are action_required, 429s are retryable", () => {
    for (const code of ["confirmation_required", "confirmation_mismatch", "confirmation_used"] as const) {
      expect(ERRORS[code].status).toBe("action_required");
    }
    expect(ERRORS.confirmation_required.http).toBe(428);
    expect(ERRORS.confirmation_mismatch.http).toBe(409);
    expect(ERRORS.confirmation_used.http).toBe(409);
    expect(ERRORS.idempotency_in_flight.http).toBe(409);
    expect(ERRORS.invalid_key.http).toBe(401);
    expect(ERRORS.key_disabled.http).toBe(403);
    expect(ERRORS.insufficient_scope.http).toBe(403);
    expect(ERRORS.rate_limited).toMatchObject({ http: 429, retryable: true });
    expect(ERRORS.key_store_unavailable.http).toBe(503);
  });
});
