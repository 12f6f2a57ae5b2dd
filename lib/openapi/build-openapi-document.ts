import { z } from "zod";
import { ERRORS, type ErrorCode } from "@/lib/errors/error-catalogue";
import { SCOPES } from "@/lib/auth/scopes";
import { EXAMPLE_BASE_URL } from "@/lib/openapi/examples";
import { errorsOf, throttlePerMinute, type Operation, type RequestHeader, type SuccessResponse } from "@/lib/openapi/operation";
import { COMPONENTS, COMPONENT_DESCRIPTIONS, FIELD_DESCRIPTIONS, OPERATIONS } from "@/lib/openapi/operations";
import { WEBHOOK_EVENT_TYPES } from "@/lib/openapi/response-schemas";
import { toJsonSchema, toJsonSchemas } from "@/lib/openapi/zod-to-json-schema";
import { codeSamples } from "@/lib/openapi/code-samples";

// The OpenAPI 3.1 document of /v1, generated from the registry (lib/openapi/operations.ts), the
// zod schemas the routes validate with, and the error catalogue. Served at /v1/openapi.json,
// rendered at /docs/api, summarized in /llms.txt.

export type JsonObject = Record<string, unknown>;
export type OpenApiDocument = {
  openapi: "3.1.1";
  info: JsonObject & { title: string; version: string; description: string };
  servers: { url: string; description?: string }[];
  paths: Record<string, Record<string, JsonObject>>;
  components: { schemas: Record<string, JsonObject> } & JsonObject;
  "x-error-catalogue": Record<string, { http: number; status: string; retryable: boolean; summary: string; next: string[] }>;
} & JsonObject;

export const API_VERSION = "1.0.0";
export const CATALOGUE_CODES = Object.keys(ERRORS) as ErrorCode[];

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

const HEADER_DOCS: Record<RequestHeader, { description: string; schema: JsonObject }> = {
  "Idempotency-Key": { description: "Makes the call safe to retry: the same key with the same body returns the original result with replayed: true. Keys are remembered for 24 hours; after that the same key is a new request.", schema: { type: "string", pattern: "^[\\x21-\\x7e]{1,255}$" } },
  "X-Capability-Token": { description: "A capability token from the order's creation (cap_…).", schema: { type: "string", maxLength: 2000 } },
  "X-Cancel-Token": { description: "Legacy name of X-Capability-Token for cancels.", schema: { type: "string", maxLength: 2000 } },
  "X-PAYMENT": { description: "x402 v1 name of the signed payment payload.", schema: { type: "string" } },
  "PAYMENT-SIGNATURE": { description: "x402 v2 signed payment payload.", schema: { type: "string" } },
  "MCP-Session-Id": { description: "MCP session id.", schema: { type: "string" } },
  "MCP-Protocol-Version": { description: "MCP protocol version.", schema: { type: "string" } },
};

/** Which component each operation schema is, by identity. */
function componentNames(): Map<z.ZodType, string> {
  const names = new Map<z.ZodType, string>();
  for (const c of COMPONENTS) {
    if (names.has(c.schema)) throw new Error(`OpenAPI component ${c.name}: the schema is already listed as ${names.get(c.schema)}`);
    names.set(c.schema, c.name);
  }
  return names;
}

function buildComponentSchemas(): Record<string, JsonObject> {
  const schemas: Record<string, JsonObject> = {
    ...toJsonSchemas(COMPONENTS.filter((c) => c.io === "input"), "input"),
    ...toJsonSchemas(COMPONENTS.filter((c) => c.io === "output"), "output"),
  };
  for (const [name, fields] of Object.entries(FIELD_DESCRIPTIONS)) {
    const properties = (schemas[name]?.properties ?? {}) as Record<string, JsonObject>;
    for (const [field, description] of Object.entries(fields)) {
      if (!properties[field]) throw new Error(`FIELD_DESCRIPTIONS names ${name}.${field}, which the schema does not have`);
      properties[field] = properties[field].$ref ? { allOf: [properties[field]], description } : { ...properties[field], description: properties[field].description ?? description };
    }
  }
  for (const [name, description] of Object.entries(COMPONENT_DESCRIPTIONS)) schemas[name] = { ...schemas[name], description };
  return schemas;
}

/**
 * What a webhook_url receives: a POST per event, signed with the Standard Webhooks headers
 * (verify with any Standard Webhooks library and the order's webhook_secret).
 */
