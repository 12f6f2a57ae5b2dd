import type { PaymentPayload, PaymentRequirements } from "@x402/core/types";
import { db } from "@/lib/db";
import { ApiError } from "@/lib/errors/api-error";
import { log } from "@/lib/log";
import { x402Server } from "@/lib/payments/x402/resource-server";
import { claimSettlingPurchase, settleClaimedPurchase } from "@/lib/payments/x402/settle-purchase";
import { x402Settings } from "@/lib/payments/x402/settings";

// The worker's sweep (every minute) over x402 purchases left `settling`: a settle whose answer
// was lost, or a mint that failed, when the payer does not send the same payment again. Each is
// settled again with the payload it was written with, exactly as a retry would, while the
// authorization is still valid (past its validBefore a facilitator refuses it before it looks
// at the nonce, so only the chain can tell; /ops/logs lists those for an operator).

/** A row younger than this is left to the payer's own retry. */
const GRACE_MS = 60_000;
/** Facilitators refuse an authorization this close to its validBefore (x402's exact EVM check). */
const VALIDITY_MARGIN_MS = 6_000;
const BATCH = 50;

export async function reconcileSettlingX402Purchases(now = new Date()): Promise<{ minted: number; refused: number; open: number }> {
  const tally = { minted: 0, refused: 0, open: 0 };
  const stuck = await db().x402Purchase.findMany({
    where: {
      state: "settling",
      createdAt: { lt: new Date(now.getTime() - GRACE_MS) },
      validBefore: { gt: new Date(now.getTime() + VALIDITY_MARGIN_MS) },
      OR: [{ leaseUntil: null }, { leaseUntil: { lt: now } }],
    },
    orderBy: { createdAt: "asc" },
    take: BATCH,
  });
  if (stuck.length === 0) return tally;

  let settings;
  let server;
  try {
    settings = x402Settings();
    server = await x402Server(settings);
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    log.warn({ stuck: stuck.length, why: err.message }, "x402 purchases left settling; the facilitator cannot be asked now");
    return tally;
  }
  for (const row of stuck) {
    // Settled through the configured facilitator only: a row from another network waits for an operator.
    if (row.network !== settings.network || !row.paymentPayload || !row.paymentRequirements) continue;
    const claimed = await claimSettlingPurchase(row.id);
    if (!claimed) continue;
    try {
      const attempt = await settleClaimedPurchase(server, claimed, {
        payload: claimed.paymentPayload as unknown as PaymentPayload,
        requirements: claimed.paymentRequirements as unknown as PaymentRequirements,
      });
      if (attempt.kind === "minted" || attempt.kind === "already_settled") tally.minted++;
      else if (attempt.kind === "refused") tally.refused++;
      else tally.open++;
    } catch (err) {
      // A mint that failed again is logged by settle-purchase and left settling for the next pass.
      tally.open++;
      if (!(err instanceof ApiError)) log.error({ err: String(err), purchase: String(row.id) }, "x402 settling sweep failed on a purchase");
    }
  }
  if (tally.minted || tally.refused || tally.open) log.info(tally, "x402 purchases left settling, settled again");
  return tally;
}
