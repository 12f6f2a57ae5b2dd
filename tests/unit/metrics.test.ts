import { describe, expect, it } from "vitest";
import { answersOwnOutages } from "@/lib/http/page-outage";
import { orderTransitions, processRegistry, restorePendingCounts, screeningDecisions, takePendingCounts, observeHttpRequest } from "@/lib/metrics/metrics";
import { restoreEnvAfterEach, setFreshEnv } from "@/tests/support/fresh-env";

// Issue 21, item 4: the metrics module's counting (what a process reports to the shared totals)
// and who may read /metrics (METRICS_TOKEN). The series themselves are read in
// tests/api/health-and-metrics.test.ts.

restoreEnvAfterEach();

async function fresh(vars: Record<string, string | undefined>) {
  setFreshEnv(vars, ["METRICS_TOKEN"]);
  return {
    env: (await import("@/lib/env")).env,
    metricsAccess: (await import("@/lib/monitoring/metrics-access")).metricsAccess,
    GET: (await import("@/app/metrics/route")).GET,
  };
}

const TOKEN = "a-metrics-token-0123456789abcdef";

describe("METRICS_TOKEN", () => {
  it("unset: /metrics is off, and its 404 says how to turn it on", async () => {
    const { GET } = await fresh({});
    const res = await GET(new Request("http://mail.test/metrics", { headers: { authorization: `Bearer ${TOKEN}` } }));
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(await res.text()).toMatch(/^Metrics are off on this deployment: set METRICS_TOKEN/);
  });

  it("set: only `Bearer <token>` is let in", async () => {
    const { metricsAccess } = await fresh({ METRICS_TOKEN: TOKEN });
    expect(metricsAccess(`Bearer ${TOKEN}`)).toBe("granted");
    expect(metricsAccess(`bearer  ${TOKEN}`)).toBe("granted");
    for (const sent of [null, "", "Bearer", "Bearer ", `Bearer ${TOKEN.slice(0, -1)}`, `Bearer ${TOKEN}0`, `Basic ${TOKEN}`, TOKEN, `Bearer ${TOKEN} extra`]) {
      expect(metricsAccess(sent), String(sent)).toBe("refused");
    }
  });

  it("refuses a short token, or one with spaces, without repeating it", async () => {
    for (const token of ["short-token", "a token with spaces in it"]) {
      const { env } = await fresh({ METRICS_TOKEN: token });
      let message = "";
      try {
        env();
      } catch (err) {
        message = (err as Error).message;
      }
      expect(message).toMatch(/METRICS_TOKEN must be/);
      expect(message).not.toContain(token);
    }
  });
});

describe("shared counters", () => {
  it("keep what this process counted, by label set, until it is taken to be reported", () => {
    takePendingCounts();
    orderTransitions.inc({ to_status: "submitted" });
    orderTransitions.inc({ to_status: "submitted" });
    orderTransitions.inc({ to_status: "mailed" });
    screeningDecisions.inc({ outcome: "held", category: "threat" });
    screeningDecisions.inc({ outcome: "mailed", category: "none" }, 0); // nothing counted
    const taken = takePendingCounts();
    expect(taken).toEqual([
      { metric: "mail_order_transitions_total", labels: { to_status: "submitted" }, value: 2 },
      { metric: "mail_order_transitions_total", labels: { to_status: "mailed" }, value: 1 },
      { metric: "mail_screening_decisions_total", labels: { outcome: "held", category: "threat" }, value: 1 },
    ]);
    expect(takePendingCounts()).toEqual([]);
    // A report that failed is put back, and adds to what was counted meanwhile.
    orderTransitions.inc({ to_status: "submitted" });
    restorePendingCounts(taken);
    expect(takePendingCounts()).toEqual(expect.arrayContaining([{ metric: "mail_order_transitions_total", labels: { to_status: "submitted" }, value: 3 }]));
  });
});

describe("HTTP metrics", () => {
  it("count and time requests by route pattern, method and status", async () => {
    observeHttpRequest("/v1/orders/{id}", "GET", 404, 0.012);
    const text = await processRegistry().metrics();
    expect(text).toMatch(/^mail_http_requests_total\{route="\/v1\/orders\/\{id\}",method="GET",status="404"\} \d+$/m);
    expect(text).toMatch(/^mail_http_request_duration_seconds_bucket\{le="0.025",route="\/v1\/orders\/\{id\}",method="GET"\} \d+$/m);
    expect(text).toMatch(/^# TYPE process_resident_memory_bytes gauge$/m);
  });
});

describe("the web server's outage page", () => {
  it("leaves alone the paths that answer an outage themselves", () => {
    for (const path of ["/v1/orders", "/readyz", "/healthz", "/metrics", "/readyz?verbose=1"]) expect(answersOwnOutages(path), path).toBe(true);
    for (const path of ["/", "/t/abc", "/readyzz", "/metrics/x", "/credits", undefined]) expect(answersOwnOutages(path), String(path)).toBe(false);
  });
});
