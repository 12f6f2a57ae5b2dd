import { defineRoute } from "@/lib/http/define-route";
import { healthOperation } from "@/lib/openapi/operations-more";
import { serveMethods } from "@/lib/http/fallback-routes";

// Liveness, and the benchmark's ceiling: the route wrapper and nothing else.

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveMethods({
  GET: defineRoute(healthOperation, async () => ({ body: { status: "ok" } })),
});
