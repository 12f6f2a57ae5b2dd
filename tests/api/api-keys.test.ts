import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { POST as postQuote } from "@/app/v1/quotes/route";
import { POST as postOrder } from "@/app/v1/orders/route";
import { GET as getOrder } from "@/app/v1/orders/[id]/route";
import { db } from "@/lib/db";
import { disableApiKey, issueApiKey } from "@/lib/auth/api-keys";
import { call, letter } from "@/tests/support/api";
import { quoteToken } from "@/tests/support/orders";

const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });

describe("API keys", () => {
  it("are optional: no Authorization works", async () => {
    expect((await call(postQuote, { body: letter() })).status).toBe(200);
  });

  it("a valid key is accepted and stored only as a hash", async () => {
    const { key, id } = await issueApiKey({ mode: "live", label: "test", scopes: [] });
    expect(key).toMatch(/^ak_live_[0-9a-z]{32}$/);
    expect((await call(postQuote, { body: letter(), headers: bearer(key) })).status).toBe(200);
    const row = await db().apiKey.findUniqueOrThrow({ where: { id } });
    expect(JSON.stringify(row)).not.toContain(key.slice(8));
    expect(row.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("a key that does not verify is 401 invalid_key, never anonymous", async () => {
    for (const header of ["Bearer ak_live_" + "a".repeat(32), "Bearer nonsense", "Basic dXNlcjpwYXNz", "Bearer ", ""]) {
      const res = await call(postQuote, { body: letter(), headers: { Authorization: header } });
      expect(res.status, header).toBe(401);
      expect(res.json.code).toBe("invalid_key");
      // A 401 names the scheme that refused the credential (RFC 9110).
      expect(res.headers.get("www-authenticate"), header).toMatch(/^Bearer realm="[^"]+", error="invalid_token"$/);
    }
  });

  it("a disabled key is 403 key_disabled", async () => {
    const { key, id } = await issueApiKey({ mode: "live", label: "to disable", scopes: [] });
    expect(await disableApiKey(id)).toBe(true);
    const res = await call(postQuote, { body: letter(), headers: bearer(key) });
    expect(res.status).toBe(403);
    expect(res.json.code).toBe("key_disabled");
  });

  it("a key without the route's scope is 403 insufficient_scope", async () => {
    const { key } = await issueApiKey({ mode: "live", label: "quote only", scopes: ["mail:quote"] });
    const body = letter();
    expect((await call(postQuote, { body, headers: bearer(key) })).status).toBe(200);
    const token = await quoteToken(body);
    const res = await call(postOrder, { body: { ...body, confirmation_token: token }, headers: bearer(key) });
    expect(res.status).toBe(403);
    expect(res.json.code).toBe("insufficient_scope");
    expect(res.json.reason).toContain("mail:send");
    const read = await call(getOrder, { params: { id: "ord_test_" + "0".repeat(24) }, headers: bearer(key) });
    expect(read.json.code).toBe("insufficient_scope");
  });

  it("an ak_test_ key may only create sandbox orders", async () => {
    const { key } = await issueApiKey({ mode: "test", label: "sandbox", scopes: [] });
    const live = letter({ sandbox: false });
    const token = await quoteToken(live, { headers: bearer(key) });
    const res = await call(postOrder, { body: { ...live, confirmation_token: token }, headers: bearer(key) });
    expect(res.status).toBe(403);
    expect(res.json.code).toBe("sandbox_only_key");
    const sandbox = letter();
    const sandboxToken = await quoteToken(sandbox, { headers: bearer(key) });
    const ok = await call(postOrder, { body: { ...sandbox, confirmation_token: sandboxToken }, headers: bearer(key) });
    expect(ok.status).toBe(201);
    expect((await db().order.findUniqueOrThrow({ where: { id: ok.json.order.id } })).apiKeyId).toMatch(/^key_/);
  });

  it("the keys CLI issues, lists and disables keys", async () => {
    const run = promisify(execFile);
    const cli = (...args: string[]) => run("node_modules/.bin/tsx", ["scripts/keys.ts", ...args], { env: process.env });
    const issued = await cli("issue", "--mode", "test", "--label", "cli check", "--scopes", "mail:quote,mail:read");
    const key = /Key \(shown once, store it now\): (ak_test_\w+)/.exec(issued.stdout)?.[1];
    const id = /Issued (key_\w+)/.exec(issued.stdout)?.[1];
    expect(key).toBeTruthy();
    expect((await call(postQuote, { body: letter(), headers: bearer(key!) })).status).toBe(200);
    expect((await cli("list")).stdout).toMatch(new RegExp(`${id}\\s+test\\s+…${key!.slice(-4)}\\s+active\\s+scopes=mail:quote,mail:read`));
    expect((await cli("disable", id!)).stdout).toContain(`Disabled ${id}`);
    expect((await call(postQuote, { body: letter(), headers: bearer(key!) })).json.code).toBe("key_disabled");
    await expect(cli("issue", "--mode", "live", "--label", "x", "--scopes", "mail:everything")).rejects.toThrow(/Unknown scope/);
  });
});
