import type { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/db";
import { expectedDeliveryDate } from "@/lib/fulfillment/delivery-estimate";
import { carrierForOrder } from "@/lib/fulfillment/carrier-from-env";
import type { Format, MailClass } from "@/lib/letters/formats";
import { endOrder } from "@/lib/pipeline/end-order";
import { transition, type TransitionOptions } from "@/lib/orders/transition";
import { checkAuthorization } from "@/lib/payments/checkout/settle-order-payment";

export type HandOverResult = "submitted" | "lapsed" | "no_rail" | "skipped";

/**
 * The hand-off: a letter that cleared screening (or an operator's review) becomes `submitted`
 * to a chosen carrier, once its card authorization is known to be still there. In one
 * transaction that holds the order row, so a racing cancel either lands before or gets 409
 * after. The carrier is called afterwards (submitToCarrier), by the caller or by the submit job
 * this transition queues, and the card is charged only when the carrier accepts the letter
 * (charging rule 3: after screening; and a letter the carrier refuses is never charged).
 */
export async function handOverOrder(
  orderId: string,
  from: "screening" | "held_for_review",
  opts: TransitionOptions & { clearedBy?: string; /** Also written on the order by the hand-off's own update (screening's evidence). */ screening?: Prisma.InputJsonValue } = {},
): Promise<HandOverResult> {
  const outcome = await db().$transaction(
    async (tx) => {
      const [order] = await tx.$queryRaw<{ id: string; sandbox: boolean; format: string; mail_class: string }[]>`
        SELECT id, sandbox, format, mail_class FROM orders WHERE id = ${orderId} AND status = ${from} FOR UPDATE SKIP LOCKED`;
      if (!order) return "skipped" as const;
      const carrier = carrierForOrder(order.sandbox);
      if (!carrier || carrier.noRailReason(order.format as Format, order.mail_class as MailClass)) return "no_rail" as const;
      const paid = await checkAuthorization(tx, orderId);
      if (paid === "lapsed") return "lapsed" as const;
      const now = new Date();
      const cleared = opts.clearedBy ?? (from === "screening" ? "cleared screening" : "released by an operator after review");
      await transition(
        tx,
        orderId,
        from,
        "submitted",
        `${cleared}; handed to the ${carrier.name} carrier${paid === "card" ? " (the card is charged once the carrier accepts the letter)" : ""}`,
        { carrier: carrier.name, submittedAt: now, expectedDeliveryDate: expectedDeliveryDate(order.mail_class as MailClass, now), ...(opts.screening !== undefined ? { screening: opts.screening } : {}) },
        opts,
      );
      return "submitted" as const;
    },
    { timeout: 30_000, maxWait: 10_000 },
  );
  if (outcome === "lapsed") await endOrder(orderId, from, "failed", "the card authorization lapsed before capture; nothing was charged", { failureCode: "payment_lapsed", failureReason: "The card authorization expired before the letter could be handed over. Nothing was charged." });
  if (outcome === "no_rail") {
    await endOrder(orderId, from, "failed", "no carrier rail for this format on this deployment", {
      failureCode: "no_rail_for_format",
      failureReason: "This deployment can no longer print this format and class. Nothing is charged.",
    });
  }
  return outcome;
}
