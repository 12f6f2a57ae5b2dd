import { z } from "zod";

// The credit packs sold by POST /v1/credits/checkout (and POST /v1/x402/credits): the
// one table of what each costs and what it holds. Face value lasts 5 years; the bonus is
// promotional, lasts 12 months and is spent first. The README's pack table mirrors this one.
export const CREDIT_PACKS = {
  starter: { priceCents: 1000, faceCents: 1000, bonusCents: 0, label: "Starter: $10 of credit" },
  standard: { priceCents: 2500, faceCents: 2500, bonusCents: 250, label: "Standard: $25 of credit + $2.50 bonus" },
  plus: { priceCents: 5000, faceCents: 5000, bonusCents: 750, label: "Plus: $50 of credit + $7.50 bonus" },
  pro: { priceCents: 10000, faceCents: 10000, bonusCents: 2000, label: "Pro: $100 of credit + $20 bonus" },
} as const;

export type CreditPackId = keyof typeof CREDIT_PACKS;
export const CREDIT_PACK_IDS = Object.keys(CREDIT_PACKS) as [CreditPackId, ...CreditPackId[]];
export const CreditPackSchema = z.enum(CREDIT_PACK_IDS, { error: `pack must be one of ${CREDIT_PACK_IDS.join(", ")}` });
