import { db } from "@/lib/db";
import { readCapability } from "@/lib/orders/capability-tokens";
import { trackingUrl } from "@/lib/orders/serialize-order";
import { CANCELABLE, HANDED_OVER, type OrderStatus } from "@/lib/orders/state-machine";
import type { Address } from "@/lib/letters/schemas";

export type CancelContext =
  | { ok: false; why: "missing" | "invalid" | "expired" | "not_found" }
  | {
      ok: true;
      orderId: string;
      format: string;
      to: { city: string; state: string };
      status: OrderStatus;
      sandbox: boolean;
      /** cancelable: the button is offered; canceled: already done; handed_over: too late; ended: refused or failed. */
      stage: "cancelable" | "canceled" | "handed_over" | "ended";
      trackingUrl: string;
    };

/** What the cancel page (the receipt's cancel link) shows for a cancel token: which letter, and whether it can still be canceled. */
export async function readCancelContext(token: string | null): Promise<CancelContext> {
  if (!token) return { ok: false, why: "missing" };
  const read = readCapability(token, "cancel");
  if (!read.ok) return { ok: false, why: read.why };
  const order = await db().order.findUnique({ where: { id: read.orderId } });
  if (!order) return { ok: false, why: "not_found" };
  const status = order.status as OrderStatus;
  const to = order.recipient as unknown as Address;
  const stage = CANCELABLE.includes(status) ? "cancelable" : status === "canceled" ? "canceled" : HANDED_OVER.includes(status) ? "handed_over" : "ended";
  return { ok: true, orderId: order.id, format: order.format, to: { city: to.city, state: to.state }, status, sandbox: order.sandbox, stage, trackingUrl: trackingUrl(order.trackingCode) };
}
