import path from "node:path";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import * as ex from "@/lib/openapi/examples";
import type { Operation } from "@/lib/openapi/operation";
import { OPERATIONS } from "@/lib/openapi/operations";
import { call, randomIp } from "@/tests/support/api";

// The registry names the throttle bucket of each operation and the document states that
// bucket's limit (THROTTLES). Here each operation is called once, as its documented example,
// from a fresh address: the throttle rows it leaves must be exactly the registry's bucket.
// The limit the document states is read from THROTTLES by bucket, so only the bucket can drift.
// tests/unit/openapi.test.ts checks the rest of what the registry restates (scope, body, limit).

type Handler = (req: Request, ctx?: { params?: Promise<unknown> }) => Promise<Response>;

/** Path parameters of the right form, so that the call gets past parsing to the handler. */
const EXAMPLE_PARAMS: Record<string, Record<string, string>> = {
  "/v1/orders/{id}": { id: ex.ids.order },
  "/v1/uploads/{key}": { key: ex.ids.uploadKey },
  "/v1/proofs/{file}": { file: `${ex.ids.proof}.pdf` },
  "/v1/tracking/{code}": { code: ex.ids.trackingCode },
  "/v1/credits/{code}": { code: ex.ids.creditCode },
  "/v1/credits/checkout/{id}": { id: ex.ids.payment },
};
const EXAMPLE_QUERIES: Record<string, string> = { "/v1/address/autocomplete": "?q=1220&limit=2" };

async function handlerOf(op: Operation): Promise<Handler> {
  const file = path.resolve("app", `.${op.path.replace(/\{([^}]+)\}/g, "[$1]")}`, "route.ts");
  return (await import(file))[op.method.toUpperCase()] as Handler;
}

/** The operation's example body; a sandbox one when it has one, so nothing is paid for. */
function exampleBody(op: Operation): unknown {
  if (!op.request || (op.request.contentType && op.request.contentType !== "application/json")) return undefined;
  const values = Object.values(op.request.examples).map((e) => e.value);
  return values.find((v) => (v as { sandbox?: unknown }).sandbox === true) ?? values[0];
}

const wrapped = OPERATIONS.filter((op) => op.wrapped !== false).map((op) => [`${op.method.toUpperCase()} ${op.path}`, op] as const);

describe("the throttle each operation documents", () => {
  it.each(wrapped)("%s counts against the bucket the registry names, and no other", async (_name, op) => {
    if (op.path.includes("{")) expect(EXAMPLE_PARAMS, `add example path parameters for ${op.path}`).toHaveProperty([op.path]);
    const ip = randomIp();
    const res = await call(await handlerOf(op), {
      method: op.method.toUpperCase(),
      path: op.path + (EXAMPLE_QUERIES[op.path] ?? ""),
      body: exampleBody(op),
      params: EXAMPLE_PARAMS[op.path],
      ip,
    });
    // A refused example would stop before any throttle and prove nothing.
    expect(res.json?.code, JSON.stringify(res.json)).not.toBe("validation_error");
    const actor = `:ip:${ip}`;
    const rows = await db().$queryRaw<{ key: string }[]>`SELECT key FROM rate_limits WHERE key LIKE ${`%${actor}`}`;
    expect(rows.map((r) => r.key.slice(0, -actor.length))).toEqual(op.throttle ? [op.throttle] : []);
  });
});
