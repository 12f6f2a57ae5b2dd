import { afterEach, vi } from "vitest";

// Configuration tests: each case reads lib/env.ts afresh from the variables it sets, and the
// process environment is put back after every test.

const saved = { ...process.env };

export function restoreEnvAfterEach(): void {
  afterEach(() => {
    process.env = { ...saved };
    vi.resetModules();
  });
}

/**
 * A development environment with `vars` (undefined deletes one). Variables named in `clear` are
 * removed unless `vars` sets them, so that the machine's own settings cannot leak into a case.
 * Modules are reset: the next import of "@/lib/env" (or anything reading it) starts clean.
 */
export function setFreshEnv(vars: Record<string, string | undefined>, clear: (string | RegExp)[] = []): void {
  vi.resetModules();
  process.env = { ...saved, DATABASE_URL: "postgresql://x@127.0.0.1/x", SERVICE_ENV: "development", ...vars };
  for (const k of Object.keys(process.env)) {
    if (!(k in vars) && clear.some((c) => (typeof c === "string" ? c === k : c.test(k)))) delete process.env[k];
  }
  for (const [k, v] of Object.entries(process.env)) if (v === undefined) delete process.env[k];
}
