import { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/db";
import { deleteProof } from "@/lib/documents/proofs";
import { sweepUnusedUploads, UNUSED_UPLOAD_DAYS } from "@/lib/documents/uploads";

export const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/**
 * The 30-day sweep (spec 8.1): uploads no order printed, and the proofs and prepared letters
 * (full addresses and content) of quotes that never became orders. Safe to run from any
 * number of workers at once: every delete is conditional and deleting twice is harmless.
 */
export async function sweepStaleDocuments(now = new Date()): Promise<{ uploads: number; quoteProofs: number }> {
  let uploads = 0;
  for (let n = -1; n !== 0; ) {
    n = await sweepUnusedUploads(now);
    uploads += n;
  }
  const cutoff = new Date(now.getTime() - UNUSED_UPLOAD_DAYS * 86_400_000);
  let quoteProofs = 0;
  for (;;) {
    const stale = await db().quote.findMany({
      where: { orderId: null, createdAt: { lt: cutoff }, proofId: { not: null } },
      select: { id: true, proofId: true },
      take: 200,
    });
    if (stale.length === 0) break;
    for (const q of stale) {
      const cleared = await db().quote.updateMany({ where: { id: q.id, orderId: null }, data: { proofId: null, letter: Prisma.DbNull } });
      if (cleared.count === 1 && q.proofId) {
        await deleteProof(q.proofId);
        quoteProofs += 1;
      }
    }
  }
  return { uploads, quoteProofs };
}