function webhookObjects(): Record<string, JsonObject> {
  const headers = [
    { name: "webhook-id", in: "header", required: true, description: "msg_…, the same on every attempt: deduplicate on it.", schema: { type: "string" } },
    { name: "webhook-timestamp", in: "header", required: true, description: "Unix seconds, fresh on every attempt; refuse messages more than 5 minutes old.", schema: { type: "string" } },
    { name: "webhook-signature", in: "header", required: true, description: "v1,<base64 HMAC-SHA256 of id.timestamp.body> with the order's webhook_secret.", schema: { type: "string" } },
  ];
  // order.tracking_updated -> orderTrackingUpdatedWebhook
  const operationId = (type: string) => type.replace(/[._]([a-z])/g, (_, c: string) => c.toUpperCase()) + "Webhook";
  const post = (type: string, summary: string, schema: string) => ({
    post: {
      operationId: operationId(type),
      summary,
      parameters: headers,
      requestBody: { required: true, content: { "application/json": { schema: ref(schema) } } },
      responses: { "200": { description: "Any 2xx acknowledges the message. Anything else, or no answer in 10 seconds, is retried: ten attempts over about three days (5 s, 5 min, 30 min, ...), a Retry-After honoured up to a day." } },
    },
  });
  return Object.fromEntries(
    WEBHOOK_EVENT_TYPES.map((type) => [type, type === "order.tracking_updated" ? post(type, "New carrier scans of the piece", "WebhookTrackingUpdated") : post(type, `The order is now ${type.slice("order.".length)}`, "WebhookOrderEvent")]),
  );
}

function parameters(op: Operation): JsonObject[] {
  const out: JsonObject[] = [];
  for (const [where, schema] of [["path", op.documentedParams ?? op.params], ["query", op.query]] as const) {
    if (!schema) continue;
    const json = toJsonSchema(schema, "input");
    const required = new Set((json.required as string[] | undefined) ?? []);
    for (const [name, prop] of Object.entries((json.properties ?? {}) as Record<string, JsonObject>)) {
      out.push({ name, in: where, required: where === "path" || required.has(name), description: op.parameterDescriptions?.[name], schema: prop });
    }
  }
  for (const h of op.headers ?? []) {
    const doc = HEADER_DOCS[h.name];
    out.push({ name: h.name, in: "header", required: h.required ?? false, description: h.description ?? doc.description, schema: doc.schema });
  }
  return out;
}

function examplesOf(examples: Record<string, { summary: string; description?: string; value: unknown }> | undefined) {
  return examples && Object.keys(examples).length ? { examples } : {};
}

function mediaTypes(contentType: string | string[] | undefined, schema: JsonObject | undefined, examples?: JsonObject) {
  const types = Array.isArray(contentType) ? contentType : [contentType ?? "application/json"];
  return Object.fromEntries(types.map((t, i) => [t, { ...(schema ? { schema } : {}), ...(i === 0 ? examples : {}) }]));
}

const REQUEST_ID_HEADER = { "x-request-id": { $ref: "#/components/headers/RequestId" } };

function successResponse(r: SuccessResponse, names: Map<z.ZodType, string>): JsonObject {
  const schema = r.schema ? ref(nameOf(r.schema, names)) : undefined;
  const headers = { ...REQUEST_ID_HEADER, ...Object.fromEntries(Object.entries(r.headers ?? {}).map(([k, v]) => [k, { description: v.description, schema: v.schema ?? { type: "string" } }])) };
  const hasBody = Boolean(schema || r.contentType || r.examples);
  return { description: r.description, headers, ...(hasBody ? { content: mediaTypes(r.contentType, schema, examplesOf(r.examples)) } : {}) };
}

