import { refuseHeld, releaseHeld } from "@/app/ops/actions";
import { dangerButton, inputClass, primaryButton } from "@/components/ops/ops-ui";

/** How to fix each problem a review form can come back with. */
export const REVIEW_ERRORS: Record<string, string> = {
  reason_too_short: "Write the reason the sender will read, at least 10 characters (for example: It threatens the recipient.), then press Refuse again.",
  reason_too_long: "Shorten the reason to at most 500 characters (the sender reads it in an e-mail), then press Refuse again.",
  order_state_conflict:
    "Nothing was done: the letter is no longer held for review (someone acted on it first), or it could not be handed over and failed (a lapsed card authorization). Open the order to see its timeline.",
  order_not_found: "No order has that id. Reload the queue and try again.",
};

/** Release and refuse, side by side; plain forms that work without JavaScript. */
export function ReviewForms({ orderId, back, error }: { orderId: string; back: string; error: string | null }) {
  const reasonError = error === "reason_too_short" || error === "reason_too_long" ? REVIEW_ERRORS[error] : null;
  const reasonId = `reason-${orderId}`;
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
        <p className="mt-1 max-w-48 text-xs text-stone-600">Hands it to the carrier and captures its payment.</p>
      </form>
      <form action={refuseHeld} className="rounded border border-stone-200 p-3">
        <input type="hidden" name="order_id" value={orderId} />
        <input type="hidden" name="back" value={back} />
        <label htmlFor={reasonId} className="block text-sm font-medium">
          Reason for refusing<span className="sr-only"> {orderId}</span> (the sender reads it word for word)
        </label>
        <textarea
          id={reasonId}
          name="reason"
          required
          minLength={10}
          maxLength={500}
          rows={2}
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
