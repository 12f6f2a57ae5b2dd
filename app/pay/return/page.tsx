import type { Metadata } from "next";
import { checkoutReturn } from "@/lib/payments/checkout/checkout-pages";
import { PaymentStatus } from "@/components/checkout/payment-status";
import { AutoRefresh } from "@/components/tracking/auto-refresh";
import { dollars } from "@/lib/text/dollars";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Payment", robots: { index: false } };

type Props = { searchParams: Promise<{ session_id?: string }> };

/** Where both rails send the payer back. Re-reads itself until the payment lands (without JavaScript, a link does). */
export default async function CheckoutReturnPage({ searchParams }: Props) {
  const sessionId = (await searchParams).session_id ?? "";
  const r = await checkoutReturn(sessionId);
  if (!r) {
    return (
      <article>
        <h1 className="text-2xl font-semibold tracking-tight">Payment not found</h1>
        <p className="mt-2">This link does not name a checkout of ours. Use the link from your order or purchase.</p>
      </article>
    );
  }
  // Orders are polled by PaymentStatus (GET /v1/orders/{id}); packs re-render in place, and
  // pages without JavaScript reload, until the payment lands.
  const waiting = r.paymentState === "open" || (r.kind === "pack" && !r.credit && r.paymentState === "captured");
  return (
    <article>
      {waiting ? (
        // Without JavaScript, a link to look again (a <noscript> meta refresh in <body> is invalid
        // HTML, and a visible one reloads the page under a screen reader's cursor, WCAG 2.2.1);
        // with it, the page re-reads itself in place.
        <noscript>
          <p className="mb-3 text-sm">
            <a className="underline" href={`/pay/return?session_id=${encodeURIComponent(sessionId)}`}>
              Check again
            </a>
          </p>
        </noscript>
      ) : null}
      {waiting && r.kind === "pack" ? <AutoRefresh seconds={2} /> : null}
      {r.kind === "order" ? (
        <PaymentStatus orderId={r.orderId} initialStatus={r.orderStatus} trackingUrl={r.trackingUrl} sandboxCarrier={r.sandboxCarrier} />
      ) : (
        // One live region for both states, so the code is announced when it replaces "Confirming".
        <div aria-live="polite">
          {r.credit ? (
            <>
              <h1 className="text-2xl font-semibold tracking-tight" data-testid="return-heading">
                Your credit code
              </h1>
              <p className="mt-3 rounded border border-stone-200 bg-white p-4 font-mono text-2xl" data-testid="credit-code">
                {r.credit.code}
              </p>
              <p className="mt-2 text-sm text-stone-600">
                Balance {dollars(r.credit.balance_cents)} (bonus {dollars(r.credit.bonus_cents)}, spent first, until {r.credit.bonus_expires_at.slice(0, 10)}). Keep this code: it
                is the only key to the credit.
              </p>
              <p className="mt-4">
                <a className="font-semibold underline" href={`/credits?code=${encodeURIComponent(r.credit.code)}`}>
                  Check its balance any time
                </a>
              </p>
            </>
          ) : (
            <>
              <h1 className="text-2xl font-semibold tracking-tight" data-testid="return-heading">
                {r.paymentState === "released" ? "The checkout closed unpaid" : "Confirming your payment…"}
              </h1>
              {r.paymentState === "released" ? (
                <p className="mt-2">
                  Nothing was charged.{" "}
                  <a className="underline" href="/credits">
                    Start a new purchase
                  </a>
                  .
                </p>
              ) : null}
            </>
          )}
        </div>
      )}
    </article>
  );
}
