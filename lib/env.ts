import { z } from "zod";

// Every setting the service reads, validated once. `.env.example` and the README list them.
const flag = z
  .enum(["0", "1", "true", "false", ""])
  .optional()
  .transform((v) => v === "1" || v === "true");

const EnvSchema = z.object({
  SERVICE_ENV: z.enum(["development", "test", "production"]).default("development"),
  DATABASE_URL: z.string().min(1, "DATABASE_URL is required (scripts/serve.ts sets it for the embedded PostgreSQL)"),
  PUBLIC_BASE_URL: z.url().optional(),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  SIGNING_SECRET: z.string().min(32, "SIGNING_SECRET must be at least 32 characters").optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  THROTTLES_DISABLED: flag,
  SANDBOX_STEP_SECONDS: z.coerce.number().min(0.05).max(86400).default(60),
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
    if (!e.PUBLIC_BASE_URL) throw new Error("Invalid configuration: PUBLIC_BASE_URL is required in production");
  }
  cached = {
    ...e,
    PUBLIC_BASE_URL: (e.PUBLIC_BASE_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ""),
    SIGNING_SECRET: e.SIGNING_SECRET ?? DEVELOPMENT_SIGNING_SECRET,
  };
  return cached;
}
