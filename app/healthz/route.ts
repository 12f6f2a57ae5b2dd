// Liveness: the process answers, and nothing else is asked. No database: an orchestrator that
// restarts what fails this would otherwise restart every web server during a database outage,
// which they ride out by themselves. Whether an instance can do its work is /readyz.
export const dynamic = "force-dynamic";

export function GET() {
  return Response.json({ status: "ok" }, { headers: { "cache-control": "no-store" } });
}
