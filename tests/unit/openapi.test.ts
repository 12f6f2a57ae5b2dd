import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { ORDER_STATUSES } from "@/lib/orders/state-machine";
import Ajv2020 from "ajv/dist/2020";

// Route modules import server code. Nothing connects at import, but env() wants a DATABASE_URL.
vi.hoisted(() => {
  process.env.DATABASE_URL ??= "postgresql://openapi-test@127.0.0.1:1/none";
});

import { routeSpecOf } from "@/lib/http/define-route";
import { ERRORS } from "@/lib/errors/error-catalogue";
import { isMethodNotAllowedHandler } from "@/lib/http/fallback-routes";
import { QuoteRequestSchema } from "@/lib/letters/schemas";
import { buildOpenApiDocument, type JsonObject, type OpenApiDocument } from "@/lib/openapi/build-openapi-document";
import { COMPONENTS, FIELD_DESCRIPTIONS, OPERATIONS } from "@/lib/openapi/operations";
import type { Operation } from "@/lib/openapi/operation";
import { renderLlmsTxt } from "@/lib/openapi/render-llms-txt";
import { OrderSchema, ReviewSchema } from "@/lib/openapi/response-schemas";
import { caseInsensitivePattern } from "@/lib/openapi/zod-to-json-schema";
import { serializeOrder } from "@/lib/orders/serialize-order";
import { serializeReview } from "@/lib/reviews/serialize-review";

const BASE = "https://mail.test";
const HTTP_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"] as const;
const ROUTES_DIR = path.resolve("app/v1");

/** app/v1/orders/[id]/route.ts -> /v1/orders/{id}; null for the catch-all. */
function openApiPathOf(file: string): string | null {
  const segments = path.relative("app", path.dirname(file)).split(path.sep);
  // app/v1/[...path] is the envelope-shaped 404 for every path no route serves: not an operation.
  if (segments.some((s) => s.startsWith("[..."))) return null;
  return "/" + segments.map((s) => s.replace(/^\[(.+)\]$/, "{$1}")).join("/");
}

function routeFiles(): string[] {
  return (readdirSync(ROUTES_DIR, { recursive: true }) as string[])
    .filter((f) => path.basename(f) === "route.ts")
    .map((f) => path.join("app/v1", f))
    .sort();
}

let doc: OpenApiDocument;
let llms: string;
const served = new Map<string, string>(); // "POST /v1/orders" -> route file
const handlers = new Map<string, unknown>(); // "POST /v1/orders" -> the exported handler

beforeAll(async () => {
  doc = buildOpenApiDocument({ baseUrl: BASE });
  llms = renderLlmsTxt(BASE);
  for (const file of routeFiles()) {
    const apiPath = openApiPathOf(file);
    if (!apiPath) continue;
    const mod = (await import(path.resolve(file))) as Record<string, unknown>;
    for (const method of HTTP_METHODS) {
      if (typeof mod[method] === "function" && !isMethodNotAllowedHandler(mod[method])) {
        served.set(`${method} ${apiPath}`, file);
        handlers.set(`${method} ${apiPath}`, mod[method]);
      }
    }
  }
}, 120_000);

const registered = () => new Set(OPERATIONS.map((op) => `${op.method.toUpperCase()} ${op.path}`));

describe("the operation registry", () => {
  it("finds the routes and tells real handlers from 405 fallbacks", () => {
    expect(served.has("POST /v1/orders")).toBe(true);
    expect(served.has("DELETE /v1/orders/{id}")).toBe(true);
    expect(served.has("GET /v1/orders")).toBe(true);
    expect(served.has("PUT /v1/orders")).toBe(false); // a methodsNotAllowed fallback
    expect([...served.keys()].some((k) => k.includes("{...") || k.includes("[..."))).toBe(false);
  });

  it("has an entry for every method every /v1 route serves", () => {
    const missing = [...served].filter(([key]) => !registered().has(key)).map(([key, file]) => `${key} (${file})`);
    expect(missing, "add these to lib/openapi/operations-*.ts").toEqual([]);
  });

  it("has no entry for a method no route serves", () => {
    const extra = [...registered()].filter((key) => !served.has(key));
    expect(extra).toEqual([]);
  });

  it("gives every operation a unique operationId and only catalogued error codes", () => {
    const ids = OPERATIONS.map((op) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const op of OPERATIONS) for (const code of op.errors) expect(ERRORS, `${op.operationId}: ${code}`).toHaveProperty(code);
  });
});

