import { createHash } from "node:crypto";
import { vi, describe, expect, it } from "vitest";

// Operator sign-in (issue 8): next-auth's e-mail provider through our own mail transport (the
// development mailbox here) and our Prisma adapter. Only OPS_EMAILS may sign in; a link works
// once and expires; an address outside the list gets the same answer and nothing else.
const ids = vi.hoisted(() => {
  const tag = Math.random().toString(36).slice(2, 10);
  const operator = `Ops.${tag}@Example.com`; // the list is compared in lower case
  process.env.OPS_EMAILS = ` ${operator} , second.${tag}@example.com, flood.${tag}@example.com`;
  delete process.env.SMTP_URL;
  return { tag, operator: operator.toLowerCase(), outsider: `outsider.${tag}@example.com` };
});

import { Auth, setEnvDefaults } from "@auth/core";
import type { AuthConfig } from "@auth/core";
import { db } from "@/lib/db";
import { opsAuthConfig } from "@/lib/ops/auth-config";
import { opsAdapter } from "@/lib/ops/ops-adapter";
import { isOperator, opsAuthSecret } from "@/lib/ops/operators";
import { pinnedLink } from "@/lib/ops/send-sign-in-link";

const BASE = "http://mail.test";

// The console's own configuration, driven through @auth/core as next-auth's route handlers do
// (next-auth itself only loads inside Next's bundler).
let config: AuthConfig | undefined;
function auth(req: Request): Promise<Response> {
  if (!config) {
    config = opsAuthConfig() as AuthConfig;
    setEnvDefaults(process.env, config);
  }
  return Auth(req, config);
}

type Jar = Map<string, string>;
const jar = (): Jar => new Map();
const cookieHeader = (j: Jar) => [...j].map(([k, v]) => `${k}=${v}`).join("; ");
function keep(j: Jar, res: Response) {
  for (const c of res.headers.getSetCookie()) {
    const [pair] = c.split(";");
    const at = pair.indexOf("=");
    const value = pair.slice(at + 1);
    if (value) j.set(pair.slice(0, at), value);
    else j.delete(pair.slice(0, at));
  }
}

async function get(path: string, j: Jar, headers: Record<string, string> = {}) {
  const res = await auth(new Request(new URL(path, BASE), { headers: { cookie: cookieHeader(j), ...headers } }));
  keep(j, res);
  return res;
}

/** What the browser does: fetch the CSRF token, then post the sign-in form. */
async function askForLink(email: string, j: Jar, headers: Record<string, string> = {}) {
  const csrf = await get("/api/auth/csrf", j);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const res = await auth(
    new Request(new URL("/api/auth/signin/email", BASE), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: cookieHeader(j), ...headers },
      body: new URLSearchParams({ email, csrfToken, callbackUrl: "/ops/review" }).toString(),
    }),
  );
  keep(j, res);
  return res;
}

