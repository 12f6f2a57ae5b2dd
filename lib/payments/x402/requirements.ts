import { encodePaymentRequiredHeader } from "@x402/core/http";
import type { x402ResourceServer } from "@x402/core/server";
import type { PaymentRequired, PaymentRequirements } from "@x402/core/types";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/errors/api-error";
import { log } from "@/lib/log";
import { CREDIT_PACKS, type CreditPackId } from "@/lib/payments/credits/packs";
import { USDC_UNITS_PER_CENT } from "@/lib/x402-networks";
import type { X402Settings } from "@/lib/payments/x402/settings";

// What a pack costs over x402 and how a 402 answer says so.

/** What one pack costs over x402: its price in USDC atomic units (6 decimals), to payTo. */
export async function packRequirements(server: x402ResourceServer, settings: X402Settings, pack: CreditPackId): Promise<PaymentRequirements> {
  try {
    const [requirements] = await server.buildPaymentRequirements({
      scheme: "exact",
      network: settings.network,
      payTo: settings.payTo,
      price: {
        amount: String(CREDIT_PACKS[pack].priceCents * USDC_UNITS_PER_CENT),
        asset: settings.asset,
        extra: { name: settings.assetName, version: settings.assetVersion },
      },
      maxTimeoutSeconds: settings.timeoutSeconds,
    });
    return requirements;
  } catch (err) {
    // The facilitator answered /supported without exact payments on our network.
    log.error({ err: String(err), network: settings.network }, "x402 facilitator does not support the configured network");
    throw new ApiError("x402_unavailable", `The configured x402 facilitator does not settle exact payments on ${settings.network}, so this deployment takes no agent payments right now; nothing was charged.`);
  }
}

/** The PaymentRequired object of a 402 answer (the `error` is x402's short machine reason). */
export function paymentRequiredFor(server: x402ResourceServer, requirements: PaymentRequirements, pack: CreditPackId, error: string): Promise<PaymentRequired> {
  const resource = { url: `${env().PUBLIC_BASE_URL}/v1/x402/credits`, description: `Mail credit, ${CREDIT_PACKS[pack].label}`, mimeType: "application/json" };
  return server.createPaymentRequiredResponse([requirements], resource, error);
}

type PaymentErrorCode = "payment_required" | "payment_invalid" | "payment_settlement_failed";

/**
 * A 402 answer: the spec's envelope, and beside it (in the body, and base64 in the
 * PAYMENT-REQUIRED header) the x402 PaymentRequired object, so that any x402 client can pay.
 */
export class X402PaymentError extends ApiError {
  readonly paymentRequired: PaymentRequired;

  constructor(code: PaymentErrorCode, reason: string, paymentRequired: PaymentRequired, headers: Record<string, string> = {}) {
    super(code, reason, { headers: { "PAYMENT-REQUIRED": encodePaymentRequiredHeader(paymentRequired), ...headers } });
    this.paymentRequired = paymentRequired;
  }

  override envelope() {
    return { ...super.envelope(), ...this.paymentRequired };
  }
}