// Each route builds its handler from its registry entry (defineRoute(operation, ...)): the
// scope, throttle, body schema and limit, and path parameters the document states are the ones
// the wrapper applies. defineRoute keeps the operation on the handler; these tests read it back.
describe("each route is built from its registry entry", () => {
  const keyOf = (op: Operation) => `${op.method.toUpperCase()} ${op.path}`;
  const specOf = (op: Operation) => routeSpecOf(handlers.get(keyOf(op)));
  const wrappedOperations = () => OPERATIONS.filter((op) => op.wrapped !== false);

  it("builds every wrapped route's handler from that very operation", () => {
    const drift = OPERATIONS.filter((op) => (op.wrapped !== false) !== (specOf(op) === op)).map(
      (op) => `${keyOf(op)}: registry says wrapped ${op.wrapped !== false}, the handler ${specOf(op) === op ? "is" : "is not"} defineRoute(${op.operationId}Operation, ...)`,
    );
    expect(drift).toEqual([]);
    expect(wrappedOperations().length).toBeGreaterThanOrEqual(20);
  });

  it("states the throttle the wrapper counts, or says the operation counts it", () => {
    // tests/api/openapi-throttles.test.ts checks what every route really counts.
    expect(OPERATIONS.filter((op) => op.throttle && !op.throttledByOperation).length).toBeGreaterThanOrEqual(10);
    expect(OPERATIONS.filter((op) => op.throttledByOperation).map((op) => op.operationId).sort()).toEqual(["buyCreditPack", "sendLetter"]);
  });

  it("lists the request headers each handler reads", () => {
    // The handler's own text: from its `POST: defineRoute(` in serveMethods to the next method's.
    const handlerSource = (op: Operation) => {
      const source = readFileSync(served.get(keyOf(op))!, "utf8");
      return source.split(/^(?= {2}(?:GET|POST|PUT|PATCH|DELETE): )/m).find((part) => part.startsWith(`  ${op.method.toUpperCase()}: `)) ?? "";
    };
    // Content-Type is stated as the request body's media type (OpenAPI ignores a header parameter of that name).
    const NOT_DOCUMENTED = new Set(["user-agent", "content-type"]);
    const drift = wrappedOperations().flatMap((op) => {
      const source = handlerSource(op);
      const read = [...source.matchAll(/headers\.get\("([^"]+)"\)/g)].map(([, name]) => name.toLowerCase()).filter((name) => !NOT_DOCUMENTED.has(name));
      const documented = (op.headers ?? []).map((h) => h.name.toLowerCase());
      // A handler that passes its request or all its headers on leaves the reading to lib/.
      const handsHeadersOn = /\brequest(\.headers)?\s*[,)]/.test(source);
      return [
        ...read.filter((name) => !documented.includes(name)).map((name) => `${keyOf(op)}: the route reads ${name}, the registry does not list it`),
        ...(handsHeadersOn ? [] : documented.filter((name) => !read.includes(name)).map((name) => `${keyOf(op)}: the registry lists ${name}, the route never reads it`)),
      ];
    });
    expect(drift, "make lib/openapi/operations-*.ts list the headers the route reads").toEqual([]);
  });
});

/** Every "$ref" in the document, with where it was found. */
function refsOf(value: unknown, at = "#"): { ref: string; at: string }[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => refsOf(v, `${at}/${i}`));
  if (!value || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([k, v]) => (k === "$ref" && typeof v === "string" ? [{ ref: v, at }] : refsOf(v, `${at}/${k}`)));
}

function resolvePointer(root: unknown, ref: string): unknown {
  return ref
    .slice(2)
    .split("/")
    .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"))
    .reduce<unknown>((node, key) => (node && typeof node === "object" ? (node as Record<string, unknown>)[key] : undefined), root);
}

function newAjv() {
  // Formats (email, uri, date-time) are not checked: no format plugin is installed.
  const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
  ajv.addSchema({ $id: `${BASE}/openapi.json`, components: doc.components });
  return ajv;
}

const componentRef = (name: string) => ({ $ref: `${BASE}/openapi.json#/components/schemas/${name}` });
const absoluteRefs = (schema: JsonObject): JsonObject => JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', `"${BASE}/openapi.json#/components/`));

