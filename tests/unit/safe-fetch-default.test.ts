import dns from "node:dns";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { fetchPdf } from "@/lib/documents/fetch-pdf";
import { ApiError } from "@/lib/errors/api-error";
import { fetchLimited, OutboundFetchError } from "@/lib/net/safe-fetch";
import { startLocalServer, type LocalServer } from "@/tests/support/local-http";

// The production default: OUTBOUND_ALLOW_LOOPBACK unset, so this machine is as off-limits as
// any private network. (env() is read once per file; the loopback-allowed cases live in
// safe-fetch.test.ts.)
vi.hoisted(() => {
  process.env.DATABASE_URL ??= "postgresql://unused";
  delete process.env.OUTBOUND_ALLOW_LOOPBACK;
});

const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
let server: LocalServer;

beforeAll(async () => {
  server = await startLocalServer({
    "/x.pdf": (_req, res) => res.writeHead(200, { "content-type": "application/pdf" }).end(PDF),
  });
});
afterAll(() => server?.close());
afterEach(() => vi.restoreAllMocks());

const limits = { maxBytes: 1024 * 1024, timeoutMs: 5_000 };

async function failure(p: Promise<unknown>): Promise<OutboundFetchError> {
  const err = await p.then(
    () => expect.fail("expected the fetch to fail"),
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(OutboundFetchError);
  return err as OutboundFetchError;
}

describe("without OUTBOUND_ALLOW_LOOPBACK", () => {
  it("refuses pdf_url on 127.0.0.1 before any request reaches the server", async () => {
    const err = await fetchPdf(`${server.origin}/x.pdf`).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe("pdf_fetch_failed");
    expect((err as ApiError).message).toBe(
      "pdf_url: 127.0.0.1 is a loopback address (this machine); the PDF must be on the public internet.",
    );
    expect(server.hits).toEqual([]);
  });

  it("refuses localhost after resolving it, at connect time", async () => {
    const e = await failure(fetchLimited(`http://localhost:${server.port}/`, limits));
    expect(e.kind).toBe("refused_address");
    expect(e.message).toMatch(/^localhost resolves to (127\.0\.0\.1|::1), a loopback address/);
    expect(server.hits).toEqual([]);
  });

  it.each([
    (port: number) => `http://[::1]:${port}/x.pdf`,
    (port: number) => `http://[::ffff:127.0.0.1]:${port}/x.pdf`,
    (port: number) => `http://2130706433:${port}/x.pdf`,
    (port: number) => `http://0x7f.1:${port}/x.pdf`,
    (port: number) => `http://127.1:${port}/x.pdf`,
    (port: number) => `http://017700000001:${port}/x.pdf`,
  ])("refuses the loopback spelling %#", async (spell) => {
    const e = await failure(fetchLimited(spell(server.port), limits));
    expect(e.kind).toBe("refused_address");
    expect(e.message).toContain("loopback");
    expect(server.hits).toEqual([]);
  });

  it("refuses a name whose DNS answer includes a private address beside a public one", async () => {
    // The edge of the world: a resolver that answers one public and one private address.
    const lookup = vi.spyOn(dns, "lookup").mockImplementation(((_host: string, _opts: unknown, cb: (...a: unknown[]) => void) => {
      cb(null, [
        { address: "93.184.215.14", family: 4 },
        { address: "10.0.0.5", family: 4 },
      ]);
    }) as unknown as typeof dns.lookup);
    const e = await failure(fetchLimited("http://files.example.com/a.pdf?sig=abc", limits));
    expect(lookup).toHaveBeenCalled();
    expect(e.kind).toBe("refused_address");
    expect(e.message).toBe("files.example.com resolves to 10.0.0.5, a private address");
  });
});