/** The error responses of an operation: its codes grouped by HTTP status, each with an example envelope. */
function errorResponses(op: Operation, names: Map<z.ZodType, string>): Record<string, JsonObject> {
  const byHttp = new Map<number, ErrorCode[]>();
  for (const code of errorsOf(op, CATALOGUE_CODES)) byHttp.set(ERRORS[code].http, [...(byHttp.get(ERRORS[code].http) ?? []), code]);
  const out: Record<string, JsonObject> = {};
  for (const [http, codes] of [...byHttp].sort(([a], [b]) => a - b)) {
    const own = op.responses[http];
    const retryAfter = http === 429 || http === 503 || codes.includes("idempotency_in_flight");
    const list = codes.map((c) => `\`${c}\`${ERRORS[c].retryable ? " (retryable)" : ""}: ${ERRORS[c].summary}`).join("\n- ");
    const schema = own?.schema ? { allOf: [ref("ErrorEnvelope"), ref(nameOf(own.schema, names))] } : ref("ErrorEnvelope");
    // Where the operation states its own body for this status (x402's PaymentRequired, MCP's
    // JSON-RPC error), each code's example carries it beside the envelope: the example named
    // after the code, else the first.
    const beside = (c: ErrorCode) => (own?.examples?.[c] ?? Object.values(own?.examples ?? {})[0])?.value as JsonObject | undefined;
    const examples = Object.fromEntries(codes.map((c) => [c, { summary: c, value: { ...beside(c), status: ERRORS[c].status, code: c, reason: ERRORS[c].summary, next: ERRORS[c].next } }]));
    out[String(http)] = {
      description: `${own ? `${own.description}\n\n` : ""}Codes:\n- ${list}`,
      headers: {
        ...REQUEST_ID_HEADER,
        ...(retryAfter ? { "Retry-After": { $ref: "#/components/headers/RetryAfter" } } : {}),
        ...(codes.includes("invalid_key") ? { "WWW-Authenticate": { $ref: "#/components/headers/WwwAuthenticate" } } : {}),
        ...Object.fromEntries(Object.entries(own?.headers ?? {}).map(([k, v]) => [k, { description: v.description, schema: v.schema ?? { type: "string" } }])),
      },
      content: { "application/json": { schema, examples } },
      "x-error-codes": codes,
    };
  }
  return out;
}

function nameOf(schema: z.ZodType, names: Map<z.ZodType, string>): string {
  const name = names.get(schema);
  if (!name) throw new Error("An operation uses a schema that is not listed in COMPONENTS (lib/openapi/operations.ts)");
  return name;
}

function operationObject(op: Operation, names: Map<z.ZodType, string>): JsonObject {
  const errors = errorResponses(op, names);
  const success = Object.fromEntries(Object.entries(op.responses).filter(([http]) => !errors[http]).map(([http, r]) => [http, successResponse(r, names)]));
  const request = op.request;
  const perMinute = throttlePerMinute(op);
  const limits = [op.scope ? `Scope: \`${op.scope}\`.` : "Scopes: per tool.", perMinute ? `Throttle: ${perMinute} a minute per caller.` : null, request?.maxBytes ? `Body: at most ${request.maxBytes} bytes.` : null];
  return {
    operationId: op.operationId,
    summary: op.summary,
    description: `${op.description}\n\n${limits.filter(Boolean).join(" ")}`,
    tags: op.tags,
    security: [{}, { bearer: op.scope ? [op.scope] : [] }],
    ...(parameters(op).length ? { parameters: parameters(op) } : {}),
    ...(request
      ? {
          requestBody: {
            required: !request.optional,
            ...(request.description ? { description: request.description } : {}),
            content: mediaTypes(request.contentType, request.schema ? ref(nameOf(request.schema, names)) : undefined, examplesOf(request.examples)),
          },
        }
      : {}),
    responses: Object.fromEntries(Object.entries({ ...success, ...errors }).sort(([a], [b]) => Number(a) - Number(b))),
    "x-scope": op.scope,
    ...(perMinute ? { "x-throttle-per-minute": perMinute } : {}),
    "x-error-codes": errorsOf(op, CATALOGUE_CODES),
  };
}

const DESCRIPTION = [
  "Print and mail letters, postcards and notecards to US addresses: no account, each order carries its own payment, every piece is screened before printing and tracked at a public link.",
  "**Safe order of calls**: POST /v1/quotes (free; check `price_cents` and the proof) -> POST /v1/orders with the quote's `confirmation_token` and an `Idempotency-Key` (try `sandbox: true` first) -> poll GET /v1/orders/{id} or GET /v1/tracking/{code} -> cancel with DELETE /v1/orders/{id} and `X-Capability-Token` before hand-off if needed.",
  "**Authentication** is optional on every route but GET /v1/orders, which lists the orders of the key that calls (401 `key_required` without one): `Authorization: Bearer ak_live_…` (or `ak_test_…`, sandbox only) narrows what a caller may do by scope. A key that is sent and does not verify is 401 `invalid_key`, never anonymous. Order actions use capability tokens in `X-Capability-Token`.",
  "**Errors** are one envelope `{status, code, reason, next}` (components.schemas.ErrorEnvelope); switch on `code`. Every code with its HTTP status, whether a retry is safe and what to do is in `x-error-catalogue`. Every 429 and 503 carries `Retry-After` (seconds).",
  "Also: /docs/api (this document as a page), /llms.txt (a guide for agents), /v1/mcp (MCP tools quote_letter, send_letter, get_letter_status, list_letters, submit_feedback).",
].join("\n\n");

