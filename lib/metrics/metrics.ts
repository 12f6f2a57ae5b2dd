import { collectDefaultMetrics, Counter, Histogram, Registry } from "prom-client";

// The service's metrics, every series named here once: its name (Prometheus conventions, `mail_`
// first, `_total` for counts, `_seconds` for times), its help and its few labels. A label only
// ever takes one of a short, fixed set of values (a route pattern, a status, a queue, an
// outcome), never an order id, a key, an address or an e-mail. The domain counts with one line
// where the thing happens: `orderTransitions.inc({ to_status: to })`.
//
// Two kinds, because the service is more than one process. `npm start` runs the web server and
// the worker as two child processes (scripts/start.ts), and at scale many of each run on many
// machines; /metrics is served by a web process, while screening, hand-offs, webhooks, e-mails
// and payment sweeps mostly run in a worker, whose memory no web process can read.
// - Per process, in prom-client's memory: HTTP requests and their latency (only the web process
//   serves HTTP) and Node's process metrics. They describe the instance that was scraped.
// - Shared (SharedCounter below): what the service does, wherever it runs. Each process keeps
//   what it counted since it last reported, and adds it to the totals in PostgreSQL every few
//   seconds and when it stops (lib/monitoring/shared-counts.ts); /metrics serves those totals.
//   So a worker's counts reach /metrics, every web instance serves the same totals (aggregate
//   them with max, not sum), and a restarted process resets nothing. What a process counted in
//   its last few seconds before being killed is lost.
// Queue depth is neither: /metrics reads it from pg-boss's own table when it is scraped.
//
// The state lives on globalThis: Next bundles this module into each route's chunk, and the web
// server (scripts/web.ts, run by tsx) loads its own copy, all in one process; there must be one
// registry and one set of pending counts between them.

/** One label set of one shared counter and how much it grew: what a process reports. */
export type PendingCount = { metric: string; labels: Record<string, string>; value: number };

type MetricsState = {
  registry: Registry;
  httpRequests: Counter<"route" | "method" | "status">;
  httpDuration: Histogram<"route" | "method">;
  shared: Map<string, SharedCounter<string>>;
  pending: Map<string, PendingCount>;
};

const globalForMetrics = globalThis as unknown as { __mailMetrics?: MetricsState };

function state(): MetricsState {
  if (globalForMetrics.__mailMetrics) return globalForMetrics.__mailMetrics;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  globalForMetrics.__mailMetrics = {
    registry,
    httpRequests: new Counter({
      name: "mail_http_requests_total",
      help: "Requests answered by the API routes (/v1, and the local rail's card form), by route pattern, method and HTTP status (this process).",
      labelNames: ["route", "method", "status"],
      registers: [registry],
    }),
    httpDuration: new Histogram({
      name: "mail_http_request_duration_seconds",
      help: "Time to answer an API request, by route pattern and method (this process).",
      labelNames: ["route", "method"],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers: [registry],
    }),
    shared: new Map(),
    pending: new Map(),
  };
  return globalForMetrics.__mailMetrics;
}

/** A count kept for the whole service in PostgreSQL (see the top of this file). */
export class SharedCounter<L extends string> {
  constructor(
    readonly name: string,
    readonly help: string,
    readonly labelNames: readonly L[],
  ) {}

  /** Counts `by` (default 1) for this label set. Never throws: counting must not break the work it counts. */
  inc(labels: Record<L, string>, by = 1): void {
    if (!(by > 0)) return;
    const values = Object.fromEntries(this.labelNames.map((n) => [n, String(labels[n] ?? "")]));
    const key = JSON.stringify([this.name, values]);
    const pending = state().pending;
    const seen = pending.get(key);
    if (seen) seen.value += by;
    else pending.set(key, { metric: this.name, labels: values, value: by });
  }
}

function sharedCounter<L extends string>(name: string, help: string, labelNames: readonly L[]): SharedCounter<L> {
  const known = state().shared;
  if (!known.has(name)) known.set(name, new SharedCounter(name, help, labelNames) as SharedCounter<string>);
  return known.get(name) as SharedCounter<L>;
}

/** lib/orders/transition.ts: every status change an order makes. */
export const orderTransitions = sharedCounter("mail_order_transitions_total", "Order status changes, by the status entered.", ["to_status"]);

/** lib/pipeline/screen-order.ts: mailed (cleared and handed over), held (for a person) or refused; category "none" when cleared. */
export const screeningDecisions = sharedCounter(
  "mail_screening_decisions_total",
  "Screening decisions on letters: outcome mailed (cleared), held (for a person) or refused, and the category that decided it (none when cleared).",
  ["outcome", "category"],
);

/** lib/notifications/webhooks/deliver-webhook.ts and the sweep of stuck messages. */
export const webhookDeliveries = sharedCounter(
  "mail_webhook_deliveries_total",
  "Webhook delivery attempts by outcome: delivered, retrying (failed, tried again later), gone (the receiver answered 410) or failed (given up).",
  ["outcome"],
);

/** lib/notifications/email/send-order-email.ts and the sweep of stuck e-mails. */
export const emailDeliveries = sharedCounter(
  "mail_email_deliveries_total",
  "Order e-mails by outcome: sent, retrying (a temporary SMTP failure) or failed (refused, or given up).",
  ["outcome"],
);

/** Money moving: card payments (lib/payments/checkout/payment-state.ts), credit codes (credits.ts), x402 settlements. */
export const paymentEvents = sharedCounter(
  "mail_payment_events_total",
  "Payment events by kind: card_authorized, card_captured, card_released, card_refunded, credit_debited, credit_released, credit_refunded, x402_settled.",
  ["kind"],
);

/** lib/worker/start-worker.ts: a job's run that threw (pg-boss retries it while it has retries left). */
export const jobFailures = sharedCounter("mail_job_failures_total", "Job runs that failed, by pg-boss queue (retried while the queue allows).", ["queue"]);

/** The route wrapper's one line (lib/http/define-route.ts): `route` is the pattern (/v1/orders/{id}), never the path. */
export function observeHttpRequest(route: string, method: string, status: number, seconds: number): void {
  const s = state();
  s.httpRequests.inc({ route, method, status: String(status) });
  s.httpDuration.observe({ route, method }, seconds);
}

/** This process's own registry: HTTP and Node's process metrics. */
export function processRegistry(): Registry {
  return state().registry;
}

/** Every shared counter, for /metrics to describe even those nothing has counted yet. */
export function sharedCounters(): SharedCounter<string>[] {
  return [...state().shared.values()];
}

/** What this process counted since it last reported, handed over (and forgotten here) for reporting. */
export function takePendingCounts(): PendingCount[] {
  const s = state();
  const counts = [...s.pending.values()];
  s.pending = new Map();
  return counts;
}

/** Puts back counts whose report failed, so that the next report carries them. */
export function restorePendingCounts(counts: PendingCount[]): void {
  for (const c of counts) {
    const def = state().shared.get(c.metric);
    def?.inc(c.labels, c.value);
  }
}
