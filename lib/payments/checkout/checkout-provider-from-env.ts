import { env } from "@/lib/env";
import type { CheckoutProvider, CheckoutRail } from "@/lib/payments/checkout/checkout-provider";
import { LocalCheckout } from "@/lib/payments/checkout/local-checkout";
import { StripeCheckout, stripeClient } from "@/lib/payments/checkout/stripe-checkout";

let stripe: StripeCheckout | undefined;
const local = new LocalCheckout();

/** The rail new payment links open on: Stripe when a key is configured, the local rail otherwise. */
export function checkoutProvider(): CheckoutProvider {
  return providerForRail(env().STRIPE_SECRET_KEY ? "stripe" : "local");
}

/** The rail an existing payment was opened on, so it is always settled where it was taken. */
export function providerForRail(rail: CheckoutRail): CheckoutProvider {
  if (rail === "local") return local;
  const { STRIPE_SECRET_KEY, STRIPE_API_BASE } = env();
  if (!STRIPE_SECRET_KEY) throw new Error("a Stripe payment exists but STRIPE_SECRET_KEY is not configured");
  stripe ??= new StripeCheckout(stripeClient(STRIPE_SECRET_KEY, STRIPE_API_BASE));
  return stripe;
}

export const localRailActive = () => !env().STRIPE_SECRET_KEY;
