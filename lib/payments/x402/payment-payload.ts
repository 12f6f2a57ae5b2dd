import { createHash } from "node:crypto";
import { decodePaymentSignatureHeader } from "@x402/core/http";
import { parsePaymentPayload } from "@x402/core/schemas";
import type { PaymentPayload, PaymentRequirements } from "@x402/core/types";
import { z } from "zod";
import { ApiError } from "@/lib/errors/api-error";

// Reading the signed payment a client sends. x402 v2 libraries send it in PAYMENT-SIGNATURE;
// the spec (like x402 v1) names X-PAYMENT. Both carry the same base64 JSON PaymentPayload.

/** Longest header accepted; a real EIP-3009 payload is about 1.5 kB. */
const MAX_HEADER_CHARS = 16_384;

/** The signed payment header, from either name; null when the call carries none. */
export function readPaymentHeader(headers: Headers): string | null {
  const v2 = headers.get("payment-signature")?.trim() || null;
  const v1 = headers.get("x-payment")?.trim() || null;
  if (v2 && v1 && v2 !== v1) {
    throw new ApiError("validation_error", "Send the payment in one header: PAYMENT-SIGNATURE or X-PAYMENT, not two different payments.");
  }
  return v2 ?? v1;
}

/** Why a header is not a payment we can take; the caller answers 402 payment_invalid with it. */
export class UnreadablePayment extends Error {
  /** The short machine reason for x402's PaymentRequired.error. */
  readonly x402Error: string;
  constructor(message: string, x402Error = "invalid_payload") {
    super(message);
    this.x402Error = x402Error;
  }
}

/** Decodes the header into an x402 v2 PaymentPayload, or throws UnreadablePayment saying why. */
export function decodePayment(header: string): PaymentPayload {
  if (header.length > MAX_HEADER_CHARS) throw new UnreadablePayment(`the payment header is longer than ${MAX_HEADER_CHARS} characters`);
  let decoded: unknown;
  try {
    decoded = decodePaymentSignatureHeader(header);
  } catch {
    throw new UnreadablePayment("the payment header is not base64-encoded JSON");
  }
  const parsed = parsePaymentPayload(decoded);
  if (!parsed.success) throw new UnreadablePayment("the payment header is not an x402 PaymentPayload");
  if (parsed.data.x402Version !== 2) throw new UnreadablePayment(`x402 version ${parsed.data.x402Version} payloads are not taken here; sign the x402 v2 requirements of PAYMENT-REQUIRED`);
  // Forwarded to the facilitator as the client signed it, not as our parse reshaped it.
  return decoded as PaymentPayload;
}

const hex = (digits: number) => new RegExp(`^0x[0-9a-fA-F]{${digits}}$`);
const Eip3009Schema = z.object({
  signature: z.string().regex(/^0x[0-9a-fA-F]+$/),
  authorization: z.object({
    from: z.string().regex(hex(40)),
    to: z.string().regex(hex(40)),
    value: z.string().regex(/^\d{1,78}$/),
    validAfter: z.string().regex(/^\d{1,20}$/),
    validBefore: z.string().regex(/^\d{1,20}$/),
    nonce: z.string().regex(hex(64)),
  }),
});

export type Eip3009Payment = {
  payer: string;
  nonce: string;
  /** sha256 of the signed authorization: the same payment replayed, or a new one reusing its nonce. */
  payloadHash: string;
};

/** The EIP-3009 authorization inside an exact-scheme payload; lower-cased for lookups. */
export function eip3009Of(payload: PaymentPayload): Eip3009Payment {
  const parsed = Eip3009Schema.safeParse(payload.payload);
  if (!parsed.success) throw new UnreadablePayment("the payment is not an EIP-3009 transferWithAuthorization (authorization + signature), the only kind taken here");
  const { authorization: a, signature } = parsed.data;
  const canonical = [a.from, a.to, a.value, a.validAfter, a.validBefore, a.nonce, signature].map((s) => s.toLowerCase()).join("|");
  return { payer: a.from.toLowerCase(), nonce: a.nonce.toLowerCase(), payloadHash: createHash("sha256").update(canonical).digest("hex") };
}

/** Says which of the terms the payer signed for differ from this pack's requirements. */
export function describeMismatch(accepted: PaymentRequirements | undefined, wanted: PaymentRequirements): string {
  if (!accepted) return "the payment names no accepted requirements";
  const diffs: string[] = [];
  if (accepted.scheme !== wanted.scheme) diffs.push(`scheme is ${accepted.scheme}, not ${wanted.scheme}`);
  if (accepted.network !== wanted.network) diffs.push(`network is ${accepted.network}, not ${wanted.network}`);
  if (String(accepted.amount) !== wanted.amount) diffs.push(`amount is ${accepted.amount}, not ${wanted.amount} (USDC atomic units)`);
  if (String(accepted.asset).toLowerCase() !== wanted.asset.toLowerCase()) diffs.push(`asset is ${accepted.asset}, not ${wanted.asset}`);
  if (String(accepted.payTo).toLowerCase() !== wanted.payTo.toLowerCase()) diffs.push(`payTo is ${accepted.payTo}, not ${wanted.payTo}`);
  if (accepted.maxTimeoutSeconds !== wanted.maxTimeoutSeconds) diffs.push(`maxTimeoutSeconds is ${accepted.maxTimeoutSeconds}, not ${wanted.maxTimeoutSeconds}`);
  return diffs.length ? `the payment was signed for other terms: ${diffs.join("; ")}` : "the payment's accepted requirements are not exactly this pack's (compare every field of accepts[0] in PAYMENT-REQUIRED, letter case and extra included)";
}
