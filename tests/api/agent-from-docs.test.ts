import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { GET as getLlmsTxt } from "@/app/llms.txt/route";
import { GET as getOpenApi } from "@/app/v1/openapi.json/route";
import * as quotes from "@/app/v1/quotes/route";
import * as orders from "@/app/v1/orders/route";
import * as order from "@/app/v1/orders/[id]/route";
import { call } from "@/tests/support/api";

// An agent that knows nothing but /llms.txt and the OpenAPI document it points to: it finds
// each call, its example body and its headers there, and quotes, sends in the sandbox, polls
// and cancels a letter. If the documents drift from the routes, this fails.

type Handler = (req: Request, ctx?: { params?: Promise<unknown> }) => Promise<Response>;
/** The service as the agent sees it: path templates of the document, served by the real routes. */
const ROUTES: Record<string, Record<string, Handler>> = {
  "/v1/quotes": quotes as unknown as Record<string, Handler>,
  "/v1/orders": orders as unknown as Record<string, Handler>,
  "/v1/orders/{id}": order as unknown as Record<string, Handler>,
};

type Operation = {
  operationId: string;
  parameters?: { name: string; in: string; required?: boolean }[];
  requestBody?: { content: { "application/json": { examples?: Record<string, { value: Record<string, unknown> }>; example?: Record<string, unknown> } } };
};

describe("an agent following only /llms.txt and the OpenAPI document", () => {
  it("quotes, sends in the sandbox, polls the status and cancels", async () => {
    const llms = await (await getLlmsTxt()).text();
    // The guide names the document and the order of calls.
    const documentUrl = llms.match(/\((\S+\/v1\/openapi\.json)\)/)?.[1];
    expect(documentUrl).toBeDefined();
    const steps = ["POST /v1/quotes", "POST /v1/orders", "GET /v1/orders/{id}", "DELETE /v1/orders/{id}"].map((s) => llms.indexOf(s));
    expect(steps.every((i, n) => i >= 0 && (n === 0 || i > steps[n - 1]))).toBe(true);

    const doc = (await call(getOpenApi as Handler, { path: new URL(documentUrl!).pathname })).json;
    expect(doc.openapi).toMatch(/^3\.1\./);
    const op = (method: string, path: string): Operation => {
      const found = doc.paths?.[path]?.[method];
      expect(found, `${method.toUpperCase()} ${path} in the document`).toBeDefined();
      return found;
    };
    const exampleBody = (o: Operation) => {
      const content = o.requestBody!.content["application/json"];
      return structuredClone(content.example ?? Object.values(content.examples ?? {})[0].value);
    };
    const headerNamed = (o: Operation, pattern: RegExp) => o.parameters!.find((p) => p.in === "header" && pattern.test(p.name))!.name;
    const invoke = async (method: string, template: string, opts: { body?: unknown; headers?: Record<string, string>; params?: Record<string, string> } = {}) => {
      const path = template.replace(/\{(\w+)\}/g, (_, k) => opts.params![k]);
      return call(ROUTES[template][method.toUpperCase()], { method: method.toUpperCase(), path, ...opts });
    };

    // 1. Quote the documented example letter, in the sandbox.
    const quoteOp = op("post", "/v1/quotes");
    const letter = { ...exampleBody(quoteOp), sandbox: true };
    const quote = await invoke("post", "/v1/quotes", { body: letter });
    expect(quote.status, JSON.stringify(quote.json)).toBe(200);
    expect(quote.json.confirmation_token).toEqual(expect.any(String));

    // 2. Send it with the token and the idempotency header the document names.
    const sendOp = op("post", "/v1/orders");
    const sendExample = exampleBody(sendOp);
    expect(sendExample).toHaveProperty("confirmation_token");
    const idempotencyHeader = headerNamed(sendOp, /idempotency/i);
    const sent = await invoke("post", "/v1/orders", { body: { ...letter, confirmation_token: quote.json.confirmation_token }, headers: { [idempotencyHeader]: randomUUID() } });
    expect(sent.status, JSON.stringify(sent.json)).toBe(201);
    expect(sent.json.order.sandbox).toBe(true);
    const id = sent.json.order.id;

    // 3. Poll it.
    op("get", "/v1/orders/{id}");
    const read = await invoke("get", "/v1/orders/{id}", { params: { id } });
    expect(read.status).toBe(200);
    expect(["screening", "held_for_review"]).toContain(read.json.order.status);

    // 4. Cancel it with the capability header the document names.
    const cancelOp = op("delete", "/v1/orders/{id}");
    const capabilityHeader = headerNamed(cancelOp, /capability/i);
    const canceled = await invoke("delete", "/v1/orders/{id}", { params: { id }, headers: { [capabilityHeader]: sent.json.capability.cancel_token } });
    expect(canceled.status, JSON.stringify(canceled.json)).toBe(200);
    expect(canceled.json.order.status).toBe("canceled");
  });
});
