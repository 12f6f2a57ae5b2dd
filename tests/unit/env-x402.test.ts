import { describe, expect, it } from "vitest";
import { restoreEnvAfterEach, setFreshEnv } from "@/tests/support/fresh-env";
import { DEFAULT_ASSETS } from "@x402/evm";
import { X402_NETWORKS } from "@/lib/x402-networks";

// The x402 settings are checked at start: a facilitator needs a payee, production only takes
// mainnet USDC over https, and a token other than USDC needs its EIP-712 domain.

restoreEnvAfterEach();

async function freshEnv(vars: Record<string, string | undefined>) {
  setFreshEnv(vars, [/^X402_/]);
  const { env } = await import("@/lib/env");
  return env;
}

const PAY_TO = "0x209693Bc6afc0C5328bA36FaF03C514EF312287C";
const production = {
  SERVICE_ENV: "production", SIGNING_SECRET: "s".repeat(40), PUBLIC_BASE_URL: "https://mail.example.com", OUTBOUND_ALLOW_LOOPBACK: "0",
  THROTTLES_DISABLED: "0", SENDING_CAPS_DISABLED: "0", SMTP_URL: "smtp://mail.example.com:587", STRIPE_SECRET_KEY: "sk_live_abc123", STRIPE_WEBHOOK_SECRET: "whsec_abc",
  ADDRESS_VERIFIER: "lob", LOB_API_KEY: "live_abc",
};

describe("x402 configuration", () => {
  it("takes no x402 payments by default, on Base Sepolia with a 300 s window once configured", async () => {
    const env = await freshEnv({});
    expect(env().X402_FACILITATOR_URL).toBeUndefined();
    expect(env()).toMatchObject({ X402_NETWORK: "eip155:84532", X402_TIMEOUT_SECONDS: 300 });
  });

  it("needs a payee with a facilitator", async () => {
    expect(await freshEnv({ X402_FACILITATOR_URL: "http://127.0.0.1:4021" })).toThrow(/X402_FACILITATOR_URL needs X402_PAY_TO/);
    const env = await freshEnv({ X402_FACILITATOR_URL: "http://127.0.0.1:4021", X402_PAY_TO: PAY_TO });
    expect(env().X402_PAY_TO).toBe(PAY_TO);
  });

  it("refuses networks other than Base and Base Sepolia, and malformed addresses", async () => {
    expect(await freshEnv({ X402_NETWORK: "eip155:1" })).toThrow(/X402_NETWORK must be eip155:84532 \(Base Sepolia\) or eip155:8453 \(Base\)/);
    expect(await freshEnv({ X402_PAY_TO: "0x1234" })).toThrow(/X402_PAY_TO must be a 0x address/);
  });

  it("needs the EIP-712 domain of a token other than USDC", async () => {
    const other = { X402_FACILITATOR_URL: "http://127.0.0.1:4021", X402_PAY_TO: PAY_TO, X402_ASSET: "0x1111111111111111111111111111111111111111" };
    expect(await freshEnv(other)).toThrow(/needs X402_ASSET_NAME and X402_ASSET_VERSION/);
    expect((await freshEnv({ ...other, X402_ASSET_NAME: "Token", X402_ASSET_VERSION: "1" }))().X402_ASSET_NAME).toBe("Token");
    // USDC itself, in any letter case, needs nothing more.
    expect((await freshEnv({ ...other, X402_ASSET: X402_NETWORKS["eip155:84532"].usdc.toLowerCase() }))().X402_ASSET).toBeDefined();
  });

  it("takes only mainnet USDC over https in production", async () => {
    const base = { ...production, X402_FACILITATOR_URL: "https://facilitator.example.com", X402_PAY_TO: PAY_TO };
    expect(await freshEnv(base)).toThrow(/production takes x402 payments only on Base/);
    expect(await freshEnv({ ...base, X402_NETWORK: "eip155:8453", X402_FACILITATOR_URL: "http://facilitator.example.com" })).toThrow(/must be https:\/\/ in production/);
    expect((await freshEnv({ ...base, X402_NETWORK: "eip155:8453" }))().X402_NETWORK).toBe("eip155:8453");
    // Without a facilitator, production simply takes no x402 payments.
    expect((await freshEnv(production))().X402_FACILITATOR_URL).toBeUndefined();
  });

  it("knows the same USDC contracts and EIP-712 domains as @x402/evm", () => {
    for (const [network, known] of Object.entries(X402_NETWORKS)) {
      const usdc = DEFAULT_ASSETS[network]?.[0];
      expect(usdc, network).toMatchObject({ asset: known.usdc, name: known.eip712.name, version: known.eip712.version, decimals: 6 });
    }
  });
});
