import { request as httpRequest, Agent } from "node:http";
import { mkdtempSync, chmodSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { bombPdf, validPdf } from "@/tests/support/pdfs";
import { letter } from "./support/letters";
import { childPid, rssMegabytes, startOwnService } from "./support/own-service";

// Issue 17's fuzz test: a few thousand generated malformed requests against the real service
// (as `npm start` runs it, throttles off so that every request reaches a route): every route of
// the OpenAPI document and the pages, with every method (TRACE, PROPFIND and made-up ones too),
// broken paths and percent-escapes, broken and hostile bodies, bad headers and damaged PDFs.
// No answer may be a 5xx (a 503 only as the envelope), and every /v1 failure is the envelope.
// The generator is seeded: a failure names its request, and the same seed replays it.

type Probe = { method: string; path: string; headers?: Record<string, string>; body?: string | Buffer; why: string };
type Answer = Probe & { status: number; type: string; text: string };

const SEED = 20261125;
const CONCURRENCY = 16;

function prng(seed: number) {
  return () => ((seed = (seed * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}

const BAD_SEGMENTS = ["%", "%zz", "%c3%28", "%00", "%0a", "%E2%82", "%F0%9F%98", "..%2f..%2fetc%2fpasswd", "a".repeat(3000), "%F0%9F%99%82", "null", "-1", "1e309", "%3Cscript%3E", "'%20OR%201=1--", "%25", "ord_test_" + "0".repeat(24)];
const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE", "PROPFIND", "FOO"];
const PAGES = ["/", "/t/{code}", "/docs/api", "/reviews", "/credits", "/ops", "/ops/review", "/dev/mailbox", "/pay/{id}", "/orders/{id}"];

/** Values that break a field: wrong types, limits, control characters, depth. */
function badValues(): unknown[] {
  let deep: unknown = "x";
  for (let i = 0; i < 200; i++) deep = { a: deep };
  return [null, 0, -1, 1e308, -0.5, true, [], {}, "", " ", "x".repeat(60_000), "\u0000", "bad\u0007bell", "\ud800", "😀".repeat(50), ["a", 1, null], deep, "<script>alert(1)</script>", "'; DROP TABLE orders;--", "%00", "../../etc/passwd"];
}

/** Bodies that are not what any route reads. */
function badBodies(): { body: string; type: string; why: string }[] {
  const deepArray = "[".repeat(20_000) + "]".repeat(20_000);
  return [
    { body: "{", type: "application/json", why: "truncated JSON" },
    { body: "[1,", type: "application/json", why: "truncated array" },
    { body: '"\\ud800"', type: "application/json", why: "lone surrogate" },
    { body: "null", type: "application/json", why: "null" },
    { body: "42", type: "application/json", why: "a number" },
    { body: "[]", type: "application/json", why: "an array" },
    { body: deepArray, type: "application/json", why: "20,000-deep array" },
    { body: JSON.stringify({ a: "x".repeat(2_000_000) }), type: "application/json", why: "a 2 MB body" },
    { body: "{}", type: "text/plain", why: "text/plain" },
    { body: "{}", type: "application/json; charset=utf-16", why: "utf-16 charset" },
    { body: "--x\r\n\r\n", type: "multipart/form-data", why: "multipart without boundary" },
    { body: "a=1&b=2", type: "application/x-www-form-urlencoded", why: "a form" },
    { body: "\u0000\u0001\u0002", type: "application/json", why: "control bytes" },
    { body: '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}', type: "application/json", why: "prototype keys" },
  ];
}

async function damagedPdfs(random: () => number): Promise<Buffer[]> {
  const whole = await validPdf(2);
  const out: Buffer[] = [Buffer.from("JVBERi0xLjQKJWdhcmJhZ2UK", "base64"), Buffer.from("%PDF-1.7\n"), whole.subarray(0, 100)];
  for (let i = 0; i < 40; i++) {
    const pdf = Buffer.from(whole);
    for (let f = 0; f < 1 + Math.floor(random() * 30); f++) pdf[8 + Math.floor(random() * (pdf.length - 8))] = Math.floor(random() * 256);
    out.push(pdf);
  }
  return out;
}

function fill(template: string, value: string): string {
  return template.replace(/\{[^}]+\}/g, value);
}

async function generate(base: string): Promise<Probe[]> {
  const random = prng(SEED);
  const pick = <T>(xs: T[]) => xs[Math.floor(random() * xs.length)];
  const doc = (await (await fetch(`${base}/v1/openapi.json`)).json()) as { paths: Record<string, Record<string, unknown>> };
  const routes = Object.keys(doc.paths);
  const probes: Probe[] = [];
  const json = (o: unknown) => JSON.stringify(o);

  // Every route and page, every method, with plausible and broken path values.
  for (const route of [...routes, ...PAGES]) {
    for (const method of METHODS) {
      probes.push({ method, path: fill(route, "abc123"), why: "plain" });
      for (const seg of BAD_SEGMENTS) if (route.includes("{") || random() < 0.3) probes.push({ method, path: route.includes("{") ? fill(route, seg) : `${route}/${seg}`, why: `segment ${seg.slice(0, 20)}` });
    }
    probes.push({ method: "GET", path: `${fill(route, "x")}?q=%&r=%zz`, why: "broken query" });
    probes.push({ method: "GET", path: `${fill(route, "x")}?${"a=1&".repeat(2000)}`, why: "long query" });
  }

  // Request targets that are not paths.
  for (const p of ["*", "http://169.254.169.254/latest/meta-data/", "//v1/health", "/v1/../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/v1/%", "/v1/orders/%", "/t/%", "/%"]) {
    for (const method of ["GET", "POST", "TRACE"]) probes.push({ method, path: p, why: "odd target" });
  }

  // Every POST/PUT/PATCH/DELETE route: bad bodies, and a valid letter with one field broken.
  const writes = routes.flatMap((r) => Object.keys(doc.paths[r]).filter((m) => ["post", "put", "patch", "delete"].includes(m)).map((m) => ({ method: m.toUpperCase(), route: r })));
  const valid = letter();
  for (const { method, route } of writes) {
    const p = fill(route, "ord_test_000000000000000000000000");
    for (const b of badBodies()) probes.push({ method, path: p, headers: { "content-type": b.type }, body: b.body, why: `body: ${b.why}` });
    for (const field of [...Object.keys(valid), "to.zip", "to.state", "from.name", "confirmation_token", "credit_code", "webhook_url", "pdf_url", "email", "metadata"]) {
      for (const v of badValues()) {
        const body: Record<string, unknown> = structuredClone(valid);
        const [head, tail] = field.split(".");
        if (tail) body[head] = { ...(body[head] as object), [tail]: v };
        else body[head] = v;
        if (random() < 0.35) probes.push({ method, path: p, headers: { "content-type": "application/json" }, body: json(body), why: `field ${field} = ${String(json(v)).slice(0, 30)}` });
      }
    }
  }

  // Headers: forged or malformed keys, idempotency keys, content types, accept.
  const authz = ["Bearer", "Bearer ", `Bearer ${"x".repeat(5000)}`, "Basic YWRtaW46YWRtaW4=", "Bearer mk_live_" + "a".repeat(40), "Bearer mk_test_AAAA.BBBB", "Digest x", "bearer mk_test_%00"];
  for (const route of routes) {
    for (const a of authz) probes.push({ method: pick(["GET", "POST"]), path: fill(route, "x1"), headers: { authorization: a, "content-type": "application/json" }, body: json(valid), why: `authorization ${a.slice(0, 20)}` });
    for (const k of ["", " ", "k".repeat(300), "%00", "a b c", "é"]) probes.push({ method: "POST", path: fill(route, "x1"), headers: { "idempotency-key": encodeURIComponent(k) === k ? k : k.replace(/[^\x20-\x7e]/g, "?"), "content-type": "application/json" }, body: json(valid), why: `idempotency-key ${k.slice(0, 10)}` });
    probes.push({ method: "GET", path: fill(route, "x1"), headers: { accept: "application/xml;q=2, */*;q=nope" }, why: "odd accept" });
    probes.push({ method: "POST", path: fill(route, "x1"), headers: { "content-type": "application/json", "content-encoding": "gzip" }, body: "not gzip", why: "false gzip" });
  }

  // MCP: JSON-RPC shapes it does not expect.
  for (const body of ["{}", "[]", '{"jsonrpc":"2.0"}', '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"quote_letter","arguments":"x"}}', '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"nope"}}', '{"jsonrpc":"1.0","id":{},"method":5}']) {
    for (const accept of ["application/json, text/event-stream", "text/html", ""]) probes.push({ method: "POST", path: "/v1/mcp", headers: { "content-type": "application/json", accept }, body, why: `mcp ${body.slice(0, 40)} accept ${accept}` });
  }

  // Damaged PDFs by pdf_base64 on a quote, and as an upload's bytes.
  for (const pdf of await damagedPdfs(random)) {
    probes.push({ method: "POST", path: "/v1/quotes", headers: { "content-type": "application/json" }, body: json({ ...valid, text: undefined, pdf_base64: pdf.toString("base64") }), why: "damaged pdf_base64" });
    probes.push({ method: "PUT", path: "/v1/uploads/up_" + "0".repeat(32) + ".pdf", headers: { "content-type": "application/pdf" }, body: pdf, why: "damaged upload" });
  }
  return probes;
}

function send(agent: Agent, base: string, p: Probe): Promise<Answer> {
  const url = new URL(base);
  return new Promise((resolve) => {
    const req = httpRequest({ agent, host: url.hostname, port: url.port, method: p.method, path: p.path, headers: { ...p.headers, ...(p.body !== undefined ? { "content-length": Buffer.byteLength(p.body) } : {}) }, timeout: 30_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.length < 64 && chunks.push(c));
      res.on("end", () => resolve({ ...p, status: res.statusCode ?? 0, type: String(res.headers["content-type"] ?? ""), text: Buffer.concat(chunks).toString("utf8") }));
      res.on("error", () => resolve({ ...p, status: 0, type: "", text: "response error" }));
    });
    req.on("timeout", () => req.destroy(new Error("timeout")));
    req.on("error", (err) => resolve({ ...p, status: 0, type: "", text: String(err) }));
    if (p.body !== undefined) req.write(p.body);
    req.end();
  });
}

test("thousands of malformed requests: no 5xx, every /v1 failure an envelope", async () => {
  test.setTimeout(240_000);
  const dir = mkdtempSync(path.join(tmpdir(), "mail-fuzz-"));
  chmodSync(dir, 0o777);
  const service = await startOwnService(path.join(dir, "data"));
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  try {
    // First, on the fresh service: a decompression bomb (1.3 MB, 1.3 GB inflated), three at once:
    // each a 400 from the inflation budget, and the web process stays small (it reached 3.7 GB).
    const web = childPid(service.process.pid!, "scripts/web.ts")!;
    const bomb = JSON.stringify({ ...letter(), text: undefined, pdf_base64: (await bombPdf()).toString("base64") });
    const before = rssMegabytes(web);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMegabytes(web))), 50);
    const bombs = await Promise.all([0, 1, 2].map(async () => {
      const t0 = Date.now();
      const a = await send(agent, service.base, { method: "POST", path: "/v1/quotes", headers: { "content-type": "application/json" }, body: bomb, why: "bomb" });
      return { ...a, ms: Date.now() - t0 };
    }));
    clearInterval(sampler);
    console.log(`bombs: ${bombs.map((b) => `${b.status} in ${b.ms} ms`).join(", ")}; web process RSS ${Math.round(before)} MB before, peak ${Math.round(peak)} MB`);
    for (const b of bombs) {
      expect(b.status, b.text).toBe(400);
      // Stopped by the inflation budget, not by the read timeout (PDF_READ_TIMEOUT_MS, 20 s). One
      // takes about 1.8 s here; three share the sandbox's threads on 2 cores, so the bound is loose,
      // but well below the 16 s a bomb took before the budget.
      expect(JSON.parse(b.text)).toMatchObject({ code: "invalid_pdf", reason: expect.stringMatching(/inflates to more than/) });
      expect(b.ms).toBeLessThan(8_000);
    }
    expect(peak).toBeLessThan(600);

    const probes = await generate(service.base);
    expect(probes.length).toBeGreaterThan(2_500);
    const started = Date.now();
    const answers: Answer[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < probes.length) answers.push(await send(agent, service.base, probes[next++]));
      }),
    );
    const statuses: Record<number, number> = {};
    for (const a of answers) statuses[a.status] = (statuses[a.status] ?? 0) + 1;
    console.log(`${answers.length} malformed requests in ${((Date.now() - started) / 1000).toFixed(1)} s; statuses ${JSON.stringify(statuses)}`);

    const show = (a: Answer) => `${a.method} ${a.path.slice(0, 120)} (${a.why}) -> ${a.status} ${a.type} ${a.text.slice(0, 300)}`;
    const broken = answers.filter((a) => a.status === 0 || (a.status >= 500 && a.status !== 503));
    expect(broken.length, broken.slice(0, 8).map(show).join("\n")).toBe(0);

    // Every failure of a /v1 route, and every request refused before routing, is the envelope.
    // (A target such as /v1/../../etc/passwd is the page /etc/passwd once its dots resolve.)
    const routePath = (target: string) => (target.startsWith("/") && !target.startsWith("//") ? new URL(target, "http://x").pathname : target);
    const api = answers.filter((a) => a.status >= 400 && a.method !== "HEAD" && (routePath(a.path).startsWith("/v1/") || !METHODS.slice(0, 7).includes(a.method) || !a.path.startsWith("/")));
    const notEnvelope = api.filter((a) => {
      if (!a.type.startsWith("application/json")) return true;
      try {
        const body = JSON.parse(a.text);
        return typeof body.code !== "string" || !["failed", "action_required"].includes(body.status) || typeof body.reason !== "string";
      } catch {
        return true;
      }
    });
    // /v1/mcp answers its transport's errors in JSON-RPC's shape (issue 18 gives them the envelope too).
    const wrong = notEnvelope.filter((a) => !a.path.startsWith("/v1/mcp"));
    expect(wrong.length, wrong.slice(0, 8).map(show).join("\n")).toBe(0);
    expect(service.exitCode()).toBeUndefined();
    expect(service.output().match(/ ended \(/g) ?? [], "no process died under the fuzz").toHaveLength(0);

  } catch (err) {
    console.log(`The service's output, last lines:\n${service.output().slice(-4000)}`);
    throw err;
  } finally {
    agent.destroy();
    await service.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