/** The link is mailed after the answer (lib/ops/send-sign-in-link.ts): wait a moment for it. */
async function latestMailTo(to: string, waitMs = 3_000) {
  for (const until = Date.now() + waitMs; ; await new Promise((r) => setTimeout(r, 50))) {
    const mail = await db().devMail.findFirst({ where: { to }, orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
    if (mail || Date.now() > until) return mail;
  }
}

const hashOf = (token: string) => createHash("sha256").update(`${token}${opsAuthSecret()}`).digest("hex");

describe("who is an operator", () => {
  it("reads OPS_EMAILS comma-separated, trimmed and in any case", () => {
    expect(isOperator(ids.operator)).toBe(true);
    expect(isOperator(ids.operator.toUpperCase())).toBe(true);
    expect(isOperator(`second.${ids.tag}@EXAMPLE.com`)).toBe(true);
    expect(isOperator(ids.outsider)).toBe(false);
    expect(isOperator("")).toBe(false);
    expect(isOperator(null)).toBe(false);
  });

  it("derives the auth secret from SIGNING_SECRET when AUTH_SECRET is unset", () => {
    expect(opsAuthSecret()).toMatch(/^[0-9a-f]{64}$/);
    expect(opsAuthSecret()).toBe(opsAuthSecret());
    expect(opsAuthSecret()).not.toContain(process.env.SIGNING_SECRET!);
  });
});

describe("signing in with a link", () => {
  it("mails an operator a link that signs in once, then never again", async () => {
    const j = jar();
    const asked = await askForLink(ids.operator.toUpperCase(), j);
    expect(asked.status).toBe(302);
    expect(asked.headers.get("location")).toBe(`${BASE}/api/auth/verify-request?provider=email&type=email`);
    const verify = await get(new URL(asked.headers.get("location")!).pathname + new URL(asked.headers.get("location")!).search, j);
    expect(verify.headers.get("location")).toMatch(/\/ops\/sign-in\?sent=1/);

    const mail = await latestMailTo(ids.operator);
    expect(mail?.subject).toBe("Sign in to the operator console");
    const link = mail!.text.match(/https?:\/\/\S+\/api\/auth\/callback\/email\?\S+/)?.[0];
    expect(link, mail!.text).toBeDefined();
    expect(mail!.html).toContain(link!.replace(/&/g, "&amp;"));
    const tokens = await db().opsVerificationToken.findMany({ where: { identifier: ids.operator } });
    expect(tokens).toHaveLength(1);
    // Only next-auth's hash of the token is stored, never the token in the link.
    const token = new URL(link!).searchParams.get("token")!;
    expect(tokens[0].token).toBe(hashOf(token));
    expect(tokens[0].expires.getTime() - Date.now()).toBeGreaterThan(14 * 60_000);
    expect(tokens[0].expires.getTime() - Date.now()).toBeLessThanOrEqual(15 * 60_000);

    const browser = jar();
    const used = await get(new URL(link!).pathname + new URL(link!).search, browser);
    expect(used.status).toBe(302);
    expect(used.headers.get("location")).toBe(`${BASE}/ops/review`);
    expect([...browser.keys()].some((k) => k.endsWith("authjs.session-token"))).toBe(true);
    expect(await db().opsVerificationToken.count({ where: { identifier: ids.operator } })).toBe(0);
    const user = await db().opsUser.findUniqueOrThrow({ where: { email: ids.operator } });
    expect(user.emailVerified).not.toBeNull();

    const session = await get("/api/auth/session", browser);
    expect(await session.json()).toMatchObject({ user: { email: ids.operator } });

    // The same link again: refused, and no session for whoever tries it.
    const again = jar();
    const reused = await get(new URL(link!).pathname + new URL(link!).search, again);
    expect(reused.headers.get("location")).toBe(`${BASE}/ops/sign-in?error=Verification`);
    expect([...again.keys()].some((k) => k.endsWith("authjs.session-token"))).toBe(false);
  });

  it("answers an address outside OPS_EMAILS exactly like an operator's, and sends it nothing", async () => {
    const j = jar();
    const asked = await askForLink(ids.outsider, j);
    expect(asked.status).toBe(302);
    expect(asked.headers.get("location")).toBe(`${BASE}/api/auth/verify-request?provider=email&type=email`);
    expect(await latestMailTo(ids.outsider, 500)).toBeNull();
    expect(await db().opsVerificationToken.count({ where: { identifier: ids.outsider } })).toBe(0);
    expect(await db().opsUser.count({ where: { email: ids.outsider } })).toBe(0);
  });

  it("refuses a link for an address that is not (or no longer) an operator", async () => {
    // As if the address had been taken out of OPS_EMAILS after its link was sent.
    const token = `t${ids.tag}removed`;
    await db().opsVerificationToken.create({ data: { token: hashOf(token), identifier: ids.outsider, expires: new Date(Date.now() + 600_000) } });
    const j = jar();
    const res = await get(`/api/auth/callback/email?${new URLSearchParams({ token, email: ids.outsider, callbackUrl: "/ops" })}`, j);
    expect(res.headers.get("location")).toBe(`${BASE}/ops/sign-in?error=AccessDenied`);
    expect([...j.keys()].some((k) => k.endsWith("authjs.session-token"))).toBe(false);
    expect(await db().opsUser.count({ where: { email: ids.outsider } })).toBe(0);
  });

  it("refuses an expired link, and burns it", async () => {
    const token = `t${ids.tag}expired`;
    await opsAdapter().createVerificationToken!({ identifier: ids.operator, token: hashOf(token), expires: new Date(Date.now() - 1_000) });
    const j = jar();
    const res = await get(`/api/auth/callback/email?${new URLSearchParams({ token, email: ids.operator, callbackUrl: "/ops" })}`, j);
    expect(res.headers.get("location")).toBe(`${BASE}/ops/sign-in?error=Verification`);
    expect([...j.keys()].some((k) => k.endsWith("authjs.session-token"))).toBe(false);
    expect(await db().opsVerificationToken.count({ where: { token: hashOf(token) } })).toBe(0);
  });

  it("points the link at PUBLIC_BASE_URL whatever Host the request carried", async () => {
    expect(pinnedLink("http://evil.example/api/auth/callback/email?token=a&email=b")).toBe(`${BASE}/api/auth/callback/email?token=a&email=b`);
    const second = `second.${ids.tag}@example.com`;
    const j = jar();
    await askForLink(second, j, { host: "evil.example", "x-forwarded-host": "evil.example" });
    const mail = await latestMailTo(second);
    expect(mail!.text).toContain(`${BASE}/api/auth/callback/email?`);
    expect(mail!.text).not.toContain("evil.example/api");
  });

  it("takes a token out once: of two uses at once, one gets it", async () => {
    const adapter = opsAdapter();
    const hashed = hashOf(`t${ids.tag}race`);
    await adapter.createVerificationToken!({ identifier: ids.operator, token: hashed, expires: new Date(Date.now() + 60_000) });
    const [a, b] = await Promise.all([adapter.useVerificationToken!({ identifier: ids.operator, token: hashed }), adapter.useVerificationToken!({ identifier: ids.operator, token: hashed })]);
    expect([a, b].filter(Boolean)).toHaveLength(1);
    // A token used with another address in it is refused (and burnt).
    const other = hashOf(`t${ids.tag}other`);
    await adapter.createVerificationToken!({ identifier: ids.operator, token: other, expires: new Date(Date.now() + 60_000) });
    expect(await adapter.useVerificationToken!({ identifier: ids.outsider, token: other })).toBeNull();
    expect(await adapter.useVerificationToken!({ identifier: ids.operator, token: other })).toBeNull();
  });

  it("mails one address at most five links in 15 minutes, however many are asked for at once", async () => {
    const flood = `flood.${ids.tag}@example.com`;
    const answers = await Promise.all(Array.from({ length: 10 }, () => askForLink(flood, jar())));
    // Every request gets the same answer; only five links go out.
    expect(answers.map((a) => a.headers.get("location"))).toEqual(Array(10).fill(`${BASE}/api/auth/verify-request?provider=email&type=email`));
    const mailed = async () => db().devMail.count({ where: { to: flood } });
    for (const until = Date.now() + 3_000; (await mailed()) < 5 && Date.now() < until; ) await new Promise((r) => setTimeout(r, 50));
    await new Promise((r) => setTimeout(r, 300));
    expect(await mailed()).toBe(5);
    // An outsider's address is counted in the same store (the same work before the answer, so
    // the answer takes as long), and still gets nothing.
    const outsider = `many.${ids.outsider}`;
    await Promise.all(Array.from({ length: 7 }, () => askForLink(outsider, jar())));
    const [counted] = await db().$queryRaw<{ points: number }[]>`SELECT points FROM rate_limits WHERE key = ${`ops_sign_in_link:${outsider}`}`;
    expect(counted?.points).toBe(7);
    expect(await latestMailTo(outsider, 300)).toBeNull();
  });
});
