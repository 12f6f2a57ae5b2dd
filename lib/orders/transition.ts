import type { Prisma } from "@/lib/generated/prisma/client";
import { canTransition, type OrderStatus } from "@/lib/orders/state-machine";

export class TransitionConflict extends Error {
  constructor(readonly orderId: string, readonly from: OrderStatus, readonly to: OrderStatus) {
    super(`order ${orderId} is no longer ${from}; ${from} -> ${to} not applied`);
  }
}

type Tx = Prisma.TransactionClient;

/**
 * Moves an order from `from` to `to` and records the event, inside the caller's transaction.
 * The UPDATE only matches while the order is still in `from`, so of two racing transitions
 * exactly one applies; the other gets TransitionConflict.
 */
export async function transition(
  tx: Tx,
  orderId: string,
  from: OrderStatus,
  to: OrderStatus,
  cause: string,
  extra: Prisma.OrderUpdateManyMutationInput = {},
): Promise<void> {
  if (!canTransition(from, to)) throw new Error(`illegal transition ${from} -> ${to} for ${orderId}`);
  const { count } = await tx.order.updateMany({ where: { id: orderId, status: from }, data: { ...extra, status: to, updatedAt: new Date() } });
  if (count !== 1) throw new TransitionConflict(orderId, from, to);
  await tx.orderEvent.create({ data: { orderId, kind: "status", fromStatus: from, toStatus: to, cause } });
}
