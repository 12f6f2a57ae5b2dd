import type { Metadata } from "next";
import { PageNotFound } from "@/components/site/page-not-found";
import { OrderConfirmation } from "@/components/sent/order-confirmation";
import { isOrderId } from "@/lib/letters/order-ids";

export const metadata: Metadata = { title: "Your letter", robots: { index: false } };

type Props = { params: Promise<{ id: string }> };

/** After sending: the confirmation, the tracking link, the cancel button and the receipt. */
export default async function SentPage({ params }: Props) {
  const { id } = await params;
  if (!isOrderId(id)) return <PageNotFound />;
  return <OrderConfirmation id={id} />;
}
