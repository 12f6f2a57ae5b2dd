import { ApiError } from "@/lib/errors/api-error";
import { addressCaller } from "@/lib/http/define-route";
import { defineFormRoute, refusedFields } from "@/lib/http/define-form-route";
import { throttle } from "@/lib/http/throttle";
import { ReviewRequestSchema, submitReview } from "@/lib/reviews/submit-review";

// The review page's form without JavaScript: the same lib call as POST /v1/reviews, and a 303
// back to the page, which shows the thank-you or, next to each field, how to fix it.

const FIELDS = ["stars", "comment", "name", "city", "state", "category"] as const;

export const POST = defineFormRoute({ page: "/review", maxBytes: 32_000, name: "review form", backQuery }, async (form, request) => {
  const parsed = ReviewRequestSchema.safeParse(reviewOf(form));
  if (!parsed.success) return { refused: { error: "validation_error", fields: refusedFields(parsed.error.issues, FIELDS) } };
  const caller = addressCaller(request);
  if (!caller) throw new ApiError("unattributable_request");
  await throttle("reviews", caller);
  await submitReview(form.get("token")?.trim() || null, parsed.data, caller);
  return { done: true };
});

function reviewOf(form: URLSearchParams) {
  const stars = form.get("stars");
  return {
    stars: stars ? Number(stars) : undefined,
    comment: form.get("comment") ?? undefined,
    name: form.get("name") ?? undefined,
    // A cleared city or state falls back to the order's, as an absent one does in the API.
    city: form.get("city")?.trim() || undefined,
    state: form.get("state")?.trim() || undefined,
    category: form.get("category") || undefined,
  };
}

/** The token, the answer and, unless it succeeded, the values typed: nothing typed is lost. */
function backQuery(form: URLSearchParams, answer: Record<string, string>, done: boolean): URLSearchParams {
  const token = form.get("token")?.trim();
  const q = new URLSearchParams(token ? { token } : {});
  for (const [k, v] of Object.entries(answer)) q.set(k, v);
  if (!done) for (const f of FIELDS) if (form.get(f)) q.set(f, form.get(f)!);
  // A long comment in non-Latin script can outgrow a request line (16 KB): then it is not carried.
  if (q.toString().length > 6_000) q.delete("comment");
  return q;
}
