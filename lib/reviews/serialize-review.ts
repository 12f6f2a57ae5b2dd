import type { Review as ReviewRow } from "@/lib/generated/prisma/client";

/** The public Review of spec 2.6. `sample` is left out: every review here is a real one. */
export function serializeReview(r: Pick<ReviewRow, "id" | "stars" | "comment" | "name" | "city" | "state" | "category" | "createdAt">) {
  return {
    id: r.id,
    stars: r.stars,
    comment: r.comment,
    name: r.name,
    city: r.city,
    state: r.state,
    category: r.category,
    created_at: r.createdAt.toISOString(),
  };
}

export type PublicReview = ReturnType<typeof serializeReview>;
