"use client";

import { EmbeddedCheckout, EmbeddedCheckoutProvider } from "@stripe/react-stripe-js";
import type { Stripe } from "@stripe/stripe-js";
import { loadStripe } from "@stripe/stripe-js/pure";
import { useEffect, useMemo, useState } from "react";

// Stripe's embedded checkout, mounted from the order's payment_client_secret. Paying returns the
// browser to the session's return_url (/pay/return), like the local rail: Stripe redirects there
// itself, so there is no onComplete.
//
// The pure entry injects Stripe.js (from js.stripe.com, as Stripe requires) only when loadStripe is
// first called: this module is bundled with the order's checkout, which also serves the local
// rail, where Stripe.js has nothing to do and the policy names no Stripe origin.

// One Stripe object per publishable key, not one per render or mount, as Stripe asks. A failed load
// is forgotten, so that the next mount tries again (loadStripe has already retried once).
const stripeByKey = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = stripeByKey.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    stripeByKey.set(publishableKey, stripe);
    stripe.catch(() => stripeByKey.delete(publishableKey));
  }
  return stripe;
}

export function StripeEmbeddedCheckout({ publishableKey, clientSecret }: { publishableKey: string; clientSecret: string }) {
  // The provider is given the loaded object, not the promise: it leaves a rejected promise
  // unhandled and has no failure state of its own, and the page must say when Stripe.js is missing.
  const [stripe, setStripe] = useState<Stripe | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    stripeFor(publishableKey).then(
      (loaded) => live && setStripe(loaded),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [publishableKey]);
  // The provider refuses a changed fetchClientSecret, so it is made once per secret.
  const options = useMemo(() => ({ fetchClientSecret: async () => clientSecret }), [clientSecret]);

  if (failed) {
    return (
      <p role="alert" className="mt-4 rounded bg-red-50 p-3 text-sm text-red-900">
        The card form could not be loaded from Stripe. Check your connection (and that nothing blocks js.stripe.com), then reload this page; nothing was charged.
      </p>
    );
  }
  return (
    <div className="mt-4 min-h-96" aria-label="Card payment by Stripe" role="region">
      {/* A new secret is a new session: Stripe asks for a new provider rather than new options. */}
      <EmbeddedCheckoutProvider key={clientSecret} stripe={stripe} options={options}>
        <EmbeddedCheckout />
      </EmbeddedCheckoutProvider>
    </div>
  );
}
