import { pgPool } from "@/lib/db";
import { PGBOSS_SCHEMA, QUEUE_NAMES } from "@/lib/jobs/queues";

// How much work waits in each pg-boss queue, read from pg-boss's own job table when /metrics is
// scraped: the truth for every worker at once, whichever process asks.

export type QueueDepth = {
  queue: string;
  /** Waiting and ready to run now (pg-boss states created and retry, their start time passed). */
  due: number;
  /** Waiting for a later time: a retry's backoff, a webhook's next attempt, a backstop job. */
  scheduled: number;
  active: number;
  /** Failed for good (no retries left), until pg-boss archives them. */
  failed: number;
  /** How long the due job that has waited longest has been ready to run; 0 when none waits. */
  oldestDueSeconds: number;
};

export async function readQueueDepths(): Promise<QueueDepth[]> {
  // pg-boss's job_state enum is ordered: created < retry < active < completed < cancelled < failed.
  const { rows } = await pgPool().query<{ name: string; due: string; scheduled: string; active: string; failed: string; oldest_due: string | null }>(
    `SELECT name,
            count(*) FILTER (WHERE state < 'active' AND start_after <= now()) AS due,
            count(*) FILTER (WHERE state < 'active' AND start_after > now()) AS scheduled,
            count(*) FILTER (WHERE state = 'active') AS active,
            count(*) FILTER (WHERE state = 'failed') AS failed,
            EXTRACT(EPOCH FROM now() - min(start_after) FILTER (WHERE state < 'active' AND start_after <= now())) AS oldest_due
       FROM ${PGBOSS_SCHEMA}.job
      WHERE name = ANY($1::text[]) AND state IN ('created', 'retry', 'active', 'failed')
      GROUP BY name`,
    [QUEUE_NAMES],
  );
  const byName = new Map(rows.map((r) => [r.name, r]));
  return QUEUE_NAMES.map((queue) => {
    const r = byName.get(queue);
    return {
      queue,
      due: Number(r?.due ?? 0),
      scheduled: Number(r?.scheduled ?? 0),
      active: Number(r?.active ?? 0),
      failed: Number(r?.failed ?? 0),
      oldestDueSeconds: Math.max(0, Number(r?.oldest_due ?? 0)),
    };
  });
}
