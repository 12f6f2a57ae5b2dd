import { metricsAccess } from "@/lib/monitoring/metrics-access";
import { renderMetrics } from "@/lib/monitoring/render-metrics";

// Prometheus's scrape target (lib/monitoring/render-metrics.ts), for whoever sends
// `Authorization: Bearer <METRICS_TOKEN>`. Without METRICS_TOKEN it is off: 404, saying how to
// turn it on. A missing or wrong token is 401. Answers are plain text, as the scrape is.
export const dynamic = "force-dynamic";

const text = (status: number, body: string, headers: Record<string, string> = {}) =>
  new Response(body, { status, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store", ...headers } });

export async function GET(request: Request) {
  const access = metricsAccess(request.headers.get("authorization"));
  if (access === "off") return text(404, "Metrics are off on this deployment: set METRICS_TOKEN, then scrape /metrics with Authorization: Bearer <METRICS_TOKEN>.\n");
  if (access === "refused") return text(401, "/metrics needs Authorization: Bearer <METRICS_TOKEN>; the token sent is missing or wrong.\n", { "www-authenticate": 'Bearer realm="metrics"' });
  const { contentType, body } = await renderMetrics();
  return new Response(body, { headers: { "content-type": contentType, "cache-control": "no-store" } });
}
