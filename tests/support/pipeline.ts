import { db } from "@/lib/db";
import { advanceOrder } from "@/lib/pipeline/advance-order";

// What the worker's order jobs do for one order right now (advanceOrder, as each of them runs
// it), run in the test's process so that tests sharing the database move only their own orders.
export async function runOrderJobs(orderId: string): Promise<string> {
  await advanceOrder(orderId);
  return (await db().order.findUniqueOrThrow({ where: { id: orderId }, select: { status: true } })).status;
}

/** Runs the order's jobs until it reaches `status` (sandbox scans come every SANDBOX_STEP_SECONDS). */
export async function driveUntil(orderId: string, status: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let now = "";
  while (Date.now() < deadline) {
    now = await runOrderJobs(orderId);
    if (now === status) return;
    await new Promise((r) => setTimeout(r, 30));
  }
  throw new Error(`order ${orderId} never reached ${status} (it is ${now})`);
}