describe("the OpenAPI document", () => {
  it("describes every webhook event a webhook_url can receive: one per order status and new scans, each signed", () => {
    const webhooks = (doc as unknown as { webhooks: Record<string, { post: { parameters: { name: string }[] } }> }).webhooks;
    expect(Object.keys(webhooks)).toEqual([...ORDER_STATUSES.map((s) => `order.${s}`), "order.tracking_updated"]);
    for (const hook of Object.values(webhooks)) expect(hook.post.parameters.map((p) => p.name)).toEqual(["webhook-id", "webhook-timestamp", "webhook-signature"]);
  });

  it("is OpenAPI 3.1 with info, servers, security and every path under /v1", () => {
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.info).toMatchObject({ title: expect.any(String), version: "1.0.0", contact: { url: `${BASE}/docs/api` }, license: { name: expect.stringMatching(/^Proprietary/) } });
    expect(doc.servers).toEqual([{ url: BASE, description: expect.any(String) }]);
    expect(doc.security).toEqual([{}, { bearer: [] }]);
    expect((doc.components.securitySchemes as JsonObject).bearer).toMatchObject({ type: "http", scheme: "bearer" });
    for (const p of Object.keys(doc.paths)) expect(p).toMatch(/^\/v1\//);
  });

  it("resolves every $ref", () => {
    const broken = refsOf(doc).filter(({ ref }) => !ref.startsWith("#/") || resolvePointer(doc, ref) === undefined);
    expect(broken).toEqual([]);
  });

  it("gives every operation an operationId, responses, its path parameters and known tags and schemes", () => {
    const tagNames = new Set((doc.tags as { name: string }[]).map((t) => t.name));
    const seenIds = new Set<string>();
    for (const [p, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        const where = `${method.toUpperCase()} ${p}`;
        expect(["get", "put", "post", "delete", "options", "head", "patch", "trace"], where).toContain(method);
        expect(typeof op.operationId, where).toBe("string");
        expect(seenIds.has(op.operationId as string), where).toBe(false);
        seenIds.add(op.operationId as string);
        const responses = op.responses as Record<string, JsonObject>;
        expect(Object.keys(responses).length, where).toBeGreaterThan(0);
        for (const [status, r] of Object.entries(responses)) {
          expect(status, where).toMatch(/^[1-5]\d\d$/);
          expect(typeof r.description, `${where} ${status}`).toBe("string");
        }
        const params = (op.parameters ?? []) as JsonObject[];
        for (const [, name] of p.matchAll(/\{([^}]+)\}/g)) {
          expect(params.find((x) => x.name === name && x.in === "path")?.required, `${where}: path parameter ${name}`).toBe(true);
        }
        for (const t of op.tags as string[]) expect(tagNames.has(t), `${where}: tag ${t}`).toBe(true);
        for (const requirement of op.security as Record<string, string[]>[]) {
          for (const scheme of Object.keys(requirement)) expect(doc.components.securitySchemes as JsonObject, where).toHaveProperty(scheme);
        }
      }
    }
  });

  it("has component schemas that are valid JSON Schema 2020-12 and compile", () => {
    const ajv = newAjv();
    for (const [name, schema] of Object.entries(doc.components.schemas)) {
      expect(ajv.validateSchema(schema), `${name}: ${ajv.errorsText()}`).toBe(true);
      expect(() => ajv.compile(componentRef(name)), name).not.toThrow();
    }
  });

  it("answers 429 and 503 with Retry-After, and every failure with the ErrorEnvelope", () => {
    for (const [p, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        for (const [status, r] of Object.entries(op.responses as Record<string, JsonObject>)) {
          if (!r["x-error-codes"]) continue;
          if (status === "429" || status === "503") expect(r.headers, `${method} ${p} ${status}`).toHaveProperty("Retry-After");
          expect(JSON.stringify(r.content)).toContain("#/components/schemas/ErrorEnvelope");
        }
      }
    }
    expect(doc.paths["/v1/orders"].post.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ name: "Idempotency-Key", in: "header" })]));
    expect(doc.paths["/v1/credits/checkout"].post.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ name: "Idempotency-Key", in: "header" })]));
    expect(doc.paths["/v1/orders/{id}"].delete.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: "X-Capability-Token", in: "header", required: true })]),
    );
  });

  it("has examples that fit their schemas, in the document and in zod", () => {
    const ajv = newAjv();
    const byName = new Map(COMPONENTS.map((c) => [c.name, c.schema]));
    let checked = 0;
    for (const [p, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        const bodies = [
          ...Object.values(((op.requestBody as JsonObject | undefined)?.content ?? {}) as Record<string, JsonObject>).map((m) => ({ m })),
          ...Object.values(op.responses as Record<string, JsonObject>).flatMap((r) => Object.values((r.content ?? {}) as Record<string, JsonObject>).map((m) => ({ m }))),
        ];
        for (const { m } of bodies) {
          const ref = (m.schema as JsonObject | undefined)?.$ref as string | undefined;
          for (const [name, example] of Object.entries((m.examples ?? {}) as Record<string, { value: unknown }>)) {
            const where = `${method.toUpperCase()} ${p} example ${name}`;
            const validate = ajv.compile(ref ? componentRef(ref.split("/").pop()!) : absoluteRefs(m.schema as JsonObject));
            expect(validate(example.value), `${where}: ${ajv.errorsText(validate.errors)}`).toBe(true);
            const zodSchema = ref ? byName.get(ref.split("/").pop()!) : undefined;
            if (zodSchema) {
              const parsed = (zodSchema as z.ZodType).safeParse(example.value);
              expect(parsed.success, `${where}: ${parsed.error?.message}`).toBe(true);
            }
            checked++;
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(OPERATIONS.length);
  });

  it("tells the order story consistently: quote -> order -> read -> cancel", () => {
    const ex = (p: string, method: string, where: "request" | number, name = "sandbox_letter") => {
      const op = doc.paths[p][method];
      const media = where === "request" ? (op.requestBody as JsonObject).content : (op.responses as Record<string, JsonObject>)[String(where)].content;
      return ((media as Record<string, JsonObject>)["application/json"].examples as Record<string, { value: Record<string, unknown> }>)[name].value;
    };
    const quote = ex("/v1/quotes", "post", 200);
    const orderRequest = ex("/v1/orders", "post", "request");
    const created = ex("/v1/orders", "post", 201) as { order: { id: string }; capability: { cancel_token: string } };
    expect(orderRequest.confirmation_token).toBe(quote.confirmation_token);
    const { confirmation_token: _t, email: _e, ...letter } = orderRequest;
    expect(letter).toEqual(ex("/v1/quotes", "post", "request"));
    const read = ex("/v1/orders/{id}", "get", 200) as { order: { id: string } };
    const canceled = ex("/v1/orders/{id}", "delete", 200) as { order: { id: string; status: string } };
    expect(read.order.id).toBe(created.order.id);
    expect(canceled.order).toMatchObject({ id: created.order.id, status: "canceled" });
    expect(created.capability.cancel_token).toMatch(/^cap_/);
  });
});

describe("the error catalogue", () => {
  it("is in the document (x-error-catalogue and the ErrorEnvelope code enum) and in llms.txt", () => {
    const envelope = doc.components.schemas.ErrorEnvelope as { properties: { code: { enum: string[] } } };
    for (const [code, spec] of Object.entries(ERRORS)) {
      expect(doc["x-error-catalogue"][code], code).toEqual({ http: spec.http, status: spec.status, retryable: spec.retryable, summary: spec.summary, next: spec.next });
      expect(envelope.properties.code.enum, code).toContain(code);
      expect(llms, code).toContain(`\`${code}\`: HTTP ${spec.http}`);
    }
  });

  it("llms.txt names every operation, the safe order, the MCP tools and the docs", () => {
    for (const op of OPERATIONS) expect(llms).toContain(`${op.method.toUpperCase()} ${op.path}`);
    for (const s of ["quote_letter", "send_letter", "get_letter_status", "list_letters", "submit_feedback", "/v1/openapi.json", "/docs/api", "Idempotency-Key", "X-Capability-Token", "/v1/x402/credits"]) {
      expect(llms).toContain(s);
    }
  });
});

describe("request schemas in the document agree with zod", () => {
  const letter = {
    mail_class: "first_class",
    to: { name: "Ada Lovelace", line1: "12 Main St", city: "Albany", state: "NY", zip: "12207" },
    from: { name: "Grace Hopper", line1: "350 5th Ave", line2: null, city: "New York", state: "ny", zip: "10118-0110" },
    text: "Hello",
    sandbox: true,
  };
  // JSON Schema cannot say everything zod checks (the one-of-four content rule, trimming, the
  // list of state codes, printable characters), so the document is looser there and says so in
  // prose; on everything it can say, both must give the same answer.
  const samples: [string, unknown, boolean][] = [
    ["a plain letter", letter, true],
    ["nulls for absent optional fields", { ...letter, color: null, font: null, format: null }, true],
    ["a credit code in upper case", { ...letter, credit_code: "CC-AB12-CD34-EF56" }, true],
    ["a postcard format", { ...letter, format: "postcard_4x6" }, true],
    ["no mail_class", { ...letter, mail_class: undefined }, false],
    ["an unknown mail_class", { ...letter, mail_class: "express" }, false],
    ["an unknown field", { ...letter, colour: true }, false],
    ["text over 50000 characters", { ...letter, text: "x".repeat(50_001) }, false],
    ["font over 40 characters", { ...letter, font: "f".repeat(41) }, false],
    ["a state of 8 letters", { ...letter, to: { ...letter.to, state: "New York" } }, false],
    ["a 4-digit ZIP", { ...letter, to: { ...letter.to, zip: "1220" } }, false],
    ["a name over 80 characters", { ...letter, to: { ...letter.to, name: "n".repeat(81) } }, false],
    ["a bad credit code", { ...letter, credit_code: "cc-1234" }, false],
    ["a bad upload key", { ...letter, text: undefined, upload_key: "up_XYZ.pdf" }, false],
    ["an unknown format", { ...letter, format: "postcard_5x7" }, false],
    ["color as a string", { ...letter, color: "yes" }, false],
    ["an address without city", { ...letter, from: { ...letter.from, city: undefined } }, false],
  ];

  it.each(samples)("%s", (_label, sample, valid) => {
    const json = JSON.parse(JSON.stringify(sample)); // as it travels: undefined fields left out
    const validate = newAjv().compile(componentRef("LetterRequest"));
    expect(QuoteRequestSchema.safeParse(json).success, "zod").toBe(valid);
    expect(validate(json), `JSON Schema: ${JSON.stringify(validate.errors)}`).toBe(valid);
  });

  it("is looser than zod only where it says so (two content fields: valid JSON, refused by zod)", () => {
    const json = { ...letter, pdf_url: "https://example.com/a.pdf" };
    expect(newAjv().compile(componentRef("LetterRequest"))(json)).toBe(true);
    expect(QuoteRequestSchema.safeParse(json).success).toBe(false);
    expect(String(doc.components.schemas.LetterRequest.description)).toContain("exactly one of text, upload_key, pdf_base64, pdf_url");
  });

  it("rewrites case-insensitive patterns for both cases", () => {
    expect(caseInsensitivePattern("^cc-[a-z0-9]{4}$")).toBe("^[cC][cC]-[a-zA-Z0-9]{4}$");
    expect(caseInsensitivePattern("^\\d{5}[A-F]x$")).toBe("^\\d{5}[A-Fa-f][xX]$");
  });

  it("describes only fields the schemas have", () => {
    for (const [name, fields] of Object.entries(FIELD_DESCRIPTIONS)) {
      const props = (doc.components.schemas[name] as { properties: Record<string, JsonObject> }).properties;
      for (const field of Object.keys(fields)) expect(props[field]?.description, `${name}.${field}`).toBe(fields[field]);
    }
  });
});

describe("response schemas match what the service writes", () => {
  const sortedKeys = (o: object) => Object.keys(o).sort();

  it("Order has exactly the fields of serializeOrder", () => {
    const row = {
      id: "ord_test_" + "a".repeat(24), status: "submitted", sandbox: true, format: "letter", mailClass: "first_class", pageCount: 1, color: false,
      recipient: { name: "Ada", line1: "12 MAIN ST", city: "ALBANY", state: "NY", zip: "12207" }, priceCents: 99,
      breakdown: [{ id: "first_page", label: "Letter", amount_cents: 99 }], trackingNumber: "9400111202555842761234", expectedDeliveryDate: "2026-05-11",
      refusalReason: null, failureCode: null, failureReason: null, createdAt: new Date(), updatedAt: new Date(),
    };
    const order = serializeOrder(row as unknown as Parameters<typeof serializeOrder>[0]);
    expect(sortedKeys(order)).toEqual(sortedKeys(OrderSchema.shape));
    expect(OrderSchema.safeParse(order).success).toBe(true);
  });

  it("Review has the fields of serializeReview (plus the spec's optional sample)", () => {
    const review = serializeReview({ id: "rev_x", stars: 5, comment: "Good", name: "Ada", city: "ALBANY", state: "NY", category: "other", createdAt: new Date() });
    expect(sortedKeys(review)).toEqual(sortedKeys(ReviewSchema.shape).filter((k) => k !== "sample"));
    expect(ReviewSchema.safeParse(review).success).toBe(true);
  });
});
