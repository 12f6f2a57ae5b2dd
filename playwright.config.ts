import { defineConfig } from "@playwright/test";

// The browser tier: Debian's Chromium (never a downloaded browser) against the real service,
// started by scripts/serve.ts on a fresh embedded database, after `next build`.
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: "tests/e2e",
  timeout: 60_000,
  retries: 0,
  workers: 1,
  reporter: [["list"]],
  // A run on its own port (parallel runs on one checkout) keeps its own results.
  outputDir: process.env.E2E_PORT ? `test-results/port-${port}` : "test-results",
  use: {
    baseURL,
    screenshot: "only-on-failure",
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    },
  },
  webServer: {
    command: `rm -rf .data/e2e-${port} && node --import tsx scripts/serve.ts`,
    url: `${baseURL}/v1/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      DATA_DIR: `.data/e2e-${port}`,
      EMBEDDED_PG_PORT: String(port + 10_000),
      PORT: String(port),
      PUBLIC_BASE_URL: baseURL,
      SANDBOX_STEP_SECONDS: "1",
      LOG_LEVEL: "warn",
      DATABASE_URL: "",
      OPS_EMAILS: "ops@example.com",
    },
  },
});
