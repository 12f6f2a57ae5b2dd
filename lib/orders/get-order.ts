import { db } from "@/lib/db";
import { ApiError } from "@/lib/http/api-error";
import { serializeOrder, trackingUrl } from "@/lib/orders/serialize-order";
import { getProofLinks } from "@/lib/documents/proofs";

export async function getOrderRow(id: string) {
  return db().order.findUnique({ where: { id } });
}

export async function getOrderOrThrow(id: string) {
  const row = await getOrderRow(id);
  if (!row) throw new ApiError("order_not_found", `No order has the id ${id}.`);
  return row;
}

/** GET /v1/orders/{id}: the order, its public tracking link and its proof (the PDF that prints). */
export async function readOrder(id: string) {
  const row = await getOrderOrThrow(id);
  return { status: "ok" as const, order: serializeOrder(row), tracking_url: trackingUrl(row.trackingCode), proof: await getProofLinks(row.proofId) };
}
