import { randomInt } from "node:crypto";
import { CLIENT_IP_HEADER } from "@/lib/http/client-ip";
import { checkAgainstDocument } from "@/tests/support/contract";

// Calls a route handler in-process the way Next.js does: a standard Request, and the path
// params as a promise. The client address is set the way scripts/web.ts sets it.

type Handler = (req: Request, ctx?: { params?: Promise<unknown> }) => Promise<Response>;

export type CallOptions = {
  method?: string;
  path?: string;
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
  ip?: string | null;
  params?: Record<string, string>;
};

export type CallResult = { status: number; headers: Headers; json: any };

export async function call(handler: Handler, opts: CallOptions = {}): Promise<CallResult> {
  const headers: Record<string, string> = { ...(opts.headers ?? {}) };
  if (opts.body !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === "content-type")) {
    headers["content-type"] = "application/json";
  }
  const ip = opts.ip === undefined ? randomIp() : opts.ip;
  if (ip) headers[CLIENT_IP_HEADER] = ip;
  const req = new Request(`http://mail.test${opts.path ?? "/v1/test"}`, {
    method: opts.method ?? (opts.body !== undefined || opts.rawBody !== undefined ? "POST" : "GET"),
    headers,
    body: opts.rawBody ?? (opts.body !== undefined ? JSON.stringify(opts.body) : undefined),
  });
  const res = await handler(req, { params: Promise.resolve(opts.params ?? {}) });
  const type = res.headers.get("content-type");
  if (type && !type.includes("json")) return { status: res.status, headers: res.headers, json: null };
  const text = await res.text();
  const json = text ? JSON.parse(text) : null;
  // Every answer of a documented operation is checked against the document (tests/support/contract.ts).
  await checkAgainstDocument(handler, res.status, type, json);
  return { status: res.status, headers: res.headers, json };
}

/** A fresh caller address, so that tests never share a throttle bucket or a cap by accident. */
export function randomIp(): string {
  // 10.0.0.0/8: 16 million addresses, so parallel test files sharing one database (throttle rows,
  // caps) practically never draw the same caller.
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
}

export const address = (over: Record<string, unknown> = {}) => ({
  name: "Ada Lovelace",
  line1: "12 Main St",
  city: "Albany",
  state: "NY",
  zip: "12207",
  ...over,
});

export const letter = (over: Record<string, unknown> = {}) => ({
  mail_class: "first_class",
  to: address(),
  from: address({ name: "Charles Babbage", line1: "1 Engine Row", city: "Troy", zip: "12180" }),
  text: "Dear Ada,\n\nThe engine is ready.\n\nCharles",
  sandbox: true,
  ...over,
});
