import { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/db";
import { deleteProof } from "@/lib/documents/proofs";
import { sweepUnusedUploads, UNUSED_UPLOAD_DAYS } from "@/lib/documents/uploads";

export const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/**
 * The 30-day sweep (spec 8.1): uploads no order printed; the prepared letters (full addresses
 * and content) of quotes that never became orders; and every proof nothing refers to any more
 * (those quotes' proofs, and any left behind by a quote that failed after saving its proof).
 * Safe to run from any number of workers at once: every delete is conditional, and deleting
 * twice is harmless.
 */
export async function sweepStaleDocuments(now = new Date()): Promise<{ uploads: number; quoteProofs: number }> {
  let uploads = 0;
  for (let n = -1; n !== 0; ) {
    n = await sweepUnusedUploads(now);
    uploads += n;
  }
  const cutoff = new Date(now.getTime() - UNUSED_UPLOAD_DAYS * 86_400_000);
  await db().quote.updateMany({
    where: { orderId: null, createdAt: { lt: cutoff }, proofId: { not: null } },
    data: { proofId: null, letter: Prisma.DbNull },
  });
  let quoteProofs = 0;
  for (;;) {
    const orphans = await db().$queryRaw<{ id: string }[]>`
      SELECT p.id FROM proofs p
      WHERE p.created_at < ${cutoff}
        AND NOT EXISTS (SELECT 1 FROM quotes q WHERE q.proof_id = p.id)
        AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.proof_id = p.id)
      LIMIT 200`;
    if (orphans.length === 0) break;
    for (const { id } of orphans) await deleteProof(id);
    quoteProofs += orphans.length;
  }
  return { uploads, quoteProofs };
}
