import { afterEach, describe, expect, it } from "vitest";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { readFileSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { AddressSchema } from "@/lib/letters/schemas";
import { UspsVerifier } from "@/lib/addresses/usps-verifier";
import { LobVerifier } from "@/lib/addresses/lob-verifier";
import { verifyLetterAddresses } from "@/lib/addresses/verify-letter-addresses";
import { ApiError } from "@/lib/errors/api-error";

// The USPS and Lob adapters over real HTTP: a local server answers with responses shaped like
// the services' documented ones (tests/fixtures/addresses), and records what the adapter sent.

const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, "../fixtures/addresses", name), "utf8");
const address = (over: Record<string, unknown> = {}) =>
  AddressSchema.parse({ name: "Ada Lovelace", line1: "12 Main St", city: "Albany", state: "NY", zip: "12207", ...over });

type Seen = { method: string; path: string; query: URLSearchParams; headers: IncomingHttpHeaders; body: string };
type Answer = { status: number; body?: string; headers?: Record<string, string>; delayMs?: number };

const servers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((close) => close()));
});

async function fakeService(route: (req: Seen) => Answer) {
  const seen: Seen[] = [];
  const server = createServer(async (req, res) => {
    let body = "";
    for await (const chunk of req) body += chunk;
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const request = { method: req.method ?? "", path: url.pathname, query: url.searchParams, headers: req.headers, body };
    seen.push(request);
    const answer = route(request);
    if (answer.delayMs) await sleep(answer.delayMs);
    res.writeHead(answer.status, { "content-type": "application/json", ...answer.headers });
    res.end(answer.body ?? "");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  servers.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

async function rejection(p: Promise<unknown>): Promise<ApiError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ApiError);
  return err as ApiError;
}

describe("USPS Addresses API v3 adapter", () => {
  let revokeNext = false;
  const usps = () =>
    fakeService((req) => {
      if (req.method === "POST" && req.path === "/oauth2/v3/token") return { status: 200, body: fixture("usps-token.json") };
      if (req.method !== "GET" || req.path !== "/addresses/v3/address") return { status: 404, body: "{}" };
      if (revokeNext) {
        revokeNext = false;
        return { status: 401, body: JSON.stringify({ error: "invalid_token" }) };
      }
      const street = req.query.get("streetAddress") ?? "";
      if (street.startsWith("1600 PENNSYLVANIA")) return { status: 200, body: fixture("usps-deliverable.json") };
      if (street.startsWith("3120 M ST")) return { status: 200, body: fixture("usps-corrected.json") };
      if (/^111 (8TH|EIGHTH) AVE/.test(street)) return { status: 200, body: fixture(req.query.get("secondaryAddress") ? "usps-unit.json" : "usps-missing-unit.json") };
      if (street.startsWith("500 BUSY")) return { status: 503, body: "<html>Service Unavailable</html>", headers: { "content-type": "text/html" } };
      if (street.startsWith("9 SLOW")) return { status: 200, body: fixture("usps-deliverable.json"), delayMs: 1_000 };
      return { status: 404, body: fixture("usps-undeliverable.json") };
    });
  const verifier = (base: string, timeoutMs?: number) => new UspsVerifier({ clientId: "test-client-id", clientSecret: "test-secret", baseUrl: base, timeoutMs });

  it("gets a client-credentials token, then sends the standardized address as query fields with the bearer token", async () => {
    const { base, seen } = await usps();
    const r = await verifier(base).verify(address({ name: "The President", line1: "1600 Pennsylvania Avenue N.W.", city: "Washington", state: "DC", zip: "20500" }));
    expect(r).toMatchObject({ deliverable: true, source: "usps", changed: true });
    expect(r.standardized).toMatchObject({ name: "The President", line1: "1600 PENNSYLVANIA AVE NW", city: "WASHINGTON", state: "DC", zip: "20500-0005" });

    const [token, lookup] = seen;
    expect(token.method).toBe("POST");
    expect(token.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(token.body)).toEqual({ client_id: "test-client-id", client_secret: "test-secret", grant_type: "client_credentials" });
    expect(lookup.path).toBe("/addresses/v3/address");
    expect(lookup.headers.authorization).toBe(`Bearer ${JSON.parse(fixture("usps-token.json")).access_token}`);
    expect(Object.fromEntries(lookup.query)).toEqual({ streetAddress: "1600 PENNSYLVANIA AVE NW", city: "WASHINGTON", state: "DC", ZIPCode: "20500" });
  });

  it("reuses the token for later lookups and fetches a new one when USPS revokes it", async () => {
    const { base, seen } = await usps();
    const v = verifier(base);
    const dc = address({ line1: "1600 Pennsylvania Ave NW", city: "Washington", state: "DC", zip: "20500" });
    await v.verify(dc);
    await v.verify(dc);
    expect(seen.filter((s) => s.path === "/oauth2/v3/token")).toHaveLength(1);
    revokeNext = true;
    expect((await v.verify(dc)).deliverable).toBe(true);
    expect(seen.filter((s) => s.path === "/oauth2/v3/token")).toHaveLength(2);
  });

  it("reports what USPS corrected: the ZIP, and ZIP+4 added", async () => {
    const { base, seen } = await usps();
    const r = await verifier(base).verify(address({ line1: "3120 M Street NW", city: "Washington", state: "DC", zip: "20027" }));
    expect(r.deliverable).toBe(true);
    expect(r.standardized).toMatchObject({ line1: "3120 M ST NW", city: "WASHINGTON", zip: "20007-3704" });
    expect(r.corrections).toContain("zip corrected from 20027 to 20007");
    expect(seen.at(-1)!.query.get("ZIPCode")).toBe("20027");
  });

  it("sends a unit line as secondaryAddress and keeps it on line2; a missing unit is deliverable with a note", async () => {
    const { base, seen } = await usps();
    const withUnit = await verifier(base).verify(address({ line1: "111 Eighth Avenue", line2: "4th Floor", city: "New York", zip: "10011" }));
    expect(seen.at(-1)!.query.get("secondaryAddress")).toBe("FL 4");
    // EIGHTH is a name USPS spells 8TH; our standardizer leaves names alone, USPS corrects it.
    expect(seen.at(-1)!.query.get("streetAddress")).toBe("111 EIGHTH AVE");
    expect(withUnit.standardized).toMatchObject({ line1: "111 8TH AVE", line2: "FL 4", zip: "10011-5210" });

    const noUnit = await verifier(base).verify(address({ line1: "111 8th Ave", city: "New York", zip: "10011" }));
    expect(noUnit.deliverable).toBe(true);
    expect(noUnit.corrections.join(" ")).toMatch(/add the apartment or suite number/);
    expect(noUnit.corrections.join(" ")).toMatch(/USPS: Default address/);
  });

  it("turns Address Not Found into an undeliverable verdict naming line1", async () => {
    const { base } = await usps();
    const r = await verifier(base).verify(address({ line1: "1 Nowhere Lane" }));
    expect(r.deliverable).toBe(false);
    expect(r.problem).toMatch(/^line1 1 NOWHERE LN was not found by USPS in ALBANY, NY 12207 \(USPS: Address Not Found\); check the house number and street$/);
  });

  it("maps 5xx, timeouts and an unreachable host to service_unavailable with Retry-After", async () => {
    const { base } = await usps();
    const busy = await rejection(verifier(base).verify(address({ line1: "500 Busy St" })));
    expect([busy.code, busy.http]).toEqual(["service_unavailable", 503]);
    expect(busy.headers["Retry-After"]).toMatch(/^\d+$/);
    const slow = await rejection(verifier(base, 200).verify(address({ line1: "9 Slow St" })));
    expect(slow.code).toBe("service_unavailable");
    expect(slow.message).toMatch(/no answer within/);
    const closed = await rejection(verifier("http://127.0.0.1:9").verify(address()));
    expect(closed.code).toBe("service_unavailable");
  });

  it("names the address and field when verifyLetterAddresses refuses a letter", async () => {
    const { base } = await usps();
    const err = await rejection(
      verifyLetterAddresses(address({ line1: "1 Nowhere Lane" }), address({ line1: "1600 Pennsylvania Ave NW", city: "Washington", state: "DC", zip: "20500" }), verifier(base)),
    );
    expect([err.code, err.http]).toEqual(["address_undeliverable", 422]);
    expect(err.message).toMatch(/recipient address .*to\.line1 1 NOWHERE LN was not found/);
    expect(err.message).not.toMatch(/from\./);
  });
});

describe("Lob US verifications adapter", () => {
  const lob = () =>
    fakeService((req) => {
      if (req.headers.authorization !== `Basic ${Buffer.from("test_key:").toString("base64")}`) return { status: 401, body: fixture("lob-error-invalid-key.json") };
      if (req.method !== "POST" || req.path !== "/v1/us_verifications") return { status: 404, body: "{}" };
      const line = (JSON.parse(req.body) as { primary_line: string }).primary_line;
      if (line.startsWith("210 KING")) return { status: 200, body: fixture("lob-deliverable.json") };
      if (line.startsWith("185 BERRY")) return { status: 200, body: fixture("lob-corrected.json") };
      if (line.startsWith("500 BUSY")) return { status: 502, body: "" };
      return { status: 200, body: fixture("lob-undeliverable.json") };
    });
  const verifier = (base: string, apiKey = "test_key") => new LobVerifier({ apiKey, baseUrl: base });

  it("posts the standardized fields with basic auth and returns Lob's standardized address", async () => {
    const { base, seen } = await lob();
    const r = await verifier(base).verify(address({ line1: "210 King Street", city: "San Francisco", state: "CA", zip: "94107" }));
    expect(r).toMatchObject({ deliverable: true, source: "lob" });
    expect(r.standardized).toMatchObject({ line1: "210 KING ST", city: "SAN FRANCISCO", state: "CA", zip: "94107-1702" });
    expect(seen[0].headers["content-type"]).toBe("application/json");
    expect(JSON.parse(seen[0].body)).toEqual({ primary_line: "210 KING ST", city: "SAN FRANCISCO", state: "CA", zip_code: "94107" });
  });

  it("corrects the city and keeps a unit sent as line2 on line2", async () => {
    const { base, seen } = await lob();
    const r = await verifier(base).verify(address({ line1: "185 Berry Street", line2: "Suite 6100", city: "San Fransisco", state: "CA", zip: "94107" }));
    expect(JSON.parse(seen[0].body)).toMatchObject({ primary_line: "185 BERRY ST", secondary_line: "STE 6100" });
    expect(r.standardized).toMatchObject({ line1: "185 BERRY ST", line2: "STE 6100", city: "SAN FRANCISCO", zip: "94107-1741" });
    expect(r.corrections).toContain("city corrected from SAN FRANSISCO to SAN FRANCISCO");
  });

  it("keeps a unit written on line1 on line1", async () => {
    const { base } = await lob();
    const r = await verifier(base).verify(address({ line1: "185 Berry St Ste 6100", city: "San Francisco", state: "CA", zip: "94107" }));
    expect(r.standardized.line1).toBe("185 BERRY ST STE 6100");
    expect(r.standardized.line2).toBeUndefined();
  });

  it("reports undeliverable addresses with the street named", async () => {
    const { base } = await lob();
    const r = await verifier(base).verify(address({ line1: "1 Nowhere Lane" }));
    expect(r.deliverable).toBe(false);
    expect(r.problem).toBe("line1 1 NOWHERE LN is not an address USPS delivers to in ALBANY, NY 12207; check the house number and street");
  });

  it("maps a refused key and 5xx to service_unavailable", async () => {
    const { base } = await lob();
    expect((await rejection(verifier(base, "wrong_key").verify(address()))).code).toBe("service_unavailable");
    expect((await rejection(verifier(base).verify(address({ line1: "500 Busy St" })))).code).toBe("service_unavailable");
  });
});
