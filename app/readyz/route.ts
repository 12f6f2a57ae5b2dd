import { readiness } from "@/lib/monitoring/readiness";

// Readiness: 200 when the database answers, its migrations are applied and the queues answer;
// 503 naming the part that failed otherwise (lib/monitoring/readiness.ts), within a few seconds
// even when the database hangs. For a load balancer: take an instance out while this fails.
export const dynamic = "force-dynamic";

export async function GET() {
  const { ready, checks } = await readiness();
  return Response.json(
    { status: ready ? "ok" : "unavailable", checks },
    { status: ready ? 200 : 503, headers: { "cache-control": "no-store", ...(ready ? {} : { "retry-after": "5" }) } },
  );
}
