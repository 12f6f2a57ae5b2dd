import type { Metadata } from "next";
import { Notice } from "@/components/ui/notice";
import { FieldError } from "@/components/ui/field-error";
import { inputClass, primaryButton } from "@/components/ui/controls";
import { readReviewContext } from "@/lib/reviews/read-review-context";
import { REVIEW_CATEGORIES, reviewCategoryLabel } from "@/lib/reviews/review-categories";
import { messageFor } from "@/lib/http/message-for";

export const dynamic = "force-dynamic";
// The token in the address is a capability: keep it out of search engines and Referer headers.
export const metadata: Metadata = { title: "Review your letter", robots: { index: false }, referrer: "no-referrer" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

// How to fix each field, shown next to it after the form comes back (the form route sends
// only field names, so nothing in the address can put words on this page).
const FIELD_HELP: Record<string, string> = {
  stars: "Choose from 1 to 5 stars.",
  comment: "Write a comment of 1 to 2000 characters (line breaks are fine).",
  name: "Enter the name to show with your review: 1 to 80 characters on one line.",
  city: "Enter a city of up to 80 characters on one line, or clear it to use the city of your return address.",
  state: "Enter a two-letter state code such as NY, or clear it to use the state of your return address.",
  category: "Choose what kind of mail this was.",
};

const CODE_HELP: Record<string, string> = {
  capability_required: "This review link is incomplete. Open the link from your delivered e-mail again.",
  invalid_capability: "This review link is not valid or has expired (links last 7 days). Use the link in your delivered e-mail.",
  order_not_found: "We cannot find the letter this link was made for.",
  review_not_open: "Your letter has not been delivered yet. The review opens once it is.",
  review_exists: "This letter already has a review, so we kept the first one.",
  rate_limited: "Too many reviews from your connection in the last minute. Wait a minute, then send again.",
  body_too_large: "The form was too large. Shorten the comment and send again.",
  unattributable_request: "We could not tell where the form came from. Send it again.",
  internal_error: "Something went wrong on our side and nothing was saved. Send again in a moment.",
};


function one(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v[0] : v;
}

function day(iso: string): string {
  return new Date(iso).toLocaleDateString("en-US", { timeZone: "UTC", year: "numeric", month: "long", day: "numeric" });
}

export default async function ReviewPage({ searchParams }: Props) {
  const q = await searchParams;
  const token = one(q.token) ?? null;
  const ctx = await readReviewContext(token);

  if (!ctx.ok) {
    return (
      <article>
        <h1 className="text-2xl font-semibold tracking-tight">Review your letter</h1>
        <Notice tone="error">{messageFor(CODE_HELP, ctx.code, ctx.message)}</Notice>
        <p className="mt-4 text-sm text-stone-600">
          Review links arrive in the e-mail that says your letter was delivered. <a className="underline" href="/reviews">Read what other senders say</a>.
        </p>
      </article>
    );
  }

  const { letter } = ctx;
  const done = one(q.done) === "1";
  const code = one(q.error);
  const errors = new Set(code === "validation_error" ? (one(q.fields) ?? "").split(",").filter((f) => Object.hasOwn(FIELD_HELP, f)) : []);
  const value = (f: string) => one(q[f]);
  const stars = Number(value("stars"));
  const cityValue = value("city") ?? ctx.defaults.city;
  const stateValue = value("state") ?? ctx.defaults.state;
  // Help and error texts sit beside the field, outside its label: they describe it, they are not its name.
  const described = (field: string, help?: string) => {
    const ids = [help, errors.has(field) ? `${field}-error` : undefined].filter(Boolean).join(" ");
    return { ...(errors.has(field) ? { "aria-invalid": true } : {}), ...(ids ? { "aria-describedby": ids } : {}) };
  };

  return (
    <article>
      <p className="text-sm text-stone-500">
        {letter.format} · {letter.mailClass}
        {letter.sandbox ? " · sandbox (simulated, nothing was mailed)" : ""}
      </p>
      <h1 className="mt-1 text-2xl font-semibold tracking-tight">
        Review your letter to {letter.to.city}, {letter.to.state}
      </h1>
      <p className="mt-1 text-stone-600">{letter.deliveredAt ? `Delivered ${day(letter.deliveredAt)}.` : "Not delivered yet."}</p>

      {ctx.existing ? (
        <section>
          <Notice tone="ok">{done ? "Thank you: your review is saved." : "You have already reviewed this letter. Thank you."}</Notice>
          <blockquote className="mt-4 rounded-lg border border-stone-200 bg-white p-4">
            <p>
              <span role="img" aria-label={`${ctx.existing.stars} out of 5 stars`} className="text-amber-500">
                {"★".repeat(ctx.existing.stars)}
                <span className="text-stone-300">{"★".repeat(5 - ctx.existing.stars)}</span>
              </span>
            </p>
            <p className="mt-2 whitespace-pre-line">{ctx.existing.comment}</p>
            <footer className="mt-2 text-sm text-stone-500">
              {ctx.existing.name}, {ctx.existing.city}, {ctx.existing.state} · {reviewCategoryLabel(ctx.existing.category)}
            </footer>
          </blockquote>
          <p className="mt-4 text-sm text-stone-600">
            Reviews of 4 and 5 stars on delivered letters appear on <a className="underline" href="/reviews">the reviews page</a>.
          </p>
        </section>
      ) : ctx.closedReason ? (
        <Notice tone="info">{ctx.closedReason} Keep the link from the delivered e-mail: it opens the review once the letter has arrived.</Notice>
      ) : (
        <>
          {code && code !== "validation_error" ? <Notice tone="error">{messageFor(CODE_HELP, code, CODE_HELP.internal_error)}</Notice> : null}
          {errors.size > 0 ? <Notice tone="error">Some answers need a change; see the notes below.</Notice> : null}
          <form method="post" action="/review/submit" className="mt-6 flex flex-col gap-5">
            <input type="hidden" name="token" value={token ?? ""} />

            <fieldset className="rounded-lg border border-stone-200 bg-white p-4" {...described("stars")}>
              <legend className="px-1 text-sm font-semibold">How did it go?</legend>
              <div className="flex flex-wrap gap-3">
                {[1, 2, 3, 4, 5].map((n) => (
                  <label key={n} className="flex items-center gap-1.5 rounded border border-stone-300 px-3 py-1.5 text-sm has-[:checked]:border-amber-500 has-[:checked]:bg-amber-50">
                    <input type="radio" name="stars" value={n} required defaultChecked={stars === n} />
                    <span aria-hidden="true" className="text-amber-500">
                      {"★".repeat(n)}
                    </span>
                    <span>
                      {n} star{n > 1 ? "s" : ""}
                    </span>
                  </label>
                ))}
              </div>
              <FieldError id="stars-error" message={errors.has("stars") ? FIELD_HELP.stars : undefined} />
            </fieldset>

            <div className="flex flex-col gap-1 text-sm">
              <label htmlFor="review-comment" className="font-semibold">
                Your review
              </label>
              <textarea id="review-comment" name="comment" rows={5} maxLength={2000} required defaultValue={value("comment") ?? ""} className={inputClass} {...described("comment")} />
              <FieldError id="comment-error" message={errors.has("comment") ? FIELD_HELP.comment : undefined} />
            </div>

            <div className="grid grid-cols-1 gap-3 sm:grid-cols-6">
              <div className="flex flex-col gap-1 text-sm sm:col-span-6">
                <label htmlFor="review-name" className="font-semibold">
                  Name to show
                </label>
                <input id="review-name" name="name" maxLength={80} required autoComplete="given-name" defaultValue={value("name") ?? ""} className={inputClass} {...described("name", "name-help")} />
                <span id="name-help" className="text-stone-500">
                  Shown publicly with your review, e.g. your first name and an initial.
                </span>
                <FieldError id="name-error" message={errors.has("name") ? FIELD_HELP.name : undefined} />
              </div>
              <div className="flex flex-col gap-1 text-sm sm:col-span-4">
                <label htmlFor="review-city" className="font-semibold">
                  City
                </label>
                <input id="review-city" name="city" maxLength={80} defaultValue={cityValue} className={inputClass} {...described("city")} />
                <FieldError id="city-error" message={errors.has("city") ? FIELD_HELP.city : undefined} />
              </div>
              <div className="flex flex-col gap-1 text-sm sm:col-span-2">
                <label htmlFor="review-state" className="font-semibold">
                  State
                </label>
                <input id="review-state" name="state" maxLength={2} pattern="[A-Za-z]{2}" defaultValue={stateValue} className={`${inputClass} uppercase`} {...described("state")} />
                <FieldError id="state-error" message={errors.has("state") ? FIELD_HELP.state : undefined} />
              </div>
            </div>

            <div className="flex flex-col gap-1 text-sm">
              <label htmlFor="review-category" className="font-semibold">
                What did you send?
              </label>
              <select id="review-category" name="category" required defaultValue={value("category") ?? ""} className={inputClass} {...described("category")}>
                <option value="" disabled>
                  Choose one
                </option>
                {REVIEW_CATEGORIES.map((c) => (
                  <option key={c.value} value={c.value}>
                    {c.label}
                  </option>
                ))}
              </select>
              <FieldError id="category-error" message={errors.has("category") ? FIELD_HELP.category : undefined} />
            </div>

            <div>
              <button type="submit" className={primaryButton}>
                Send review
              </button>
              <p className="mt-2 text-sm text-stone-500">One review per letter. City and state start as those of your return address; change them if you like.</p>
            </div>
          </form>
        </>
      )}
    </article>
  );
}
