import { describe, expect, it } from "vitest";
import { GET as getAutocomplete, POST as postAutocomplete } from "@/app/v1/address/autocomplete/route";
import { POST as postReverse } from "@/app/v1/address/reverse/route";
import { call, randomIp } from "@/tests/support/api";

const autocomplete = (query: string, ip?: string) => call(getAutocomplete, { method: "GET", path: `/v1/address/autocomplete?${query}`, ip });
const reverse = (body: unknown, ip?: string) => call(postReverse, { path: "/v1/address/reverse", body, ip });

describe("GET /v1/address/autocomplete", () => {
  it("lists the ZIPs starting with a digit prefix, in ZIP order, with their city and state", async () => {
    const res = await autocomplete("q=122");
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: "ok", query: "122" });
    expect(res.json.next[0]).toMatch(/verified again when you quote/);
    const zips = res.json.suggestions.map((s: { zip: string }) => s.zip);
    expect(zips).toHaveLength(10);
    expect(zips).toEqual([...zips].sort());
    expect(zips.every((z: string) => z.startsWith("122"))).toBe(true);
    expect(res.json.suggestions).toContainEqual({ zip: "12207", city: "ALBANY", state: "NY" });
  });

  it("completes a city name, filtered to a state after a comma, with the city's ZIPs", async () => {
    const res = await autocomplete(`q=${encodeURIComponent("albany, ny")}&limit=3`);
    expect(res.status).toBe(200);
    expect(res.json.suggestions).toHaveLength(1);
    expect(res.json.suggestions[0]).toMatchObject({ city: "ALBANY", state: "NY", zip: "12201" });
    expect(res.json.suggestions[0].zips).toContain("12207");

    const st = await autocomplete(`q=${encodeURIComponent("St Lou")}&limit=3`);
    expect(st.json.suggestions.map((s: { city: string; state: string }) => `${s.city}, ${s.state}`)).toContain("SAINT LOUIS, MO");
  });

  it("returns an empty list, not an error, when nothing matches", async () => {
    const res = await autocomplete("q=Zzzyzx");
    expect(res.status).toBe(200);
    expect(res.json.suggestions).toEqual([]);
  });

  it("refuses a missing or oversized q, a bad limit and unknown parameters, naming the field", async () => {
    const missing = await autocomplete("");
    expect([missing.status, missing.json.code]).toEqual([400, "validation_error"]);
    expect(missing.json.reason).toMatch(/q is required/);
    const long = await autocomplete(`q=${"a".repeat(81)}`);
    expect(long.json.reason).toMatch(/q must be at most 80 characters/);
    const limit = await autocomplete("q=12&limit=26");
    expect([limit.status, limit.json.code]).toEqual([400, "validation_error"]);
    expect(limit.json.reason).toMatch(/limit must be a whole number from 1 to 25/);
    const unknown = await autocomplete("q=12&zip=12207");
    expect(unknown.json.reason).toMatch(/unknown query parameter zip \(use q and limit\)/);
    // Refused at the edge, as in every body and path: a control character cannot be looked up.
    const control = await autocomplete("q=12%01");
    expect([control.status, control.json.code]).toEqual([400, "validation_error"]);
    expect(control.json.reason).toMatch(/control character \(U\+0001\)/);
  });

  it("answers 405 to other methods", async () => {
    const res = await call(postAutocomplete, { path: "/v1/address/autocomplete", body: { q: "12" } });
    expect([res.status, res.json.code, res.headers.get("allow")]).toEqual([405, "method_not_allowed", "GET, OPTIONS"]);
  });

  it("throttles at 30 a minute per caller with 429 rate_limited and Retry-After", async () => {
    const ip = randomIp();
    for (let i = 0; i < 30; i++) expect((await autocomplete("q=122", ip)).status).toBe(200);
    const limited = await autocomplete("q=122", ip);
    expect([limited.status, limited.json.code]).toEqual([429, "rate_limited"]);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect((await autocomplete("q=122", randomIp())).status).toBe(200);
  });
});

describe("POST /v1/address/reverse", () => {
  it("returns the nearest ZIP with its city, state and distance", async () => {
    const res = await reverse({ latitude: 42.6526, longitude: -73.7562 });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: "ok", city: "ALBANY", state: "NY", next: [] });
    expect(res.json.zip).toMatch(/^122\d\d$/);
    expect(res.json.distance_km).toBeLessThan(2);

    const sanJuan = await reverse({ latitude: 18.4655, longitude: -66.1057 });
    expect(sanJuan.json).toMatchObject({ state: "PR" });
  });

  it("refuses coordinates out of range or missing, naming the field", async () => {
    const lat = await reverse({ latitude: 91, longitude: 0 });
    expect([lat.status, lat.json.code]).toEqual([400, "validation_error"]);
    expect(lat.json.reason).toMatch(/latitude: must be a number from -90 to 90/);
    const lon = await reverse({ latitude: 40, longitude: -181 });
    expect(lon.json.reason).toMatch(/longitude: must be a number from -180 to 180/);
    const missing = await reverse({ latitude: 40 });
    expect(missing.json.reason).toMatch(/longitude is required/);
    const text = await reverse({ latitude: "40", longitude: -73 });
    expect(text.json.reason).toMatch(/latitude: must be a number/);
  });

  it("says so when the point is far from every US ZIP", async () => {
    const res = await reverse({ latitude: 0, longitude: 0 });
    expect([res.status, res.json.code]).toEqual([400, "validation_error"]);
    expect(res.json.reason).toMatch(/not within 250 km of any US ZIP Code/);
  });

  it("throttles at 30 a minute per caller with 429 rate_limited and Retry-After", async () => {
    const ip = randomIp();
    for (let i = 0; i < 30; i++) expect((await reverse({ latitude: 40.75, longitude: -73.99 }, ip)).status).toBe(200);
    const limited = await reverse({ latitude: 40.75, longitude: -73.99 }, ip);
    expect([limited.status, limited.json.code]).toEqual([429, "rate_limited"]);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
  });
});
