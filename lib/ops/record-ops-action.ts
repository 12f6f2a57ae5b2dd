import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";

export type OpsAction = "order.release" | "order.refuse" | "key.issue" | "key.disable" | "feedback.handle" | "feedback.reopen";

/**
 * Writes what an operator did to the audit log (shown on /ops/logs), in the transaction that
 * does it: the action and its row commit together, or neither does.
 */
export async function recordOpsAction(tx: Prisma.TransactionClient, operator: string, action: OpsAction, subject: string, detail?: string): Promise<void> {
  await tx.opsAuditEntry.create({ data: { operator, action, subject, detail: detail ?? null } });
}

export async function listOpsActions(limit = 50) {
  const rows = await db().opsAuditEntry.findMany({ orderBy: [{ at: "desc" }, { id: "desc" }], take: limit });
  return rows.map((r) => ({ id: r.id.toString(), operator: r.operator, action: r.action, subject: r.subject, detail: r.detail, at: r.at }));
}
