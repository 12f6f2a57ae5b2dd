import { displayCity } from "@/lib/letters/display-city";
import { ApiError } from "@/lib/errors/api-error";
import { readCapability } from "@/lib/orders/capability-tokens";
import { getOrderRow } from "@/lib/orders/get-order";
import type { Address } from "@/lib/letters/schemas";

// A review names no order: its identity is derived from the review token (spec 5.7).

/** The order a review token was issued for; throws the envelope's capability codes otherwise. */
export async function orderForReviewToken(token: string | null, now = Date.now()) {
  if (!token) throw new ApiError("capability_required", "A review needs the review_token of the order in the X-Capability-Token header.");
  const read = readCapability(token, "review", now);
  if (!read.ok) {
    throw new ApiError(
      "invalid_capability",
      read.why === "expired"
        ? "The review token has expired (capability tokens last 7 days); the delivered e-mail carries a fresh review link."
        : "The token is not a review token this service issued (a cancel_token does not work for reviews).",
    );
  }
  const order = await getOrderRow(read.orderId);
  if (!order) throw new ApiError("order_not_found", `No order has the id ${read.orderId}.`);
  return order;
}

type OrderRow = NonNullable<Awaited<ReturnType<typeof getOrderRow>>>;

const NEVER_DELIVERED = new Set(["refused", "canceled", "failed"]);

/** Throws review_not_open unless the letter has been delivered. */
export function assertReviewOpen(order: Pick<OrderRow, "status">): void {
  if (order.status === "delivered") return;
  throw new ApiError(
    "review_not_open",
    NEVER_DELIVERED.has(order.status)
      ? `The order ended ${order.status} and was never delivered, so it cannot be reviewed.`
      : `The letter has not been delivered yet (status ${order.status}); reviews open once it is delivered.`,
  );
}

/**
 * Where the reviewer writes from, when they do not say. The reviewer is the sender (the review
 * link goes to the order's e-mail, given by whoever sent it), so the default is the sender's
 * return address, not the recipient's. It was stored as verified, in the carrier's capitals
 * ("TROY"); the public wall reads better as "Troy".
 */
export function reviewerPlace(order: Pick<OrderRow, "sender">): { city: string; state: string } {
  const from = order.sender as unknown as Address;
  return { city: displayCity(from.city), state: from.state.toUpperCase() };
}
