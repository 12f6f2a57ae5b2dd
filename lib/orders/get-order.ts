import { db } from "@/lib/db";
import { ApiError } from "@/lib/errors/api-error";

export async function getOrderRow(id: string) {
  return db().order.findUnique({ where: { id } });
}

export async function getOrderOrThrow(id: string) {
  const row = await getOrderRow(id);
  if (!row) throw new ApiError("order_not_found", `No order has the id ${id}.`);
  return row;
}
