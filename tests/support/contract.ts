import { readdirSync } from "node:fs";
import path from "node:path";
import Ajv2020, { type ValidateFunction } from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { isMethodNotAllowedHandler } from "@/lib/http/fallback-routes";
import { buildOpenApiDocument } from "@/lib/openapi/build-openapi-document";

// The document is the contract (issue 18, item 8): every answer a /v1 operation gives in the API
// tests is checked against /v1/openapi.json as it is served: its status must be one the
// operation documents, and its JSON body must validate against that status's schema (JSON
// Schema 2020-12, the dialect of OpenAPI 3.1). tests/support/api.ts calls this on every call.

type OpenApi = { paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, unknown> }> }>> };

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
let state: Promise<{ doc: OpenApi; ajv: Ajv2020; operations: Map<unknown, { method: string; path: string }> }> | null = null;

async function load() {
  const doc = buildOpenApiDocument({ baseUrl: "https://mail.test" }) as unknown as OpenApi;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(doc, "openapi");
  // Each exported handler of app/v1/**/route.ts, by identity: which operation a test called.
  const operations = new Map<unknown, { method: string; path: string }>();
  const dir = path.resolve("app/v1");
  for (const file of (readdirSync(dir, { recursive: true }) as string[]).filter((f) => path.basename(f) === "route.ts")) {
    const segments = path.dirname(file).split(path.sep).filter((s) => s !== ".");
    if (segments.some((s) => s.startsWith("[..."))) continue;
    const apiPath = "/" + ["v1", ...segments].map((s) => s.replace(/^\[(.+)\]$/, "{$1}")).join("/");
    const mod = (await import(path.join(dir, file))) as Record<string, unknown>;
    for (const method of METHODS) {
      const handler = mod[method];
      if (typeof handler === "function" && !isMethodNotAllowedHandler(handler) && doc.paths[apiPath]?.[method.toLowerCase()]) operations.set(handler, { method, path: apiPath });
    }
  }
  return { doc, ajv, operations };
}

const pointer = (...segments: string[]) => segments.map((s) => encodeURIComponent(s.replace(/~/g, "~0").replace(/\//g, "~1"))).join("/");

/** Throws when `handler` is a documented operation and its answer is not what the document says. */
export async function checkAgainstDocument(handler: unknown, status: number, contentType: string | null, json: unknown): Promise<void> {
  state ??= load();
  const { doc, ajv, operations } = await state;
  const op = operations.get(handler);
  if (!op) return;
  const responses = doc.paths[op.path][op.method.toLowerCase()].responses;
  const documented = responses[String(status)];
  if (!documented) throw new Error(`Contract: ${op.method} ${op.path} answered ${status}, which /v1/openapi.json does not document (it lists ${Object.keys(responses).join(", ")})`);
  if (!contentType?.includes("application/json") || !documented.content?.["application/json"]) return;
  const id = `openapi#/${pointer("paths", op.path, op.method.toLowerCase(), "responses", String(status), "content", "application/json", "schema")}`;
  const validate = ajv.getSchema(id) as ValidateFunction | undefined;
  if (!validate) throw new Error(`Contract: no schema at ${id}`);
  if (!validate(json)) {
    throw new Error(`Contract: ${op.method} ${op.path} ${status} does not match /v1/openapi.json: ${ajv.errorsText(validate.errors, { separator: "; " })}\n${JSON.stringify(json).slice(0, 600)}`);
  }
}
