import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { OrderCheckout } from "@/components/checkout/order-checkout";
import { cardCheckout } from "@/components/checkout/card-checkout-config";
import { livePrintingConfigured } from "@/lib/fulfillment/carrier-from-env";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Pay for your letter", robots: { index: false } };

type Props = { params: Promise<{ id: string }> };

/** Paying a letter by card in the page (embedded checkout); /pay/return follows. */
export default async function PayOrderPage({ params }: Props) {
  const { id } = await params;
  if (!/^ord_[0-9a-z]{24}$/.test(id)) notFound();
  const card = cardCheckout();
  return (
    <article>
      <OrderCheckout orderId={id} rail={card.rail} publishableKey={card.rail === "stripe" && card.uiMode === "embedded" ? card.publishableKey : undefined} liveCarrier={livePrintingConfigured()} />
    </article>
  );
}
