import { describe, expect, it } from "vitest";
import { MAX_ATTEMPTS, nextAttemptAt, parseRetryAfter, RETRY_DELAYS_SECONDS } from "@/lib/notifications/webhooks/retry-schedule";

const t0 = new Date("2026-11-21T12:00:00Z");
const later = (d: Date | null) => (d ? (d.getTime() - t0.getTime()) / 1000 : null);

describe("webhook retry schedule", () => {
  it("spreads ten attempts over about three days", () => {
    expect(MAX_ATTEMPTS).toBe(10);
    const total = RETRY_DELAYS_SECONDS.reduce((a, b) => a + b, 0) / 3600;
    expect(total).toBeGreaterThan(72);
    expect(total).toBeLessThan(80);
    expect(later(nextAttemptAt(1, t0, t0))).toBe(5);
    expect(later(nextAttemptAt(2, t0, t0))).toBe(300);
  });

  it("waits longer when the receiver's Retry-After asks for it, never shorter, and at most a day", () => {
    expect(later(nextAttemptAt(1, t0, t0, "120"))).toBe(120);
    expect(later(nextAttemptAt(2, t0, t0, "1"))).toBe(300);
    expect(later(nextAttemptAt(1, t0, t0, "999999"))).toBe(86400);
    expect(later(nextAttemptAt(1, t0, t0, new Date(t0.getTime() + 600_000).toUTCString()))).toBe(600);
    expect(later(nextAttemptAt(1, t0, t0, "soon"))).toBe(5);
  });

  it("gives up after the tenth attempt, or when the next one would fall past the three-day window", () => {
    expect(nextAttemptAt(10, t0, t0)).toBeNull();
    const nearTheEnd = new Date(t0.getTime() + 79 * 3600_000);
    expect(nextAttemptAt(9, t0, nearTheEnd)).toBeNull();
    expect(nextAttemptAt(5, t0, nearTheEnd, "0")).toBeNull();
    expect(nextAttemptAt(3, t0, nearTheEnd)).not.toBeNull();
  });

  it("reads Retry-After as seconds or as an HTTP date", () => {
    expect(parseRetryAfter("30", t0)).toBe(30);
    expect(parseRetryAfter(" 30 ", t0)).toBe(30);
    expect(parseRetryAfter(new Date(t0.getTime() - 5000).toUTCString(), t0)).toBe(0);
    expect(parseRetryAfter(null, t0)).toBeNull();
    expect(parseRetryAfter("-1", t0)).toBeNull();
  });
});
