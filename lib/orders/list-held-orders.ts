import { db } from "@/lib/db";

/** Letters screening could not clear by itself, oldest first, with what made it hesitate. */
export async function listHeldOrders(limit = 100) {
  const rows = await db().order.findMany({
    where: { status: "held_for_review" },
    orderBy: { updatedAt: "asc" },
    take: limit,
    select: { id: true, sandbox: true, updatedAt: true, events: { where: { toStatus: "held_for_review" }, orderBy: { occurredAt: "desc" }, take: 1, select: { cause: true } } },
  });
  return rows.map((o) => ({ id: o.id, sandbox: o.sandbox, heldAt: o.updatedAt.toISOString(), why: o.events[0]?.cause ?? "" }));
}
