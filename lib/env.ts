import { z } from "zod";
import { X402_NETWORKS, X402_NETWORK_IDS } from "@/lib/x402-networks";

// Every setting the service reads, validated once. `.env.example` and the README list them.
const flag = z
  .enum(["0", "1", "true", "false", ""])
  .optional()
  .transform((v) => v === "1" || v === "true");

const EnvSchema = z.object({
  SERVICE_ENV: z.enum(["development", "test", "production"]).default("development"),
  DATABASE_URL: z.string().min(1, "DATABASE_URL is required (scripts/start.ts sets it for the embedded PostgreSQL)"),
  PUBLIC_BASE_URL: z.url().optional(),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  SIGNING_SECRET: z.string().min(32, "SIGNING_SECRET must be at least 32 characters").optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  THROTTLES_DISABLED: flag,
  // The benchmark sends thousands of live letters from one address; nothing else may lift the caps.
  SENDING_CAPS_DISABLED: flag,
  SANDBOX_STEP_SECONDS: z.coerce.number().min(0.05).max(86400).default(60),
  // Outbound fetches (pdf_url, webhook_url) may reach 127.0.0.0/8 and ::1. Development and tests only.
  // (Outside production webhook_url may reach them without it: see isDevelopment.)
  OUTBOUND_ALLOW_LOOPBACK: flag,
  // S3-compatible object storage for uploads and proofs. Unset: the built-in store in PostgreSQL.
  S3_BUCKET: z.string().min(3).optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_ENDPOINT: z.url().optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: flag,
  // Address verification: embedded (offline ZIP data, the default), usps (Addresses API v3) or lob.
  ADDRESS_VERIFIER: z.enum(["embedded", "usps", "lob"]).default("embedded"),
  USPS_CLIENT_ID: z.string().min(1).optional(),
  USPS_CLIENT_SECRET: z.string().min(1).optional(),
  USPS_API_BASE: z.url().default("https://apis.usps.com"),
  LOB_API_KEY: z.string().min(1).optional(),
  LOB_API_BASE: z.url().default("https://api.lob.com"),
  // Payment links: Stripe Checkout when STRIPE_SECRET_KEY is set; otherwise the local rail
  // (the service's own test checkout page, no money moves), which production refuses.
  STRIPE_SECRET_KEY: z.string().regex(/^(sk|rk)_(test|live)_\w+$/, "STRIPE_SECRET_KEY must be a Stripe secret or restricted key (sk_... or rk_...)").optional(),
  STRIPE_WEBHOOK_SECRET: z.string().startsWith("whsec_", "STRIPE_WEBHOOK_SECRET must be the endpoint's signing secret (whsec_...)").optional(),
  // Stripe's publishable key: with it the pages mount Stripe's embedded checkout; without it
  // card payments go through Stripe's hosted page.
  STRIPE_PUBLISHABLE_KEY: z.string().regex(/^pk_(test|live)_\w+$/, "STRIPE_PUBLISHABLE_KEY must be a Stripe publishable key (pk_...)").optional(),
  STRIPE_API_BASE: z.url().default("https://api.stripe.com"),
  // Print and mail: the sandbox carrier (simulated; the default) or Lob's print-and-mail API
  // (needs LOB_API_KEY; a test_ key makes Lob simulate too). Production never sends a live
  // order to the sandbox carrier: without Lob, live orders are refused before any charge.
  FULFILLMENT: z.enum(["sandbox", "lob"]).default("sandbox"),
  // How long one call to Lob may take before its outcome counts as unknown.
  LOB_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(120).default(30),
  // Web origins (besides PUBLIC_BASE_URL's) whose pages may call /v1/mcp, comma-separated.
  // Requests without an Origin header (server-side agents) are always served.
  MCP_ALLOWED_ORIGINS: z.string().default(""),
  // E-mail: an SMTP server as a URL (smtp://user:pass@host:587, smtps://... for implicit TLS).
  // Unset: mail goes to the development mailbox at /dev/mailbox, which production refuses.
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: "SMTP_URL must be an smtp:// or smtps:// URL" }).optional(),
  MAIL_FROM: z.string().min(3).default("Physical Mail <letters@localhost>"),
  // How long a job may run before pg-boss counts its worker dead and runs it again. Unset: per queue.
  JOB_EXPIRE_SECONDS: z.coerce.number().int().min(1).max(86400).optional(),
  PDF_READ_TIMEOUT_MS: z.coerce.number().int().min(1).max(600_000).default(20_000),
  // x402 agent payments (POST /v1/x402/credits): the facilitator that verifies and settles them.
  // Unset: the route answers 503 x402_unavailable, except for sandbox: true.
  X402_FACILITATOR_URL: z.url().optional(),
  // CAIP-2 id of the chain payments settle on: Base Sepolia (testnet, the default) or Base.
  X402_NETWORK: z.enum(X402_NETWORK_IDS, { error: "X402_NETWORK must be eip155:84532 (Base Sepolia) or eip155:8453 (Base)" }).default("eip155:84532"),
  // Who receives the USDC. Required with a facilitator.
  X402_PAY_TO: z.string().regex(/^0x[0-9a-fA-F]{40}$/, "X402_PAY_TO must be a 0x address (40 hex digits)").optional(),
  // The token contract. Unset: Circle's USDC on X402_NETWORK. Any other token needs the name and
  // version of its EIP-712 domain (what its transferWithAuthorization signatures are bound to).
  X402_ASSET: z.string().regex(/^0x[0-9a-fA-F]{40}$/, "X402_ASSET must be a 0x address (40 hex digits)").optional(),
  X402_ASSET_NAME: z.string().min(1).optional(),
  X402_ASSET_VERSION: z.string().min(1).optional(),
  // How long a signed payment stays valid (its authorization's validBefore), in seconds.
  X402_TIMEOUT_SECONDS: z.coerce.number().int().min(30).max(3600).default(300),
  // The operator console (/ops): the e-mail addresses that may sign in, comma-separated, any case.
  // Empty: nobody can sign in. Checked on every console request, so an address removed (and the
  // service restarted) loses its open sessions at once.
  OPS_EMAILS: z
    .string()
    .default("")
    .transform((s) => s.split(",").map((e) => e.trim().toLowerCase()).filter(Boolean))
    .pipe(z.array(z.email({ error: "OPS_EMAILS must be e-mail addresses separated by commas, e.g. alice@example.com,bob@example.com" }))),
  // Signs and encrypts operator sessions and sign-in links (next-auth). Unset: derived from
  // SIGNING_SECRET (an HMAC with a fixed label), so one secret is enough to run the service.
  AUTH_SECRET: z.string().min(32, "AUTH_SECRET must be at least 32 characters").optional(),
  // Screening: an optional hosted second opinion on the letters screening holds, asked by the
  // worker (never on a request). off (the default), anthropic (the Messages API) or openai (any
  // OpenAI-compatible Chat Completions endpoint). When on, the text of every held letter is sent
  // to that provider: it leaves the deployment.
  SCREENING_SECOND_OPINION: z.enum(["off", "anthropic", "openai"]).default("off"),
  SCREENING_SECOND_OPINION_API_KEY: z.string().min(1).optional(),
  // Unset: claude-haiku-4-5 (anthropic) or gpt-4.1-mini (openai).
  SCREENING_SECOND_OPINION_MODEL: z.string().min(1).max(200).optional(),
  // Unset: the provider's own API. A self-hosted OpenAI-compatible server goes here.
  SCREENING_SECOND_OPINION_BASE_URL: z.url().optional(),
  // Past this the letter stays held for a person.
  SCREENING_SECOND_OPINION_TIMEOUT_SECONDS: z.coerce.number().min(1).max(120).default(20),
  // /metrics (Prometheus text) answers only `Authorization: Bearer <this>`. Unset: /metrics is
  // off and answers 404 saying so (the series name what the service does and how much of it).
  METRICS_TOKEN: z
    .string()
    .min(16, "METRICS_TOKEN must be at least 16 characters (e.g. openssl rand -hex 32)")
    .regex(/^[\x21-\x7e]+$/, "METRICS_TOKEN must be visible ASCII without spaces (it travels in an Authorization header)")
    .optional(),
});

