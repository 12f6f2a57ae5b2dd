import { ApiError } from "@/lib/errors/api-error";
import { checkCapability } from "@/lib/orders/capability-tokens";
import { getOrderOrThrow } from "@/lib/orders/get-order";
import { serializeOrder, trackingUrl } from "@/lib/orders/serialize-order";
import { CANCELABLE, HANDED_OVER, type OrderStatus } from "@/lib/orders/state-machine";
import { endOrder } from "@/lib/pipeline/end-order";
import { TransitionConflict } from "@/lib/orders/transition";

/**
 * DELETE /v1/orders/{id} (spec 4.6): free, and possible only before hand-off; any payment hold
 * is released and a credit debit goes back to its code. Canceling an
 * order that is already canceled answers as the first cancel did, so retries are safe.
 */
export async function cancelOrder(id: string, capabilityToken: string | null) {
  if (!capabilityToken) throw new ApiError("capability_required");
  const check = checkCapability(capabilityToken, id, "cancel");
  if (!check.ok) {
    const reason = {
      invalid: "The capability token is not a cancel token this service issued.",
      expired: "The cancel token has expired (capability tokens last 7 days).",
      other_order: "The cancel token was issued for another order.",
    }[check.why];
    throw new ApiError("invalid_capability", reason);
  }

  for (let attempt = 0; attempt < 3; attempt++) {
    const row = await getOrderOrThrow(id);
    const status = row.status as OrderStatus;
    if (status === "canceled") return respond(row);
    if (HANDED_OVER.includes(status)) {
      throw new ApiError("already_submitted", `The letter was already handed to the carrier (status ${status}); it can no longer be canceled.`);
    }
    if (!CANCELABLE.includes(status)) throw new ApiError("order_not_cancelable", `The order has ended (${status}) and cannot be canceled.`);
    try {
      await endOrder(id, status, "canceled", "canceled by the sender");
      return respond(await getOrderOrThrow(id));
    } catch (err) {
      if (!(err instanceof TransitionConflict)) throw err;
      // The order moved on while we looked: read it again and decide afresh.
    }
  }
  throw new ApiError("service_unavailable", "The order is changing too fast to cancel right now; retry.", { headers: { "Retry-After": "1" } });
}

function respond(row: Awaited<ReturnType<typeof getOrderOrThrow>>) {
  return { status: "ok" as const, order: serializeOrder(row), tracking_url: trackingUrl(row.trackingCode) };
}
