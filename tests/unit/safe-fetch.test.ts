import { networkInterfaces } from "node:os";
import type http from "node:http";
import PDFDocument from "pdfkit";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { fetchPdf } from "@/lib/documents/fetch-pdf";
import { ApiError } from "@/lib/errors/api-error";
import { refusedAddressReason } from "@/lib/net/address-policy";
import { fetchLimited, OutboundFetchError } from "@/lib/net/safe-fetch";
import { startLocalServer, type LocalServer } from "@/tests/support/local-http";

// Development/test setting: loopback is reachable, every other private range is not.
// The refusals with the setting off are in safe-fetch-default.test.ts (env() is read once per file).
vi.hoisted(() => {
  process.env.DATABASE_URL ??= "postgresql://unused";
  process.env.OUTBOUND_ALLOW_LOOPBACK = "1";
});

let pdf: Buffer;
let server: LocalServer;
const html = "<!doctype html><html><head><title>Download</title></head><body><a href=/x.pdf>PDF</a></body></html>";

async function makePdf(): Promise<Buffer> {
  const doc = new PDFDocument({ size: "LETTER" });
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const ended = new Promise((resolve) => doc.on("end", resolve));
  doc.text("Hello from a real PDF.");
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

const redirect = (status: number, location: () => string): http.RequestListener => (_req, res) => {
  res.writeHead(status, { location: location() }).end();
};

/** Streams zeros until the client goes away, respecting backpressure. */
const endless: http.RequestListener = (_req, res) => {
  res.writeHead(200, { "content-type": "application/pdf" });
  const chunk = Buffer.alloc(64 * 1024);
  const pump = () => {
    while (!res.destroyed && res.write(chunk));
    if (!res.destroyed) res.once("drain", pump);
  };
  res.on("close", () => res.removeAllListeners("drain"));
  pump();
};

beforeAll(async () => {
  pdf = await makePdf();
  const chain: Record<string, http.RequestListener> = {};
  for (let i = 1; i <= 6; i++) chain[`/chain${i}`] = redirect(302, () => (i === 1 ? "/x.pdf" : `/chain${i - 1}`));
  server = await startLocalServer({
    "/x.pdf": (_req, res) => res.writeHead(200, { "content-type": "application/pdf", "content-length": pdf.length }).end(pdf),
    "/octet": (_req, res) => res.writeHead(200, { "content-type": "application/octet-stream" }).end(pdf),
    "/untyped": (_req, res) => res.end(pdf),
    "/page.html": (_req, res) => res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(html),
    "/html-as-octet": (_req, res) => res.writeHead(200, { "content-type": "application/octet-stream" }).end(`\n${html}`),
    "/text.txt": (_req, res) => res.writeHead(200, { "content-type": "text/plain" }).end("just some words"),
    "/image.png": (_req, res) => res.writeHead(200, { "content-type": "image/png" }).end(pdf),
    "/silent": () => {}, // accepts the request, never answers
    "/drip": (_req, res) => {
      res.writeHead(200, { "content-type": "application/pdf" });
      res.write("%PDF-1.4\n");
      const t = setInterval(() => res.write("x"), 50);
      res.on("close", () => clearInterval(t));
    },
    "/huge-declared": (_req, res) => {
      // Promises 20 MB, sends 9 bytes, then stalls: only an early refusal can finish quickly.
      res.writeHead(200, { "content-type": "application/pdf", "content-length": 20 * 1024 * 1024 });
      res.write("%PDF-1.4\n");
    },
    "/huge-stream": endless,
    "/r1": redirect(302, () => "/r2"),
    "/r2": redirect(301, () => `${server.origin}/sub/r3`),
    "/sub/r3": redirect(307, () => "../x.pdf"),
    "/to-metadata": redirect(302, () => "http://169.254.169.254/latest/meta-data/"),
    "/to-private": redirect(302, () => "http://10.0.0.1/"),
    "/to-mapped-metadata": redirect(308, () => "http://[::ffff:169.254.169.254]/"),
    "/to-file": redirect(302, () => "file:///etc/passwd"),
    "/loop": redirect(302, () => "/loop"),
    ...chain,
  });
});

afterAll(() => server?.close());

const limits = { maxBytes: 1024 * 1024, timeoutMs: 5_000 };

async function failure(p: Promise<unknown>): Promise<OutboundFetchError> {
  const err = await p.then(
    () => expect.fail("expected the fetch to fail"),
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(OutboundFetchError);
  return err as OutboundFetchError;
}

async function pdfFailure(p: Promise<unknown>): Promise<ApiError> {
  const err = await p.then(
    () => expect.fail("expected fetchPdf to fail"),
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ApiError);
  expect((err as ApiError).code).toBe("pdf_fetch_failed");
  expect((err as ApiError).message).toMatch(/^pdf_url: /);
  return err as ApiError;
}

describe("fetchPdf", () => {
  it("returns the bytes of a PDF served as application/pdf, octet-stream or with no type", async () => {
    for (const path of ["/x.pdf", "/octet", "/untyped"]) {
      expect((await fetchPdf(`${server.origin}${path}`)).equals(pdf)).toBe(true);
    }
  });

  it("reaches loopback by name when the setting allows loopback", async () => {
    expect((await fetchPdf(`http://localhost:${server.port}/x.pdf`)).equals(pdf)).toBe(true);
  });

  it("follows a chain of relative and absolute redirects to the PDF", async () => {
    expect((await fetchPdf(`${server.origin}/r1`)).equals(pdf)).toBe(true);
    const res = await fetchLimited(`${server.origin}/r1`, limits);
    expect(res.finalUrl).toBe(`${server.origin}/x.pdf`);
    expect(res.status).toBe(200);
  });

  it("refuses a web page, saying so", async () => {
    const e = await pdfFailure(fetchPdf(`${server.origin}/page.html`));
    expect(e.message).toContain("returned a web page, not a PDF");
    const disguised = await pdfFailure(fetchPdf(`${server.origin}/html-as-octet`));
    expect(disguised.message).toContain("returned a web page, not a PDF");
  });

  it("refuses bytes that are not a PDF and types that name something else", async () => {
    expect((await pdfFailure(fetchPdf(`${server.origin}/text.txt`))).message).toContain("does not start with %PDF-");
    expect((await pdfFailure(fetchPdf(`${server.origin}/image.png`))).message).toContain("returned image/png, not a PDF");
  });

  it("reports the status of an error answer, without echoing the query string", async () => {
    const e = await pdfFailure(fetchPdf(`${server.origin}/missing.pdf?token=s3cr3t-value`));
    expect(e.message).toContain("the server answered 404 Not Found");
    expect(e.message).not.toContain("s3cr3t");
    expect(e.http).toBe(400);
  });

  it("refuses a file over 10485760 bytes while it streams", async () => {
    const started = Date.now();
    const e = await pdfFailure(fetchPdf(`${server.origin}/huge-stream`));
    expect(e.message).toContain("the file is larger than 10485760 bytes");
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("refuses a redirect to the cloud metadata address with advice", async () => {
    const e = await pdfFailure(fetchPdf(`${server.origin}/to-metadata`));
    expect(e.message).toBe(
      "pdf_url: the redirect target 169.254.169.254 is a link-local address (169.254.0.0/16, where cloud metadata services answer); the PDF must be on the public internet.",
    );
  });
});

describe("fetchLimited refuses non-public addresses even with loopback allowed", () => {
  const refusedLiterals = [
    "http://169.254.169.254/latest/meta-data/",
    "http://10.1.2.3/",
    "http://[fe80::1]/",
    "http://[::ffff:169.254.169.254]/",
    "http://[::ffff:10.1.2.3]/",
    "http://[64:ff9b::a9fe:a9fe]/",
    "http://[fd00:ec2::254]/",
    "http://[fc00::1]:8080/",
    "http://192.168.0.1/",
    "http://172.16.0.1/",
    "http://100.64.0.1/",
    "http://0.0.0.0/",
    "http://0/",
    "http://[::]/",
    "http://224.0.0.1/",
    "http://255.255.255.255/",
    "http://240.0.0.1/",
    "http://192.0.0.170/",
    "https://metadata.google.internal/computeMetadata/v1/",
    "http://metadata/",
    "http://printer.local/",
  ];

  it.each(refusedLiterals)("%s fails fast as refused_address", async (url) => {
    const started = Date.now();
    const e = await failure(fetchLimited(url, { ...limits, timeoutMs: 10_000 }));
    expect(e.kind).toBe("refused_address");
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it("names the address and its kind", async () => {
    expect((await failure(fetchLimited("http://10.1.2.3/?key=secret", limits))).message).toBe("10.1.2.3 is a private address");
    expect((await failure(fetchLimited("http://[::ffff:169.254.169.254]/", limits))).message).toContain("link-local");
  });

  it.each([
    ["/to-metadata", "169.254.169.254"],
    ["/to-private", "10.0.0.1"],
    ["/to-mapped-metadata", "::ffff:a9fe:a9fe"],
  ])("refuses the redirect %s at the hop to %s", async (path, host) => {
    const started = Date.now();
    const e = await failure(fetchLimited(`${server.origin}${path}`, { ...limits, timeoutMs: 10_000 }));
    expect(e.kind).toBe("refused_address");
    expect(e.message).toContain(`the redirect target ${host} is`);
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  // Only where this machine has a private (non-loopback) IPv4 address to listen on; a machine
  // with none, or with only a public one, has nothing this case could show.
  const lanAddress = Object.values(networkInterfaces())
    .flat()
    .find((i) => i && !i.internal && i.family === "IPv4" && refusedAddressReason(i.address, { allowLoopback: true }) !== null)?.address;

  it.skipIf(!lanAddress)("never contacts a private address of this machine that is listening", async () => {
    const lan = await startLocalServer({ "/x.pdf": (_req, res) => res.end(pdf) }, lanAddress!);
    try {
      const e = await failure(fetchLimited(`${lan.origin}/x.pdf`, limits));
      expect(e.kind).toBe("refused_address");
      expect(lan.hits).toEqual([]);
    } finally {
      await lan.close();
    }
  });
});

describe("fetchLimited limits", () => {
  it("refuses other schemes and URLs with credentials", async () => {
    expect((await failure(fetchLimited("file:///etc/passwd", limits))).kind).toBe("scheme");
    expect((await failure(fetchLimited("ftp://example.com/a.pdf", limits))).kind).toBe("scheme");
    expect((await failure(fetchLimited("data:application/pdf;base64,JVBERi0=", limits))).kind).toBe("scheme");
    expect((await failure(fetchLimited(`${server.origin}/to-file`, limits))).kind).toBe("scheme");
    const hitsBefore = server.hits.length;
    const creds = await failure(fetchLimited(`http://ada:hunter2@127.0.0.1:${server.port}/x.pdf`, limits));
    expect(creds.kind).toBe("invalid_url");
    expect(creds.message).not.toContain("hunter2");
    expect((await failure(fetchLimited("not a url", limits))).kind).toBe("invalid_url");
    expect(server.hits.length).toBe(hitsBefore);
  });

  it("gives up after maxRedirects hops and on a redirect loop", async () => {
    expect((await fetchLimited(`${server.origin}/chain5`, limits)).body.equals(pdf)).toBe(true);
    const tooMany = await failure(fetchLimited(`${server.origin}/chain6`, limits));
    expect(tooMany.kind).toBe("too_many_redirects");
    expect(tooMany.message).toBe("the server redirected more than 5 times");
    expect((await failure(fetchLimited(`${server.origin}/chain2`, { ...limits, maxRedirects: 1 }))).kind).toBe("too_many_redirects");
    expect((await failure(fetchLimited(`${server.origin}/loop`, limits))).kind).toBe("too_many_redirects");
  });

  it("refuses early when Content-Length is over the cap", async () => {
    const started = Date.now();
    const e = await failure(fetchLimited(`${server.origin}/huge-declared`, { maxBytes: 10_485_760, timeoutMs: 3_000 }));
    expect(e.kind).toBe("too_large");
    expect(e.message).toBe("the file is larger than 10485760 bytes");
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it("stops reading a body without Content-Length as soon as it passes the cap", async () => {
    const e = await failure(fetchLimited(`${server.origin}/huge-stream`, { maxBytes: 100_000, timeoutMs: 3_000 }));
    expect(e.kind).toBe("too_large");
  });

  it("times out a server that never answers", async () => {
    const started = Date.now();
    const e = await failure(fetchLimited(`${server.origin}/silent`, { ...limits, timeoutMs: 300 }));
    expect(e.kind).toBe("timeout");
    expect(e.message).toBe("no complete answer within 0.3 s");
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it("holds one deadline for the whole body, however steadily bytes trickle in", async () => {
    const started = Date.now();
    const e = await failure(fetchLimited(`${server.origin}/drip`, { ...limits, timeoutMs: 500 }));
    expect(e.kind).toBe("timeout");
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it("tells a refused connection and an unknown host apart", async () => {
    const closed = await startLocalServer({});
    await closed.close();
    expect((await failure(fetchLimited(`${closed.origin}/x.pdf`, limits))).kind).toBe("connect");
    const dns = await failure(fetchLimited("http://no-such-host.invalid/x.pdf", limits));
    expect(dns.kind).toBe("dns");
    expect(dns.message).toContain("no-such-host.invalid could not be found");
  });
});

describe("address policy", () => {
  const loopbackAllowed = { allowLoopback: true };
  it.each(["8.8.8.8", "1.1.1.1", "2606:4700:4700::1111", "2a00:1450:4001::200e", "64:ff9b::808:808", "::ffff:8.8.8.8"])(
    "%s is public",
    (address) => expect(refusedAddressReason(address, { allowLoopback: false })).toBeNull(),
  );
  it.each(["127.0.0.1", "127.255.0.9", "::1", "::ffff:127.0.0.1"])("%s is allowed only as loopback", (address) => {
    expect(refusedAddressReason(address, loopbackAllowed)).toBeNull();
    expect(refusedAddressReason(address, { allowLoopback: false })).toContain("loopback");
  });
  it.each(["64:ff9b::7f00:1", "::7f00:1", "::a00:1", "2002:a9fe:a9fe::1", "2001:0:a9fe:a9fe::", "64:ff9b:1::a00:1", "4000::1", "2001:db8::1", "198.18.0.1"])(
    "%s stays refused with loopback allowed",
    (address) => expect(refusedAddressReason(address, loopbackAllowed)).not.toBeNull(),
  );
});
