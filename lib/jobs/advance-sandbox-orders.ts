import { db } from "@/lib/db";
import { env } from "@/lib/env";
import type { Address } from "@/lib/letters/schemas";
import { SANDBOX_SCANS, transitHub } from "@/lib/fulfillment/sandbox-carrier";
import { transition } from "@/lib/orders/transition";
import type { OrderStatus } from "@/lib/orders/state-machine";

/**
 * One pass of the simulated carrier: every order it carries (sandbox orders, and live ones
 * while no live carrier is configured) whose next scan is due gets it.
 * Rows are claimed with FOR UPDATE SKIP LOCKED, so any number of workers can run this at
 * once without emitting a scan twice. Returns the number of scans emitted.
 */
export async function advanceSandboxOrders(limit = 50): Promise<number> {
  return db().$transaction(async (tx) => {
    const due = await tx.$queryRaw<{ id: string }[]>`
      SELECT id FROM orders
      WHERE status IN ('submitted', 'mailed') AND next_step_at <= now()
      ORDER BY next_step_at
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED`;
    for (const { id } of due) {
      const order = await tx.order.findUniqueOrThrow({ where: { id } });
      const scan = SANDBOX_SCANS[order.carrierStep];
      if (!scan) {
        await tx.order.update({ where: { id }, data: { nextStepAt: null } });
        continue;
      }
      const from = order.sender as unknown as Address;
      const to = order.recipient as unknown as Address;
      const place = scan.place === "origin" ? { city: from.city, state: from.state, zip: from.zip }
        : scan.place === "destination" ? { city: to.city, state: to.state, zip: to.zip }
        : transitHub(from, to);
      const isLast = order.carrierStep + 1 >= SANDBOX_SCANS.length;
      const stepData = {
        carrierStep: order.carrierStep + 1,
        nextStepAt: isLast ? null : new Date(Date.now() + env().SANDBOX_STEP_SECONDS * 1000),
      };
      if (scan.toStatus) {
        await transition(tx, id, order.status as OrderStatus, scan.toStatus, `sandbox carrier: ${scan.description}`, stepData);
      } else {
        await tx.order.update({ where: { id }, data: { ...stepData, updatedAt: new Date() } });
      }
      await tx.orderEvent.create({
        data: { orderId: id, kind: "scan", cause: "sandbox carrier", description: scan.description, city: place.city, state: place.state, zip: place.zip },
      });
    }
    return due.length;
  });
}
