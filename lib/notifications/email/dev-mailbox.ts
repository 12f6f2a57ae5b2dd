import { db } from "@/lib/db";
import { env, isDevelopment } from "@/lib/env";

/** The development mailbox is open only where it stands in for SMTP: never in production. */
export function devMailboxOpen(): boolean {
  return isDevelopment() && !env().SMTP_URL;
}

export async function listDevMail(limit = 100) {
  return db().devMail.findMany({ orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: limit, select: { id: true, to: true, subject: true, createdAt: true } });
}

export async function readDevMail(id: string) {
  return db().devMail.findUnique({ where: { id } });
}
