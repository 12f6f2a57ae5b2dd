import type { Order as OrderRow, Prisma } from "@/lib/generated/prisma/client";
import type { Address } from "@/lib/letters/schemas";
import type { BreakdownLine } from "@/lib/quotes/pricing";
import { env } from "@/lib/env";

/**
 * The columns the public Order is made of: what a list of orders reads, rather than every
 * order's text (up to 50,000 characters), addresses and secrets.
 */
export const PUBLIC_ORDER_COLUMNS = {
  id: true,
  status: true,
  sandbox: true,
  format: true,
  mailClass: true,
  pageCount: true,
  color: true,
  recipient: true,
  priceCents: true,
  breakdown: true,
  trackingNumber: true,
  expectedDeliveryDate: true,
  refusalReason: true,
  failureCode: true,
  failureReason: true,
  createdAt: true,
  updatedAt: true,
} as const satisfies Prisma.OrderSelect;

/** The public Order of spec 2.2: every field present, nulls as null, no street lines. */
export function serializeOrder(o: Pick<OrderRow, keyof typeof PUBLIC_ORDER_COLUMNS>) {
  const to = o.recipient as unknown as Address;
  return {
    id: o.id,
    status: o.status,
    sandbox: o.sandbox,
    format: o.format,
    mail_class: o.mailClass,
    page_count: o.pageCount,
    color: o.color,
    to: { name: to.name, city: to.city, state: to.state, zip: to.zip },
    price_cents: o.priceCents,
    breakdown: o.breakdown as unknown as BreakdownLine[],
    tracking_number: o.trackingNumber,
    expected_delivery_date: o.expectedDeliveryDate,
    refusal_reason: o.refusalReason,
    /** Why a failed order failed (its payment is refunded), and the code for machines. */
    failure_code: o.failureCode,
    failure_reason: o.failureReason,
    created_at: o.createdAt.toISOString(),
    updated_at: o.updatedAt.toISOString(),
  };
}

export type PublicOrder = ReturnType<typeof serializeOrder>;

export function trackingUrl(trackingCode: string): string {
  return `${env().PUBLIC_BASE_URL}/t/${trackingCode}`;
}
