import { dropBackstopJobs } from "@/lib/jobs/queues";
import { getOrderRow } from "@/lib/orders/get-order";
import { screenOrder } from "@/lib/pipeline/screen-order";
import { submitToCarrier } from "@/lib/pipeline/submit-to-carrier";
import { trackOrder } from "@/lib/pipeline/track-order";

/**
 * How long the jobs queued for an order wait when its caller goes on to do their work itself
 * (the creating request, or advanceOrder screening and then submitting): they only run if the
 * caller dies. Longer than a carrier call.
 */
export const BACKSTOP_SECONDS = 60;

type OrderRow = NonNullable<Awaited<ReturnType<typeof getOrderRow>>>;

/** Where an order stands after advanceOrder. */
export type AdvanceOutcome =
  /** Moved as far as it could go now (or nothing was due): the order as it is. */
  | { kind: "advanced"; order: OrderRow | null }
  /** Handed over, but the carrier could not be reached: nothing was created there, and the submit job tries again. */
  | { kind: "carrier_unavailable"; order: OrderRow; reason: string; retryAfterSeconds: number }
  /** A piece with its carrier whose tracking could not be read now. */
  | { kind: "tracking_unavailable"; reason: string };

/**
 * Takes an order through the steps due now, the same for the request that was paid and for the
 * worker's jobs: an order in `screening` is screened (refused, held, or handed over) and, once
 * handed over, given to its carrier; an order handed over but not yet with its carrier is given
 * to it; a piece already with its carrier has its tracking read (only when that is the first step
 * due: a letter handed over just now is not tracked in the same call). Every step is a
 * compare-and-set, so running this twice at once moves the order once.
 *
 * When it screens an order and then submits it itself, the submit job queued by the hand-off
 * waits BACKSTOP_SECONDS and is dropped once the order is settled: two submissions of one
 * letter never run side by side.
 */
export async function advanceOrder(orderId: string): Promise<AdvanceOutcome> {
  const order = await getOrderRow(orderId);
  if (!order) return { kind: "advanced", order: null };
  if (order.providerId && (order.status === "submitted" || order.status === "mailed")) {
    const tracked = await trackOrder(orderId);
    if (tracked.kind === "unavailable") return { kind: "tracking_unavailable", reason: tracked.reason };
    return { kind: "advanced", order: await getOrderRow(orderId) };
  }
  const handedOver = order.status === "screening" ? (await screenOrder(orderId, { jobDelaySeconds: BACKSTOP_SECONDS, order })) === "submitted" : order.status === "submitted";
  if (!handedOver) return settled(orderId);
  const submitted = await submitToCarrier(orderId); // skips unless submitted and not yet with the carrier
  if (submitted.kind !== "unavailable") return settled(orderId);
  return { kind: "carrier_unavailable", order: (await getOrderRow(orderId))!, reason: submitted.reason, retryAfterSeconds: submitted.retryAfterSeconds };
}

/** The order as screening or its carrier left it; settled (anything but waiting on the carrier or a sandbox hold), its backstop jobs go. */
async function settled(orderId: string): Promise<AdvanceOutcome> {
  const order = await getOrderRow(orderId);
  if (order && !(order.status === "screening" || (order.status === "submitted" && !order.providerId))) await dropBackstopJobs(orderId).catch(() => {});
  return { kind: "advanced", order };
}
