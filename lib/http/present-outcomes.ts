import { encodePaymentResponseHeader } from "@x402/core/http";
import type { RouteResult } from "@/lib/http/define-route";
import type { X402PurchaseOutcome } from "@/lib/payments/x402/purchase-credits";

// Domain operations return what happened; this module writes the HTTP answer for it (status,
// body, headers), so that no domain code decides a status. Errors still travel as ApiError,
// whose code names its status in the catalogue. (Issue 19, step 3: POST /v1/x402/credits first.)

/** POST /v1/x402/credits: 201 with the code minted now, 200 with the code this payment bought before. */
export function presentX402Purchase(outcome: X402PurchaseOutcome): RouteResult {
  const { code, settlement } = outcome;
  return {
    http: outcome.kind === "minted" ? 201 : 200,
    body: {
      status: "ok",
      credit_code: code,
      pack: outcome.pack,
      face_cents: outcome.faceCents,
      bonus_cents: outcome.bonusCents,
      ...(settlement ? { settlement: { network: settlement.network, tx_hash: settlement.txHash } } : {}),
      sandbox: outcome.sandbox,
      replayed: outcome.kind === "replayed",
      next: [`Pay for letters with credit_code ${code} on POST /v1/orders.`, `GET /v1/credits/${code} shows the balance.`],
    },
    ...(settlement?.receipt ? { headers: { "PAYMENT-RESPONSE": encodePaymentResponseHeader(settlement.receipt) } } : {}),
  };
}
