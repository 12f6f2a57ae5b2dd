import { describe, expect, it } from "vitest";
import { restoreEnvAfterEach, setFreshEnv } from "@/tests/support/fresh-env";

// The payment settings are checked at start: Stripe needs its webhook secret (payments are only
// confirmed by signed events), and production never runs on the local rail, which takes no money.

restoreEnvAfterEach();

async function freshEnv(vars: Record<string, string | undefined>) {
  setFreshEnv({ STRIPE_SECRET_KEY: undefined, STRIPE_WEBHOOK_SECRET: undefined, ...vars });
  const { env } = await import("@/lib/env");
  return env;
}

const production = { SERVICE_ENV: "production", SIGNING_SECRET: "s".repeat(40), PUBLIC_BASE_URL: "https://mail.example.com", OUTBOUND_ALLOW_LOOPBACK: "0", THROTTLES_DISABLED: "0", SMTP_URL: "smtp://mail.example.com:587", ADDRESS_VERIFIER: "usps", USPS_CLIENT_ID: "id", USPS_CLIENT_SECRET: "secret" };

describe("payment configuration", () => {
  it("runs development on the local rail when no Stripe key is set", async () => {
    const env = await freshEnv({});
    expect(env().STRIPE_SECRET_KEY).toBeUndefined();
  });

  it("refuses a Stripe key without its webhook signing secret", async () => {
    const env = await freshEnv({ STRIPE_SECRET_KEY: "sk_test_abc123" });
    expect(() => env()).toThrow(/STRIPE_SECRET_KEY needs STRIPE_WEBHOOK_SECRET/);
  });

  it("refuses values that are not Stripe keys", async () => {
    const env = await freshEnv({ STRIPE_SECRET_KEY: "pk_test_abc123", STRIPE_WEBHOOK_SECRET: "whsec_x" });
    expect(() => env()).toThrow(/STRIPE_SECRET_KEY must be a Stripe secret or restricted key/);
    const env2 = await freshEnv({ STRIPE_SECRET_KEY: "sk_test_abc123", STRIPE_WEBHOOK_SECRET: "secret" });
    expect(() => env2()).toThrow(/STRIPE_WEBHOOK_SECRET must be the endpoint's signing secret/);
  });

  it("refuses production without Stripe, and accepts it with both keys", async () => {
    const without = await freshEnv(production);
    expect(() => without()).toThrow(/production needs STRIPE_SECRET_KEY/);
    const withStripe = await freshEnv({ ...production, STRIPE_SECRET_KEY: "sk_live_abc123", STRIPE_WEBHOOK_SECRET: "whsec_abc" });
    expect(withStripe().STRIPE_SECRET_KEY).toBe("sk_live_abc123");
  });
});

describe("fulfillment and benchmark settings", () => {
  const stripe = { STRIPE_SECRET_KEY: "sk_live_abc123", STRIPE_WEBHOOK_SECRET: "whsec_abc" };

  it("refuses FULFILLMENT=lob without LOB_API_KEY, and takes it with one", async () => {
    const without = await freshEnv({ FULFILLMENT: "lob", LOB_API_KEY: undefined });
    expect(() => without()).toThrow(/FULFILLMENT=lob needs LOB_API_KEY/);
    const withKey = await freshEnv({ FULFILLMENT: "lob", LOB_API_KEY: "test_abc" });
    expect(withKey().FULFILLMENT).toBe("lob");
  });

  it("refuses SENDING_CAPS_DISABLED in production, where nothing may lift the caps", async () => {
    const capsOff = await freshEnv({ ...production, ...stripe, SENDING_CAPS_DISABLED: "1" });
    expect(() => capsOff()).toThrow(/SENDING_CAPS_DISABLED is a benchmark-only setting/);
    const capsOn = await freshEnv({ ...production, ...stripe, SENDING_CAPS_DISABLED: "0" });
    expect(capsOn().SENDING_CAPS_DISABLED).toBe(false);
  });
});

describe("e-mail settings", () => {
  const stripe = { STRIPE_SECRET_KEY: "sk_live_abc123", STRIPE_WEBHOOK_SECRET: "whsec_abc" };

  it("refuses production with the embedded address table, which cannot see streets (spec §1: addresses are verified against the carrier's data)", async () => {
    const embedded = await freshEnv({ ...production, ...stripe, ADDRESS_VERIFIER: "embedded" });
    expect(() => embedded()).toThrow(/production needs a real address verifier \(ADDRESS_VERIFIER=usps or lob\)/);
    const unset = await freshEnv({ ...production, ...stripe, ADDRESS_VERIFIER: undefined });
    expect(() => unset()).toThrow(/production needs a real address verifier/);
    const lob = await freshEnv({ ...production, ...stripe, ADDRESS_VERIFIER: "lob", LOB_API_KEY: "live_abc" });
    expect(lob().ADDRESS_VERIFIER).toBe("lob");
    // Development keeps the embedded table as its default.
    expect((await freshEnv({ ADDRESS_VERIFIER: undefined }))().ADDRESS_VERIFIER).toBe("embedded");
  });

  it("refuses production without SMTP_URL: the development mailbox reaches nobody", async () => {
    const without = await freshEnv({ ...production, ...stripe, SMTP_URL: undefined });
    expect(() => without()).toThrow(/production needs SMTP_URL/);
    const withSmtp = await freshEnv({ ...production, ...stripe });
    expect(withSmtp().SMTP_URL).toBe("smtp://mail.example.com:587");
  });

  it("takes only smtp:// and smtps:// URLs, and defaults to the mailbox in development", async () => {
    const http = await freshEnv({ SMTP_URL: "http://mail.example.com" });
    expect(() => http()).toThrow(/SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/);
    const dev = await freshEnv({ SMTP_URL: undefined });
    expect(dev().SMTP_URL).toBeUndefined();
  });
});
