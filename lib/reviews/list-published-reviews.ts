import { db } from "@/lib/db";
import { serializeReview } from "@/lib/reviews/serialize-review";

export const PUBLISHED_REVIEWS_LIMIT = 24;

type Row = { id: string; stars: number; comment: string; name: string; city: string; state: string; category: string; createdAt: Date };

/**
 * GET /v1/reviews (spec 4.8): 4- and 5-star reviews of real letters, that is live (not sandbox)
 * orders that were delivered, newest first, at most 24. Review has no Prisma relation to Order,
 * so the join is SQL.
 */
export async function listPublishedReviews() {
  const rows = await db().$queryRaw<Row[]>`
    SELECT r.id, r.stars, r.comment, r.name, r.city, r.state, r.category, r.created_at AS "createdAt"
    FROM reviews r JOIN orders o ON o.id = r.order_id
    WHERE r.stars >= 4 AND o.sandbox = false AND o.status = 'delivered'
    ORDER BY r.created_at DESC, r.id DESC
    LIMIT ${PUBLISHED_REVIEWS_LIMIT}`;
  return { status: "ok" as const, reviews: rows.map(serializeReview) };
}
