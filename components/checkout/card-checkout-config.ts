import { env } from "@/lib/env";

// Which card checkout the pages mount: Stripe's embedded checkout when Stripe is configured and
// its publishable key is given; Stripe's hosted page when only the secret key is; otherwise the
// local test rail's embedded card form. Server-only: it reads the environment.

export type CardCheckout =
  | { rail: "local"; uiMode: "embedded" }
  | { rail: "stripe"; uiMode: "embedded"; publishableKey: string }
  | { rail: "stripe"; uiMode: "hosted" };

export function cardCheckout(): CardCheckout {
  const { STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY: publishableKey } = env();
  if (!STRIPE_SECRET_KEY) return { rail: "local", uiMode: "embedded" };
  return publishableKey ? { rail: "stripe", uiMode: "embedded", publishableKey } : { rail: "stripe", uiMode: "hosted" };
}
