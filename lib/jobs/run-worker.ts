import { advancePaidOrders } from "@/lib/jobs/advance-paid-orders";
import { advanceSandboxOrders } from "@/lib/jobs/advance-sandbox-orders";
import { sweepLocalCheckouts } from "@/lib/payments/pay-local-checkout";
import { settleEndedOrderPayments } from "@/lib/payments/settle-order-payment";
import { sweepStaleDocuments, SWEEP_INTERVAL_MS } from "@/lib/jobs/sweep-stale-documents";
import { log } from "@/lib/log";

const PAYMENT_SWEEP_INTERVAL_MS = 15_000;

/**
 * The background worker: polls for due work and runs it. Everything it does is claimed row by
 * row in PostgreSQL, so a killed worker loses nothing and any number of workers may run.
 */
export function runWorker(opts: { pollMs?: number } = {}): { stop: () => Promise<void> } {
  const pollMs = opts.pollMs ?? 1000;
  let stopped = false;
  let current: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  let nextSweepAt = 0;
  let nextPaymentSweepAt = 0;

  const tick = async () => {
    try {
      let n: number;
      do {
        n = (await advancePaidOrders()) + (await advanceSandboxOrders());
      } while (n > 0 && !stopped);
      if (Date.now() >= nextPaymentSweepAt) {
        // Payments the request path could not finish: provider down, or a local event not applied.
        nextPaymentSweepAt = Date.now() + PAYMENT_SWEEP_INTERVAL_MS;
        await settleEndedOrderPayments();
        await sweepLocalCheckouts();
      }
      if (Date.now() >= nextSweepAt) {
        nextSweepAt = Date.now() + SWEEP_INTERVAL_MS;
        const swept = await sweepStaleDocuments();
        if (swept.uploads || swept.quoteProofs) log.info(swept, "swept unused uploads and quote proofs older than 30 days");
      }
    } catch (err) {
      log.error({ err }, "worker tick failed; will retry");
    }
  };
  const loop = () => {
    if (stopped) return;
    current = tick().finally(() => {
      if (!stopped) timer = setTimeout(loop, pollMs);
    });
  };
  loop();
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await current;
    },
  };
}
