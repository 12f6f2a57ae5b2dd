import { defineConfig } from "vitest/config";
import path from "node:path";

const alias = { "@": import.meta.dirname };

// Two tiers: `unit` (pure code, no database) and `api` (route handlers called in-process
// against a real PostgreSQL that tests/support/global-setup.ts starts on a fresh folder).
export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      // Adapters log the outside services' failures that their tests provoke: keep the output readable.
      { resolve: { alias }, test: { name: "unit", include: ["tests/unit/**/*.test.ts"], environment: "node", env: { LOG_LEVEL: "silent" } } },
      {
        resolve: { alias },
        test: {
          name: "api",
          include: ["tests/api/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/support/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