const TAGS = [
  { name: "Letters", description: "Quote, send, read, cancel and track letters." },
  { name: "Documents", description: "Large PDF uploads and proofs." },
  { name: "Credits", description: "Prepaid credit codes: balances, packs by payment link or x402." },
  { name: "Reviews", description: "Reviews of delivered letters." },
  { name: "Feedback", description: "Reports of wrong responses and docs mismatches." },
  { name: "Bulk", description: "Mapping CSV columns to letters." },
  { name: "Addresses", description: "Address conveniences (advisory)." },
  { name: "Agents", description: "The MCP endpoint." },
  { name: "Service", description: "Health and this description." },
];

/** Swaps the examples' placeholder base URL for the deployment's. */
function rebase<T>(value: T, baseUrl: string): T {
  if (typeof value === "string") return (value.startsWith(EXAMPLE_BASE_URL) ? baseUrl + value.slice(EXAMPLE_BASE_URL.length) : value) as T;
  if (Array.isArray(value)) return value.map((v) => rebase(v, baseUrl)) as T;
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, rebase(v, baseUrl)])) as T;
  return value;
}

const cache = new Map<string, OpenApiDocument>();

export function buildOpenApiDocument({ baseUrl }: { baseUrl: string }): OpenApiDocument {
  const cached = cache.get(baseUrl);
  if (cached) return cached;
  const names = componentNames();
  const paths: OpenApiDocument["paths"] = {};
  for (const op of OPERATIONS) {
    paths[op.path] ??= {};
    if (paths[op.path][op.method]) throw new Error(`Two registry entries for ${op.method.toUpperCase()} ${op.path}`);
    paths[op.path][op.method] = operationObject(op, names);
  }
  const doc: OpenApiDocument = {
    openapi: "3.1.1",
    jsonSchemaDialect: "https://spec.openapis.org/oas/3.1/dialect/base",
    info: {
      title: "Physical Mail API",
      version: API_VERSION,
      description: DESCRIPTION,
      "x-spec-version": API_VERSION,
      // Who answers: an operator reads every report sent to POST /v1/feedback.
      contact: { name: "Report a wrong answer or a docs mismatch with POST /v1/feedback", url: `${baseUrl}/docs/api` },
      // The service's code is not published under an open licence; the document may be used to build clients.
      license: { name: "Proprietary: this document may be used to build clients of this API", url: `${baseUrl}/docs/api` },
    },
    servers: [{ url: baseUrl, description: "This deployment" }],
    security: [{}, { bearer: [] }],
    tags: TAGS,
    paths,
    webhooks: webhookObjects(),
    components: {
      schemas: buildComponentSchemas(),
      securitySchemes: {
        bearer: {
          type: "http",
          scheme: "bearer",
          description: `Optional API key (ak_live_… or ak_test_…). Scopes: ${SCOPES.join(", ")}; a key issued without scopes has all. Each operation names the scope it needs (x-scope).`,
        },
      },
      headers: {
        RetryAfter: { description: "Seconds to wait before retrying.", schema: { type: "integer", minimum: 0 } },
        RequestId: { description: "This response's request id; quote it in POST /v1/feedback.", schema: { type: "string" } },
        WwwAuthenticate: { description: 'The scheme a key is checked with: `Bearer realm="physical-mail-service", error="invalid_token"` for a refused key (invalid_key), `Bearer realm="physical-mail-service"` when a key is needed and none was sent (key_required).', schema: { type: "string" } },
      },
    },
    "x-error-catalogue": Object.fromEntries(
      CATALOGUE_CODES.map((code) => {
        const { http, status, retryable, summary, next } = ERRORS[code];
        return [code, { http, status, retryable, summary, next }];
      }),
    ),
  };
  const rebased = rebase(doc, baseUrl);
  for (const [path, methods] of Object.entries(rebased.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const samples = codeSamples(baseUrl, method, path, op);
      if (samples.length) op["x-codeSamples"] = samples;
    }
  }
  cache.set(baseUrl, rebased);
  return rebased;
}
