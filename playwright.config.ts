import { defineConfig } from "@playwright/test";
import { e2ePorts } from "./tests/e2e/support/e2e-ports";
import { FAKE_PUBLISHABLE_KEY, FAKE_STRIPE_KEY, FAKE_WEBHOOK_SECRET } from "./tests/support/fake-stripe";

// The browser tier: Debian's Chromium (never a downloaded browser) against the real service,
// started by scripts/start.ts on a fresh embedded database, after `next build`. The Stripe
// spec gets a second service configured for Stripe's embedded checkout, talking to the fake
// Stripe (tests/support/run-fake-stripe.ts), since this machine cannot reach Stripe.
const { app: port, stripeApp: stripePort, fakeStripe: fakeStripePort } = e2ePorts();
const baseURL = `http://127.0.0.1:${port}`;
const stripeBaseURL = `http://127.0.0.1:${stripePort}`;
const STRIPE_SPEC = "stripe-embedded.spec.ts";

/** The service on a fresh database, as scripts/start.ts starts it, with `env` on top. */
const service = (servicePort: number, env: Record<string, string> = {}) => {
  const url = `http://127.0.0.1:${servicePort}`;
  return {
    command: `rm -rf .data/e2e-${servicePort} && node --import tsx scripts/start.ts`,
    url: `${url}/v1/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "ignore" as const,
    stderr: "pipe" as const,
    env: {
      DATA_DIR: `.data/e2e-${servicePort}`,
      EMBEDDED_PG_PORT: String(servicePort + 10_000),
      PORT: String(servicePort),
      PUBLIC_BASE_URL: url,
      SANDBOX_STEP_SECONDS: "1",
      LOG_LEVEL: "warn",
      DATABASE_URL: "",
      OPS_EMAILS: "ops@example.com",
      ...env,
    },
  };
};

export default defineConfig({
  testDir: "tests/e2e",
  timeout: 60_000,
  retries: 0,
  workers: 1,
  reporter: [["list"]],
  // A run on its own port (parallel runs on one checkout) keeps its own results.
  outputDir: process.env.E2E_PORT ? `test-results/port-${port}` : "test-results",
  use: {
    screenshot: "only-on-failure",
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    },
  },
  projects: [
    { name: "default", testIgnore: STRIPE_SPEC, use: { baseURL } },
    { name: "stripe", testMatch: STRIPE_SPEC, use: { baseURL: stripeBaseURL } },
  ],
  webServer: [
    service(port),
    service(stripePort, {
      STRIPE_SECRET_KEY: FAKE_STRIPE_KEY,
      STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
      STRIPE_PUBLISHABLE_KEY: FAKE_PUBLISHABLE_KEY,
      STRIPE_API_BASE: `http://127.0.0.1:${fakeStripePort}`,
    }),
    {
      command: "node --import tsx tests/support/run-fake-stripe.ts",
      url: `http://127.0.0.1:${fakeStripePort}/_test/health`,
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
      env: { FAKE_STRIPE_PORT: String(fakeStripePort), STRIPE_WEBHOOK_URL: `${stripeBaseURL}/webhooks/stripe` },
    },
  ],
});
