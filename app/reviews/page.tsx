import type { Metadata } from "next";
import { StarRating } from "@/components/reviews/star-rating";
import { displayCity } from "@/lib/letters/display-city";
import { listPublishedReviews } from "@/lib/reviews/list-published-reviews";
import { reviewCategoryLabel } from "@/lib/reviews/review-categories";
import { primaryButton } from "@/components/ui/controls";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Reviews", description: "What senders say about letters we printed and delivered." };

function day(iso: string): string {
  return new Date(iso).toLocaleDateString("en-US", { timeZone: "UTC", year: "numeric", month: "long", day: "numeric" });
}

/** The public wall: the same list as GET /v1/reviews. Server-rendered; no JavaScript needed. */
export default async function ReviewsPage() {
  const { reviews } = await listPublishedReviews();
  return (
    <article>
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Reviews</h1>
      <p className="mt-2 text-stone-700">
        From senders of real letters we printed and delivered. Each sender can review a letter once it has arrived; the most recent reviews of 4 and 5 stars are shown here.
      </p>
      {reviews.length === 0 ? (
        <div className="mt-8 rounded-lg border border-dashed border-stone-300 bg-white p-6 text-center" data-testid="reviews-empty">
          <p className="font-semibold">No reviews yet</p>
          <p className="mt-1 text-stone-700">They appear here once senders of delivered letters rate them 4 or 5 stars.</p>
          <p className="mt-4">
            <a href="/" className={primaryButton}>
              Send a letter
            </a>
          </p>
        </div>
      ) : (
        <ul className="mt-8 grid grid-cols-1 gap-4 sm:grid-cols-2" data-testid="reviews-list" aria-label={`${reviews.length} review${reviews.length === 1 ? "" : "s"}`}>
          {reviews.map((r) => (
            <li key={r.id} className="flex">
              <figure className="flex w-full flex-col rounded-lg border border-stone-200 bg-white p-4 sm:p-5">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <StarRating stars={r.stars} />
                  <span className="rounded-full bg-stone-100 px-2 py-0.5 text-xs text-stone-700">{reviewCategoryLabel(r.category)}</span>
                </div>
                <blockquote className="mt-3 flex-1 break-words whitespace-pre-line text-stone-900">{r.comment}</blockquote>
                <figcaption className="mt-3 text-sm text-stone-600">
                  <span className="font-semibold text-stone-800">{r.name}</span>
                  {r.city ? `, ${displayCity(r.city)}${r.state ? `, ${r.state}` : ""}` : r.state ? `, ${r.state}` : ""}
                  <span aria-hidden="true"> · </span>
                  <span className="sr-only">, </span>
                  <time dateTime={r.created_at}>{day(r.created_at)}</time>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}
