import type { Metadata } from "next";
import { PageNotFound } from "@/components/site/page-not-found";
import { OrderCheckout } from "@/components/checkout/order-checkout";
import { cardCheckout } from "@/components/checkout/card-checkout-config";
import { livePrintingConfigured } from "@/lib/fulfillment/carrier-from-env";
import { isOrderId, isSandboxOrderId } from "@/lib/letters/order-ids";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Pay for your letter", robots: { index: false } };

type Props = { params: Promise<{ id: string }> };

/** Paying a letter by card in the page (embedded checkout); /pay/return follows. */
export default async function PayOrderPage({ params }: Props) {
  const { id } = await params;
  // Sandbox letters are free: there is never a page to pay one.
  if (!isOrderId(id) || isSandboxOrderId(id)) return <PageNotFound />;
  const card = cardCheckout();
  return (
    <article>
      <OrderCheckout orderId={id} rail={card.rail} publishableKey={card.rail === "stripe" && card.uiMode === "embedded" ? card.publishableKey : undefined} liveCarrier={livePrintingConfigured()} />
    </article>
  );
}
