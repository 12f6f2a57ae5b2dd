import { db } from "@/lib/db";
import { screenOrder } from "@/lib/pipeline/screen-order";
import { submitToCarrier } from "@/lib/pipeline/submit-to-carrier";
import { trackOrder } from "@/lib/pipeline/track-order";

// What the worker's queues would do for one order right now, run in the test's process so
// that tests sharing the database move only their own orders (the job handlers themselves).
export async function runOrderJobs(orderId: string): Promise<string> {
  const order = await db().order.findUniqueOrThrow({ where: { id: orderId } });
  if (order.status === "screening") await screenOrder(orderId);
  else if (order.status === "submitted" && !order.providerId) await submitToCarrier(orderId);
  else if ((order.status === "submitted" || order.status === "mailed") && order.providerId) await trackOrder(orderId);
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