export type Env = z.infer<typeof EnvSchema> & { PUBLIC_BASE_URL: string; SIGNING_SECRET: string };

// Only for development and tests: production refuses to start without its own secret.
const DEVELOPMENT_SIGNING_SECRET = "development-only-signing-secret-never-use-in-production";

let cached: Env | undefined;

export function env(): Env {
  if (cached) return cached;
  const parsed = EnvSchema.safeParse(process.env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  if (e.SERVICE_ENV === "production") {
    if (!e.SIGNING_SECRET) throw new Error("Invalid configuration: SIGNING_SECRET is required in production");
    if (e.THROTTLES_DISABLED) throw new Error("Invalid configuration: THROTTLES_DISABLED is a benchmark-only setting and is refused in production");
    if (e.SENDING_CAPS_DISABLED) throw new Error("Invalid configuration: SENDING_CAPS_DISABLED is a benchmark-only setting and is refused in production");
    if (!e.PUBLIC_BASE_URL) throw new Error("Invalid configuration: PUBLIC_BASE_URL is required in production");
    if (!e.STRIPE_SECRET_KEY) throw new Error("Invalid configuration: production needs STRIPE_SECRET_KEY; the local payment rail takes no money and is for development only");
    if (!e.SMTP_URL) throw new Error("Invalid configuration: production needs SMTP_URL; the development mailbox sends nothing to anyone");
    if (e.OUTBOUND_ALLOW_LOOPBACK) throw new Error("Invalid configuration: OUTBOUND_ALLOW_LOOPBACK is for development and tests and is refused in production");
    // Spec §1: both addresses are verified against the carrier's address data. The embedded ZIP
    // table knows cities, not streets, so it may verify only development and sandbox letters.
    if (e.ADDRESS_VERIFIER === "embedded") throw new Error("Invalid configuration: production needs a real address verifier (ADDRESS_VERIFIER=usps or lob); the embedded ZIP table cannot see streets");
  }
  if (e.ADDRESS_VERIFIER === "usps" && !(e.USPS_CLIENT_ID && e.USPS_CLIENT_SECRET)) {
    throw new Error("Invalid configuration: ADDRESS_VERIFIER=usps needs USPS_CLIENT_ID and USPS_CLIENT_SECRET");
  }
  if (e.FULFILLMENT === "lob" && !e.LOB_API_KEY) throw new Error("Invalid configuration: FULFILLMENT=lob needs LOB_API_KEY");
  if (e.ADDRESS_VERIFIER === "lob" && !e.LOB_API_KEY) throw new Error("Invalid configuration: ADDRESS_VERIFIER=lob needs LOB_API_KEY");
  if (e.STRIPE_SECRET_KEY && !e.STRIPE_WEBHOOK_SECRET) {
    throw new Error("Invalid configuration: STRIPE_SECRET_KEY needs STRIPE_WEBHOOK_SECRET (payments are only confirmed by signed webhooks)");
  }
  if (e.X402_FACILITATOR_URL) {
    if (!e.X402_PAY_TO) throw new Error("Invalid configuration: X402_FACILITATOR_URL needs X402_PAY_TO (the address that receives the payments)");
    const usdc = X402_NETWORKS[e.X402_NETWORK].usdc;
    if (e.X402_ASSET && e.X402_ASSET.toLowerCase() !== usdc.toLowerCase() && !(e.X402_ASSET_NAME && e.X402_ASSET_VERSION)) {
      throw new Error(`Invalid configuration: X402_ASSET other than USDC (${usdc}) needs X402_ASSET_NAME and X402_ASSET_VERSION (its EIP-712 domain)`);
    }
    if (e.SERVICE_ENV === "production") {
      // Testnet USDC is free from faucets: it must never buy credit that mails real letters.
      if (e.X402_NETWORK !== "eip155:8453") throw new Error("Invalid configuration: production takes x402 payments only on Base (X402_NETWORK=eip155:8453); testnet USDC has no value");
      if (!e.X402_FACILITATOR_URL.startsWith("https://")) throw new Error("Invalid configuration: X402_FACILITATOR_URL must be https:// in production (its answers mint credit)");
    }
  }
  if (e.SCREENING_SECOND_OPINION !== "off") {
    if (!e.SCREENING_SECOND_OPINION_API_KEY) throw new Error(`Invalid configuration: SCREENING_SECOND_OPINION=${e.SCREENING_SECOND_OPINION} needs SCREENING_SECOND_OPINION_API_KEY`);
    if (e.SERVICE_ENV === "production" && e.SCREENING_SECOND_OPINION_BASE_URL && !e.SCREENING_SECOND_OPINION_BASE_URL.startsWith("https://")) {
      throw new Error("Invalid configuration: SCREENING_SECOND_OPINION_BASE_URL must be https:// in production (letters are sent to it)");
    }
  }
  if (e.S3_BUCKET && !(e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY)) {
    throw new Error("Invalid configuration: S3_BUCKET needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY");
  }
  cached = {
    ...e,
    PUBLIC_BASE_URL: (e.PUBLIC_BASE_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ""),
    SIGNING_SECRET: e.SIGNING_SECRET ?? DEVELOPMENT_SIGNING_SECRET,
  };
  return cached;
}

/**
 * A developer's deployment: everything but SERVICE_ENV=production (development, the default, and
 * test). It opens the development aids: the mailbox (/dev/mailbox, while no SMTP_URL is set), the
 * webhook inbox (/dev/webhooks) and webhooks to this machine (a loopback webhook_url).
 */
export function isDevelopment(): boolean {
  return env().SERVICE_ENV !== "production";
}
