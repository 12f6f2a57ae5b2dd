import type { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/db";
import { log } from "@/lib/log";
import { returnCredit } from "@/lib/payments/credits/credits";
import { settleOrderPayment } from "@/lib/payments/checkout/settle-order-payment";
import type { OrderStatus } from "@/lib/orders/state-machine";
import { transition, type TransitionOptions } from "@/lib/orders/transition";

export type EndStatus = "refused" | "canceled" | "failed";

export type EndDetails = { refusalReason?: string; failureCode?: string; failureReason?: string; providerCheckNeeded?: boolean; screening?: Prisma.InputJsonValue };

/**
 * Ends an order without (or after failing at) mailing it, and gives its money back: a credit
 * debit goes back to the buckets it came from in the same transaction (released when the
 * letter never mailed, refunded when it failed), and a card payment is released or refunded
 * right after. If the provider cannot be reached now, the worker settles it later. `alsoWrite`
 * commits with the ending (see transition()).
 */
export async function endOrder(
  orderId: string,
  from: OrderStatus,
  to: EndStatus,
  cause: string,
  details: EndDetails = {},
  opts: Pick<TransitionOptions, "alsoWrite"> = {},
): Promise<void> {
  await db().$transaction(async (tx) => {
    await transition(tx, orderId, from, to, cause, details, { alsoWrite: opts.alsoWrite });
    await returnCredit(tx, orderId, to === "failed" ? "refund" : "release");
  });
  try {
    await settleOrderPayment(orderId);
  } catch (err) {
    log.warn({ err, orderId }, "the payment of an ended order could not be settled now; the worker retries");
  }
}
