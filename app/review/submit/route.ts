import { ApiError } from "@/lib/errors/api-error";
import { addressCaller } from "@/lib/http/define-route";
import { readBodyBytes } from "@/lib/http/read-json-body";
import { throttle } from "@/lib/http/throttle";
import { log } from "@/lib/log";
import { ReviewRequestSchema, submitReview } from "@/lib/reviews/submit-review";

// The review page's form without JavaScript: a plain form post, the same lib call as
// POST /v1/reviews, and a 303 back to the page, which shows the thank-you or, next to each
// field, how to fix it. Only field names and error codes travel in the query, never text the
// page would echo as a message; the entered values come back so nothing typed is lost.

const MAX_FORM_BYTES = 32_000;
const MAX_BACK_QUERY = 6_000;
const FIELDS = ["stars", "comment", "name", "city", "state", "category"] as const;

export async function POST(request: Request): Promise<Response> {
  let form: URLSearchParams;
  try {
    form = new URLSearchParams((await readBodyBytes(request, MAX_FORM_BYTES)).toString("utf8"));
  } catch (err) {
    if (err instanceof ApiError) return backTo(new URLSearchParams({ error: err.code }));
    throw err;
  }
  const token = form.get("token")?.trim() || null;
  const back = (extra: Record<string, string>, keepValues: boolean) => {
    const q = new URLSearchParams(token ? { token } : {});
    for (const [k, v] of Object.entries(extra)) q.set(k, v);
    if (keepValues) for (const f of FIELDS) if (form.get(f)) q.set(f, form.get(f)!);
    // The typed values ride back in the address so nothing is lost, but a long comment in
    // non-Latin script can outgrow a request line (16 KB); then the comment is not carried.
    if (q.toString().length > MAX_BACK_QUERY) q.delete("comment");
    return backTo(q);
  };

  const stars = form.get("stars");
  const parsed = ReviewRequestSchema.safeParse({
    stars: stars ? Number(stars) : undefined,
    comment: form.get("comment") ?? undefined,
    name: form.get("name") ?? undefined,
    // A cleared city or state falls back to the order's, as an absent one does in the API.
    city: form.get("city")?.trim() || undefined,
    state: form.get("state")?.trim() || undefined,
    category: form.get("category") || undefined,
  });
  if (!parsed.success) {
    const fields = [...new Set(parsed.error.issues.map((i) => String(i.path[0] ?? "")).filter((f) => (FIELDS as readonly string[]).includes(f)))];
    return back({ error: "validation_error", fields: fields.join(",") }, true);
  }

  const caller = addressCaller(request);
  if (!caller) return back({ error: "unattributable_request" }, true);
  try {
    await throttle("reviews", caller);
    await submitReview(token, parsed.data, caller);
  } catch (err) {
    if (!(err instanceof ApiError)) {
      log.error({ err }, "review form failed");
      return back({ error: "internal_error" }, true);
    }
    return back({ error: err.code }, true);
  }
  return back({ done: "1" }, false);
}

function backTo(query: URLSearchParams): Response {
  // A relative Location: the browser resolves it against the page it posted from.
  return new Response(null, { status: 303, headers: { Location: `/review?${query}`, "cache-control": "no-store" } });
}
