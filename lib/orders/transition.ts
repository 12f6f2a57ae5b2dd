import type { Order, Prisma } from "@/lib/generated/prisma/client";
import { canTransition, type OrderStatus } from "@/lib/orders/state-machine";
import { enqueueOrderJob, ORDER_QUEUES } from "@/lib/jobs/queues";
import { queueStatusNotifications } from "@/lib/orders/queue-order-notifications";
import { orderTransitions } from "@/lib/metrics/metrics";

export class TransitionConflict extends Error {
  constructor(readonly orderId: string, readonly from: OrderStatus, readonly to: OrderStatus) {
    super(`order ${orderId} is no longer ${from}; ${from} -> ${to} not applied`);
  }
}

type Tx = Prisma.TransactionClient;

export type TransitionOptions = {
  /** For callers that do the work themselves at once: the queued job is then only the backstop that runs if they die. */
  jobDelaySeconds?: number;
  /**
   * Writes that must commit with the change or not at all (an operator's order event and audit
   * row): run in the same transaction once the change has applied, so a transition that loses
   * its race writes none of them.
   */
  alsoWrite?: (tx: Tx) => Promise<void>;
};

/** The work each status calls for, queued in the same transaction that enters it. */
const WORK_ON_ENTERING: Partial<Record<OrderStatus, (typeof ORDER_QUEUES)[keyof typeof ORDER_QUEUES]>> = {
  screening: ORDER_QUEUES.screen,
  submitted: ORDER_QUEUES.submit,
};

/**
 * Moves an order from `from` to `to`, records the event and queues the work the new status
 * calls for and the webhook and e-mail it tells the sender, inside the caller's transaction. The UPDATE only matches while the order is still
 * in `from`, so of two racing transitions exactly one applies; the other gets
 * TransitionConflict. The database refuses any edge the state machine lacks (a trigger).
 * Answers the order as the change left it.
 */
export async function transition(
  tx: Tx,
  orderId: string,
  from: OrderStatus,
  to: OrderStatus,
  cause: string,
  extra: Prisma.OrderUpdateManyMutationInput = {},
  opts: TransitionOptions = {},
): Promise<Order> {
  if (!canTransition(from, to)) throw new Error(`illegal transition ${from} -> ${to} for ${orderId}`);
  // The changed row comes back with the change (one round trip): the notifications below are
  // written from it, so nothing reads the order again.
  const changed = await tx.order.updateManyAndReturn({ where: { id: orderId, status: from }, data: { ...extra, status: to, updatedAt: new Date() } });
  if (changed.length !== 1) throw new TransitionConflict(orderId, from, to);
  await tx.orderEvent.create({ data: { orderId, kind: "status", fromStatus: from, toStatus: to, cause } });
  const queue = WORK_ON_ENTERING[to];
  if (queue) await enqueueOrderJob(tx, queue, orderId, { delaySeconds: opts.jobDelaySeconds });
  await queueStatusNotifications(tx, changed[0], to);
  if (opts.alsoWrite) await opts.alsoWrite(tx);
  // Counted once the change has applied in its transaction; the rare transaction that still
  // rolls back after this (a later write of the caller's failing) is counted all the same.
  orderTransitions.inc({ to_status: to });
  return changed[0];
}
