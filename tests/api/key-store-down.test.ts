import { describe, expect, it, vi } from "vitest";
import { call, letter } from "@/tests/support/api";

// This file's modules see a database that does not answer (port 9 on loopback refuses), as
// when the key store is unreachable. Vitest isolates each test file, so no other file is affected.
vi.hoisted(() => {
  process.env.DATABASE_URL = "postgresql://postgres:postgres@127.0.0.1:9/none?connect_timeout=2";
});

describe("key store unreachable", () => {
  it("answers 503 key_store_unavailable with Retry-After when a key is sent", async () => {
    const { POST } = await import("@/app/v1/quotes/route");
    const res = await call(POST, { body: letter(), headers: { Authorization: "Bearer ak_live_" + "b".repeat(32) } });
    expect(res.status).toBe(503);
    expect(res.json.code).toBe("key_store_unavailable");
    expect(res.headers.get("retry-after")).toBe("5");
  });
});

describe("database unreachable", () => {
  it("answers 503 service_unavailable, not 500, when no key is sent", async () => {
    const { POST } = await import("@/app/v1/quotes/route");
    const res = await call(POST, { body: letter() });
    expect(res.status).toBe(503);
    expect(res.json.code).toBe("service_unavailable");
    expect(res.headers.get("retry-after")).toBeTruthy();
  });
});
