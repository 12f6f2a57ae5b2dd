import { env } from "@/lib/env";

/**
 * The MCP transport's DNS-rebinding guard: a request that carries an Origin (a browser page)
 * is served only from this service's own origin or one listed in MCP_ALLOWED_ORIGINS. Agents
 * calling from servers send no Origin and are served.
 */
export function originAllowed(origin: string | null): boolean {
  if (origin === null) return true;
  const allowed = new Set([new URL(env().PUBLIC_BASE_URL).origin, ...env().MCP_ALLOWED_ORIGINS.split(",").map((o) => o.trim()).filter(Boolean)]);
  return allowed.has(origin);
}
