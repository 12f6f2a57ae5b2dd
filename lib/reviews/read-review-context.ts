import { displayCity } from "@/lib/letters/display-city";
import { db } from "@/lib/db";
import { ApiError } from "@/lib/errors/api-error";
import { FORMAT_LABELS, MAIL_CLASS_LABELS, type Format, type MailClass } from "@/lib/letters/formats";
import type { Address } from "@/lib/letters/schemas";
import { assertReviewOpen, orderForReviewToken, reviewerPlace } from "@/lib/reviews/order-for-review";
import { serializeReview, type PublicReview } from "@/lib/reviews/serialize-review";

export type ReviewContext =
  | { ok: false; code: string; message: string }
  | {
      ok: true;
      letter: { format: string; mailClass: string; to: { city: string; state: string }; deliveredAt: string | null; sandbox: boolean };
      /** Why the form is closed (not delivered yet, or never will be), else null. */
      closedReason: string | null;
      existing: PublicReview | null;
      defaults: { city: string; state: string };
    };

/**
 * What the review page (/review?token=...) shows: which letter, whether it can be reviewed,
 * and the review already left. Only the recipient's city and state, as on the tracking page.
 */
export async function readReviewContext(token: string | null, now = Date.now()): Promise<ReviewContext> {
  let order;
  try {
    order = await orderForReviewToken(token, now);
  } catch (err) {
    if (err instanceof ApiError) return { ok: false, code: err.code, message: err.message };
    throw err;
  }
  const [delivered, existing] = await Promise.all([
    db().orderEvent.findFirst({ where: { orderId: order.id, kind: "status", toStatus: "delivered" }, orderBy: { occurredAt: "desc" } }),
    db().review.findUnique({ where: { orderId: order.id } }),
  ]);
  let closedReason: string | null = null;
  try {
    assertReviewOpen(order);
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    closedReason = err.message;
  }
  const to = order.recipient as unknown as Address;
  return {
    ok: true,
    letter: {
      format: FORMAT_LABELS[order.format as Format] ?? order.format,
      mailClass: MAIL_CLASS_LABELS[order.mailClass as MailClass] ?? order.mailClass,
      to: { city: displayCity(to.city), state: to.state },
      deliveredAt: delivered ? delivered.occurredAt.toISOString() : null,
      sandbox: order.sandbox,
    },
    closedReason,
    existing: existing ? serializeReview(existing) : null,
    defaults: reviewerPlace(order),
  };
}
