import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { OrderConfirmation } from "@/components/sent/order-confirmation";

export const metadata: Metadata = { title: "Your letter", robots: { index: false } };

type Props = { params: Promise<{ id: string }> };

/** After sending: the confirmation, the tracking link, the cancel button and the receipt. */
export default async function SentPage({ params }: Props) {
  const { id } = await params;
  if (!/^ord_(test_)?[0-9a-z]{24}$/.test(id)) notFound();
  return <OrderConfirmation id={id} />;
}
