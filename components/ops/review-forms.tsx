import { refuseHeld, releaseHeld } from "@/app/ops/actions";
import { dangerButton, inputClass, primaryButton } from "@/components/ui/controls";
import { categoryLabel } from "@/lib/screening/refusal-reasons";
import { REFUSAL_CATEGORIES, type RefusalCategory } from "@/lib/screening/screener";

/** How to fix each problem a review form can come back with. */
export const REVIEW_ERRORS: Record<string, string> = {
  reason_too_short: "Write the reason the sender will read, at least 10 characters (for example: It threatens the recipient.), then press Refuse again.",
  reason_too_long: "Shorten the reason to at most 500 characters (the sender reads it in an e-mail), then press Refuse again.",
  order_state_conflict:
    "Nothing was done: the letter is no longer held for review (someone acted on it first), or it could not be handed over and failed (a lapsed card authorization). Open the order to see its timeline.",
  order_not_found: "No order has that id. Reload the queue and try again.",
  category_missing: "Choose what kind of letter this is from the list (it is kept as a training label), then press Refuse again.",
};

/**
 * Release and refuse, side by side; plain forms that work without JavaScript. The refuse form
 * starts from the screener's category and its standard reason; both may be changed. Either
 * decision is kept as a training label.
 */
export function ReviewForms({ orderId, back, error, suggested }: { orderId: string; back: string; error: string | null; suggested: { category: RefusalCategory; reason: string } }) {
  const reasonError = error === "reason_too_short" || error === "reason_too_long" ? REVIEW_ERRORS[error] : null;
  const reasonId = `reason-${orderId}`;
  const categoryId = `category-${orderId}`;
  return (
    <div className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-[auto_1fr] sm:items-start">
      <form action={releaseHeld}>
        <input type="hidden" name="order_id" value={orderId} />
        <input type="hidden" name="back" value={back} />
        <button type="submit" className={primaryButton} data-testid="release">
          {/* One span: a flex container drops the spaces around the screen-reader text. */}
          <span>
            Release<span className="sr-only"> {orderId}</span> to the printer
          </span>
        </button>
        <p className="mt-1 max-w-48 text-xs text-stone-600">Hands it to the carrier and captures its payment. Kept as a lawful training label.</p>
      </form>
      <form action={refuseHeld} className="rounded border border-stone-200 p-3">
        <input type="hidden" name="order_id" value={orderId} />
        <input type="hidden" name="back" value={back} />
        <label htmlFor={categoryId} className="block text-sm font-medium">
          What kind of letter<span className="sr-only"> {orderId}</span> is this (kept as a training label)
        </label>
        <select
          id={categoryId}
          name="category"
          defaultValue={suggested.category}
          aria-invalid={error === "category_missing" ? true : undefined}
          aria-describedby={error === "category_missing" ? `${categoryId}-error` : undefined}
          className={`mt-1 mb-3 ${inputClass}`}
          data-testid="refuse-category"
        >
          {REFUSAL_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {categoryLabel(c)}
            </option>
          ))}
        </select>
        {error === "category_missing" ? (
          <p id={`${categoryId}-error`} className="-mt-2 mb-3 text-sm text-red-800">
            {REVIEW_ERRORS.category_missing}
          </p>
        ) : null}
        <label htmlFor={reasonId} className="block text-sm font-medium">
          Reason for refusing<span className="sr-only"> {orderId}</span> (the sender reads it word for word)
        </label>
        <textarea
          id={reasonId}
          name="reason"
          required
          minLength={10}
          maxLength={500}
          rows={3}
          defaultValue={suggested.reason}
          aria-invalid={reasonError ? true : undefined}
          aria-describedby={reasonError ? `${reasonId}-error` : `${reasonId}-help`}
          className={`mt-1 ${inputClass}`}
        />
        {reasonError ? (
          <p id={`${reasonId}-error`} className="mt-1 text-sm text-red-800">
            {reasonError}
          </p>
        ) : (
          <p id={`${reasonId}-help`} className="mt-1 text-xs text-stone-600">
            10 to 500 characters. Say what in the letter cannot be mailed; do not quote it. The payment is released.
          </p>
        )}
        <button type="submit" className={`mt-2 ${dangerButton}`}>
          Refuse<span className="sr-only"> {orderId}</span>
        </button>
      </form>
    </div>
  );
}
