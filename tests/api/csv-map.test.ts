import { describe, expect, it } from "vitest";
import { POST as postCsvMap, GET as getCsvMap, DELETE as deleteCsvMap } from "@/app/v1/csv-map/route";
import { POST as postFeedback } from "@/app/v1/feedback/route";
import { issueApiKey } from "@/lib/auth/api-keys";
import { db } from "@/lib/db";
import { call, randomIp } from "@/tests/support/api";

// POST /v1/csv-map: a CSV header and sample rows in, the column mapping out; open to every
// caller and to keys with mail:quote, with its own throttle of 10 a minute.

const sheet = { csv: "Full Name,Street Address,Apt/Suite,City,State,ZIP Code\r\nAda Lovelace,12 Main St,Apt 4,Albany,New York,12207\r\n" };

describe("POST /v1/csv-map", () => {
  it("maps a CSV for an anonymous caller and shows the first row as an address", async () => {
    const res = await call(postCsvMap, { path: "/v1/csv-map", body: sheet });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-request-id")).toMatch(/^req_/);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(Object.keys(res.json).sort()).toEqual(["delimiter", "has_header", "mapping", "missing_required", "next", "sample", "sample_issues", "status", "unmapped_columns"]);
    expect(res.json).toMatchObject({ status: "ok", has_header: true, delimiter: ",", unmapped_columns: [], missing_required: [], sample_issues: [] });
    expect(res.json.mapping.map((m: { field: string; column: string }) => [m.field, m.column])).toEqual([
      ["name", "Full Name"], ["line1", "Street Address"], ["line2", "Apt/Suite"], ["city", "City"], ["state", "State"], ["zip", "ZIP Code"],
    ]);
    for (const m of res.json.mapping) {
      expect(m.confidence).toBeGreaterThan(0.9);
      expect(m.confidence).toBeLessThanOrEqual(1);
      expect(Math.round(m.confidence * 100)).toBe(m.confidence * 100);
      expect(m.reason).toMatch(/header/);
    }
    expect(res.json.sample).toEqual({ to: { name: "Ada Lovelace", line1: "12 Main St", line2: "Apt 4", city: "Albany", state: "NY", zip: "12207" } });
  });

  it("takes split cells, and first and last names joined", async () => {
    const res = await call(postCsvMap, { body: { header: ["First Name", "Last Name", "Address 1", "City", "ST", "Zip"], rows: [["Grace", "Hopper", "1600 Pennsylvania Ave NW", "Washington", "DC", "20500"]] } });
    expect(res.status).toBe(200);
    expect(res.json.delimiter).toBeNull();
    expect(res.json.mapping[0]).toEqual({
      field: "name", column: null, column_index: null, columns: ["First Name", "Last Name"], column_indexes: [0, 1], combine: "join_space",
      confidence: expect.any(Number), reason: '"First Name" and "Last Name" joined with a space',
    });
    expect(res.json.sample.to.name).toBe("Grace Hopper");
  });

  it("takes a key with only mail:quote, and refuses a key without it", async () => {
    const quoter = await issueApiKey({ mode: "live", label: "quote only", scopes: ["mail:quote"] });
    expect((await call(postCsvMap, { body: sheet, headers: { Authorization: `Bearer ${quoter.key}` } })).status).toBe(200);
    const writer = await issueApiKey({ mode: "live", label: "feedback only", scopes: ["feedback:write"] });
    const refused = await call(postCsvMap, { body: sheet, headers: { Authorization: `Bearer ${writer.key}` } });
    expect(refused.status).toBe(403);
    expect(refused.json.code).toBe("insufficient_scope");
  });

  it("says how to fix a bad request", async () => {
    const cases: [unknown, RegExp][] = [
      [{}, /send csv .* or header/],
      [{ header: [] }, /header must name at least one column/],
      [{ header: ["Zip", "ZIP"] }, /appears twice/],
      [{ header: Array.from({ length: 101 }, (_, i) => `c${i}`) }, /at most 100 columns/],
      [{ header: ["Zip"], rows: Array.from({ length: 21 }, () => ["12207"]) }, /at most 20 sample rows/],
      [{ csv: 'Name,Zip\n"Ada,12207\n' }, /cannot be read as CSV/],
      [{ csv: "Name,Zip", sandbox: true }, /unknown field "sandbox"/],
    ];
    for (const [body, reason] of cases) {
      const res = await call(postCsvMap, { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json).toMatchObject({ status: "failed", code: "validation_error" });
      expect(res.json.reason).toMatch(reason);
    }
    const json = await call(postCsvMap, { rawBody: "Name,Zip\n", method: "POST", headers: { "content-type": "text/csv" } });
    expect(json.status).toBe(400);
    expect(json.json.code).toBe("unsupported_media_type");
  });

  it("accepts POST only", async () => {
    for (const handler of [getCsvMap, deleteCsvMap]) {
      const res = await call(handler, { path: "/v1/csv-map" });
      expect(res.status).toBe(405);
      expect(res.json.code).toBe("method_not_allowed");
      expect(res.headers.get("allow")).toBe("POST, OPTIONS");
    }
  });

  it("throttles at 10 a minute per caller in its own bucket, with Retry-After", async () => {
    const ip = randomIp();
    for (let i = 0; i < 10; i++) expect((await call(postCsvMap, { body: sheet, ip })).status).toBe(200);
    expect(await db().rateLimit.findUnique({ where: { key: `csv_map:ip:${ip}` } })).toMatchObject({ points: 10 });
    const limited = await call(postCsvMap, { body: sheet, ip });
    expect(limited.status).toBe(429);
    expect(limited.json.code).toBe("rate_limited");
    expect(limited.json.reason).toMatch(/10 a minute/);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    // Other buckets of the same caller are untouched, and other callers have their own.
    expect((await call(postFeedback, { body: { kind: "other", message: "csv-map throttle test" }, ip })).status).toBe(201);
    expect((await call(postCsvMap, { body: sheet, ip: randomIp() })).status).toBe(200);
  });
});
