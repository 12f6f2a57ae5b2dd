import { defineRoute } from "@/lib/http/define-route";
import { listReviewsOperation, submitReviewOperation } from "@/lib/openapi/operations-more";
import { serveMethods } from "@/lib/http/fallback-routes";
import { submitReview } from "@/lib/reviews/submit-review";
import { listPublishedReviews } from "@/lib/reviews/list-published-reviews";

// The review token authorises a review, not the API key. A key, when sent, still narrows what
// its holder may do: a review is something a caller writes to us about the service, as
// feedback is, so it needs `feedback:write` (a key limited to quoting or sending mail cannot
// post reviews). The published list is public, like tracking: `mail:read`.

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveMethods({
  GET: defineRoute(listReviewsOperation, async () => ({ body: await listPublishedReviews() })),
  POST: defineRoute(submitReviewOperation, async ({ body, caller, request }) => ({
    http: 201,
    body: await submitReview(request.headers.get("x-capability-token"), body, caller),
  })),
});
