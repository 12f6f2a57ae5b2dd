-- Issue 21: the service's shared counters (lib/metrics/metrics.ts). Every process (web servers,
-- workers) adds what it counted since its last report to these totals every few seconds, and
-- /metrics serves them, so that what a worker does reaches /metrics and no restart resets a
-- count. One row per counter and label set: a handful of rows, never an order id or an e-mail.
CREATE TABLE "metric_counts" (
    "metric" TEXT NOT NULL,
    "labels" TEXT NOT NULL,
    "value" BIGINT NOT NULL DEFAULT 0,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "metric_counts_pkey" PRIMARY KEY ("metric", "labels")
);
