import type { Metadata } from "next";
import { listPublishedReviews } from "@/lib/reviews/list-published-reviews";
import { reviewCategoryLabel } from "@/lib/reviews/review-categories";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Reviews", description: "What senders say about letters we printed and delivered." };

function day(iso: string): string {
  return new Date(iso).toLocaleDateString("en-US", { timeZone: "UTC", year: "numeric", month: "long", day: "numeric" });
}

/** The public wall: the same list as GET /v1/reviews. */
export default async function ReviewsPage() {
  const { reviews } = await listPublishedReviews();
  return (
    <article>
      <h1 className="text-2xl font-semibold tracking-tight">Reviews</h1>
      <p className="mt-1 text-stone-600">From senders of real letters we delivered. Each sender may review a letter once it has arrived.</p>
      {reviews.length === 0 ? (
        <p className="mt-6 rounded-lg border border-stone-200 bg-white p-4 text-stone-600" data-testid="reviews-empty">
          No reviews yet. They appear here once senders of delivered letters rate them 4 or 5 stars.
        </p>
      ) : (
        <ul className="mt-6 flex flex-col gap-4" data-testid="reviews-list">
          {reviews.map((r) => (
            <li key={r.id} className="rounded-lg border border-stone-200 bg-white p-4">
              <p className="flex flex-wrap items-baseline justify-between gap-2">
                <span role="img" aria-label={`${r.stars} out of 5 stars`} className="text-amber-500">
                  {"★".repeat(r.stars)}
                  <span className="text-stone-300">{"★".repeat(5 - r.stars)}</span>
                </span>
                <span className="text-sm text-stone-500">{reviewCategoryLabel(r.category)}</span>
              </p>
              <p className="mt-2 whitespace-pre-line">{r.comment}</p>
              <p className="mt-2 text-sm text-stone-500">
                {r.name}, {r.city}, {r.state} · <time dateTime={r.created_at}>{day(r.created_at)}</time>
              </p>
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}
