import { describe, expect, it } from "vitest";
import { restoreEnvAfterEach, setFreshEnv } from "@/tests/support/fresh-env";

// The operator console's settings: who may sign in (OPS_EMAILS), the next-auth secret, and how
// next-auth is told which URLs and cookies to trust.

restoreEnvAfterEach();

async function fresh(vars: Record<string, string | undefined>) {
  setFreshEnv({ SIGNING_SECRET: "s".repeat(40), ...vars }, ["OPS_EMAILS", "AUTH_SECRET", "PUBLIC_BASE_URL"]);
  return {
    env: (await import("@/lib/env")).env,
    operators: await import("@/lib/ops/operators"),
    config: (await import("@/lib/ops/auth-config")).opsAuthConfig,
  };
}

describe("OPS_EMAILS", () => {
  it("is empty by default: nobody is an operator", async () => {
    const { env, operators } = await fresh({});
    expect(env().OPS_EMAILS).toEqual([]);
    expect(operators.isOperator("ops@example.com")).toBe(false);
  });

  it("is a comma-separated list in any case, with blanks ignored", async () => {
    const { env, operators } = await fresh({ OPS_EMAILS: " Alice@Example.com,, bob@example.com ," });
    expect(env().OPS_EMAILS).toEqual(["alice@example.com", "bob@example.com"]);
    expect(operators.isOperator("ALICE@example.COM")).toBe(true);
    expect(operators.isOperator("carol@example.com")).toBe(false);
  });

  it("refuses to start on something that is not an address, and says how to write it", async () => {
    const { env } = await fresh({ OPS_EMAILS: "alice@example.com;bob@example.com" });
    expect(() => env()).toThrow(/OPS_EMAILS must be e-mail addresses separated by commas/);
  });
});

describe("the next-auth secret and trust", () => {
  it("derives the secret from SIGNING_SECRET unless AUTH_SECRET is set", async () => {
    const derived = (await fresh({})).operators.opsAuthSecret();
    expect(derived).toMatch(/^[0-9a-f]{64}$/);
    expect(derived).not.toBe("s".repeat(40));
    expect((await fresh({ SIGNING_SECRET: "t".repeat(40) })).operators.opsAuthSecret()).not.toBe(derived);
    expect((await fresh({ AUTH_SECRET: "a".repeat(32) })).operators.opsAuthSecret()).toBe("a".repeat(32));
    await expect(fresh({ AUTH_SECRET: "short" }).then(({ env }) => env())).rejects.toThrow(/AUTH_SECRET must be at least 32 characters/);
  });

  it("sets secure cookies over https and plain ones on a laptop", async () => {
    const pinned = (await fresh({ SERVICE_ENV: "production", PUBLIC_BASE_URL: "https://mail.example.com", SMTP_URL: "smtp://m.example.com", STRIPE_SECRET_KEY: "sk_live_abc", STRIPE_WEBHOOK_SECRET: "whsec_abc", ADDRESS_VERIFIER: "lob", LOB_API_KEY: "live_abc" })).config();
    expect(pinned).toMatchObject({ useSecureCookies: true, session: { strategy: "jwt" }, basePath: "/api/auth" });
    const laptop = (await fresh({})).config();
    expect(laptop).toMatchObject({ useSecureCookies: false });
  });

  it("redirects only inside the console of this service", async () => {
    const redirect = (await fresh({ PUBLIC_BASE_URL: "https://mail.example.com" })).config().callbacks!.redirect!;
    const base = "https://mail.example.com";
    expect(await redirect({ url: "/ops/review", baseUrl: base })).toBe(`${base}/ops/review`);
    expect(await redirect({ url: `${base}/ops/keys?x=1`, baseUrl: base })).toBe(`${base}/ops/keys?x=1`);
    expect(await redirect({ url: "https://evil.example/ops", baseUrl: base })).toBe(`${base}/ops`);
    expect(await redirect({ url: "//evil.example/ops", baseUrl: base })).toBe(`${base}/ops`);
    expect(await redirect({ url: "/t/abc", baseUrl: base })).toBe(`${base}/ops`);
  });
});
