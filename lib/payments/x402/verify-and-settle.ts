import type { x402ResourceServer } from "@x402/core/server";
import type { PaymentPayload, PaymentRequirements, SettleResponse } from "@x402/core/types";
import { ApiError } from "@/lib/errors/api-error";
import { log } from "@/lib/log";

// The two facilitator calls, with every way they can end sorted: the payment is refused (a
// reason the payer can act on), settled, pending, or the facilitator did not answer.
// @x402/core reports a refusal either as a result ({isValid:false} / {success:false}) or, when
// the facilitator answers with an error status, as VerifyError / SettleError; both are refusals.

export type VerifyOutcome = { valid: true; payer: string | null } | { valid: false; reason: string; message: string | null };
/**
 * What a settle call came to. `refused`: the facilitator answered that it did not settle.
 * `pending`: it broadcast the transfer but has not seen it confirmed (x402's settlement_pending;
 * @x402/core has already asked once more). `unknown`: no answer at all, so the transfer may or
 * may not have happened; the same payload sent again finds out.
 */
export type SettleOutcome =
  | { kind: "settled"; result: SettleResponse }
  | { kind: "refused"; result: SettleResponse }
  | { kind: "pending"; result: SettleResponse }
  | { kind: "unknown"; error: string };

/** x402's exact-EVM refusal codes the settling logic acts on (@x402/evm exact facilitator). */
export const NONCE_ALREADY_USED = "invalid_exact_evm_nonce_already_used";
export const AUTHORIZATION_EXPIRED = "invalid_exact_evm_payload_authorization_valid_before";
const SETTLEMENT_PENDING = "settlement_pending";

export async function verifyPayment(server: x402ResourceServer, payload: PaymentPayload, requirements: PaymentRequirements): Promise<VerifyOutcome> {
  try {
    const result = await server.verifyPayment(payload, requirements);
    if (result.isValid) return { valid: true, payer: result.payer ?? null };
    return { valid: false, reason: result.invalidReason ?? "invalid_payment", message: result.invalidMessage ?? null };
  } catch (err) {
    const e = err as { name?: string; invalidReason?: string; invalidMessage?: string };
    if (e?.name === "VerifyError") return { valid: false, reason: e.invalidReason ?? "invalid_payment", message: e.invalidMessage ?? null };
    log.warn({ err: String(err) }, "x402 facilitator verify failed");
    throw new ApiError("facilitator_unavailable", "The x402 payment facilitator did not answer the verification; nothing was charged or minted. Retrying with the same payment header is safe: one authorization can never be charged twice.", {
      headers: { "Retry-After": "5" },
    });
  }
}

export async function settlePayment(server: x402ResourceServer, payload: PaymentPayload, requirements: PaymentRequirements): Promise<SettleOutcome> {
  let result: SettleResponse;
  try {
    result = await server.settlePayment(payload, requirements);
  } catch (err) {
    const e = err as { name?: string; errorReason?: string; errorMessage?: string; payer?: string; transaction?: string; network?: string };
    if (e?.name !== "SettleError") {
      // A timeout, a dropped connection or a broken answer: the transfer may have gone through.
      log.warn({ err: String(err) }, "x402 facilitator settle went unanswered");
      return { kind: "unknown", error: String(err).slice(0, 300) };
    }
    result = { success: false, errorReason: e.errorReason, errorMessage: e.errorMessage, payer: e.payer, transaction: e.transaction ?? "", network: requirements.network };
  }
  if (result.success && result.transaction) return { kind: "settled", result };
  if (result.errorReason === SETTLEMENT_PENDING && result.transaction) return { kind: "pending", result };
  return { kind: "refused", result };
}

/** A settle call that went unanswered: the same header retried finds out what became of it. */
export function settlementUnanswered(): ApiError {
  return new ApiError(
    "facilitator_unavailable",
    "The x402 payment facilitator did not answer the settlement, so whether the payment went through is not known yet; no credit code was minted. Retry with the SAME payment header: if it was settled, the retry mints its code; it is never charged twice.",
    { headers: { "Retry-After": "5" } },
  );
}

/** The payer-facing reason for a facilitator's refusal code (x402's exact EVM vocabulary). */
export function describeRefusal(reason: string, message: string | null, requirements: PaymentRequirements): string {
  const known: Record<string, string> = {
    invalid_exact_evm_payload_authorization_valid_before: "the authorization has expired (its validBefore has passed or is seconds away)",
    invalid_exact_evm_payload_authorization_valid_after: "the authorization is not valid yet (its validAfter is in the future)",
    invalid_exact_evm_recipient_mismatch: `the authorization pays another address than payTo ${requirements.payTo}`,
    invalid_exact_evm_authorization_value: `the authorization's value is not the amount ${requirements.amount} (USDC atomic units)`,
    invalid_exact_evm_payload_authorization_value_mismatch: `the authorization's value is not the amount ${requirements.amount} (USDC atomic units)`,
    invalid_exact_evm_signature: "the signature does not verify for the payer over the asset's EIP-712 domain",
    invalid_exact_evm_failed_to_parse_signature: "the signature cannot be parsed",
    invalid_exact_evm_nonce_already_used: "the authorization's nonce has already been used",
    invalid_exact_evm_insufficient_balance: `the payer's balance is below the amount ${requirements.amount} (USDC atomic units)`,
    invalid_exact_evm_network_mismatch: `the payment is not for network ${requirements.network}`,
    invalid_exact_evm_scheme: "the payment is not an exact-scheme payment",
  };
  const human = known[reason] ?? "the facilitator refused it";
  return `${human} (facilitator: ${reason}${message ? `: ${message}` : ""})`;
}
