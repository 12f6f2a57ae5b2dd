"use client";

import { useEffect, useState } from "react";
import { LocalCardForm } from "@/components/checkout/local-card-form";

/** Mounts the local card form for a client secret (given, or read from the URL fragment). */
export function LocalEmbeddedCheckout({ clientSecret }: { clientSecret?: string }) {
  const [secret, setSecret] = useState<string | null>(clientSecret ?? null);
  useEffect(() => {
    if (!clientSecret) setSecret(decodeURIComponent(window.location.hash.slice(1)) || "");
  }, [clientSecret]);
  if (secret === null) return <p className="mt-4 text-sm text-stone-500">Loading the checkout…</p>;
  if (!/^cs_local_[a-z0-9]{24}_secret_[a-z0-9]{24}$/.test(secret)) {
    return (
      <p role="alert" className="mt-4 rounded bg-red-50 p-3 text-sm text-red-900">
        This page needs the payment_client_secret after a #, as returned with checkout_ui_mode embedded.
      </p>
    );
  }
  return <LocalCardForm clientSecret={secret} amountLabel="now" />;
}
