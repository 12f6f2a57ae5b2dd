"use client";

import { useEffect, useRef, useState } from "react";

// Stripe's embedded checkout, mounted from the order's payment_client_secret. Stripe.js is
// loaded from js.stripe.com, as Stripe requires (it must never be bundled or self-hosted).
// Paying returns the browser to /pay/return, like the local rail.

type StripeJs = {
  initEmbeddedCheckout(options: { fetchClientSecret: () => Promise<string> }): Promise<{ mount(el: HTMLElement): void; destroy(): void }>;
};
declare global {
  interface Window {
    Stripe?: (publishableKey: string) => StripeJs;
  }
}

let loading: Promise<void> | null = null;
function loadStripeJs(): Promise<void> {
  if (window.Stripe) return Promise.resolve();
  loading ??= new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = "https://js.stripe.com/v3/";
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      loading = null;
      reject(new Error("Stripe.js did not load"));
    };
    document.head.appendChild(script);
  });
  return loading;
}

export function StripeEmbeddedCheckout({ publishableKey, clientSecret }: { publishableKey: string; clientSecret: string }) {
  const host = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let checkout: { destroy(): void } | null = null;
    let live = true;
    loadStripeJs()
      .then(() => window.Stripe!(publishableKey).initEmbeddedCheckout({ fetchClientSecret: async () => clientSecret }))
      .then((c) => {
        if (!live) return c.destroy();
        checkout = c;
        c.mount(host.current!);
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
      checkout?.destroy();
    };
  }, [publishableKey, clientSecret]);

  if (failed) {
    return (
      <p role="alert" className="mt-4 rounded bg-red-50 p-3 text-sm text-red-900">
        The card form could not be loaded from Stripe. Check your connection (and that nothing blocks js.stripe.com), then reload this page; nothing was charged.
      </p>
    );
  }
  return <div ref={host} className="mt-4 min-h-96" aria-label="Card payment by Stripe" role="region" />;
}
