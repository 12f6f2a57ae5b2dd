import type { Metadata } from "next";
import { displayCity } from "@/lib/letters/display-city";
import { FORMAT_LABELS, type Format } from "@/lib/letters/formats";
import { readCancelContext } from "@/lib/orders/read-cancel-context";
import { messageFor } from "@/lib/http/message-for";
import { dangerButton } from "@/components/ui/controls";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Cancel a letter", robots: { index: false } };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const TOKEN_PROBLEMS = {
  missing: "This page needs the cancel link from your receipt e-mail. Open the link from the e-mail again.",
  invalid: "This cancel link is not valid. Open the link from your receipt e-mail again, without changing it.",
  expired: "This cancel link has expired (they last 7 days). The letter has almost certainly been mailed by now: follow it on its tracking page.",
  not_found: "We have no letter for this cancel link.",
} as const;

const ERRORS: Record<string, string> = {
  already_submitted: "Too late: the letter was handed to the printer before your request arrived. Follow it on its tracking page.",
  order_not_cancelable: "This letter has already ended and cannot be canceled.",
  invalid_capability: "This cancel link is not valid for this letter. Open the link from your receipt e-mail again.",
  service_unavailable: "We could not cancel just now. Try again in a moment.",
  internal_error: "Something went wrong on our side. Try again in a moment.",
};

/** The receipt's cancel link: it shows the letter and asks before canceling; it works without JavaScript. */
export default async function CancelPage({ searchParams }: Props) {
  const q = await searchParams;
  const token = typeof q.token === "string" ? q.token : null;
  const ctx = await readCancelContext(token);
  if (!ctx.ok) {
    return (
      <section>
        <h1 className="text-2xl font-semibold tracking-tight">Cancel a letter</h1>
        <p className="mt-4 rounded bg-amber-50 p-3 text-amber-900" role="alert">{TOKEN_PROBLEMS[ctx.why]}</p>
      </section>
    );
  }
  const error = typeof q.error === "string" ? messageFor(ERRORS, q.error, ERRORS.internal_error) : null;
  const label = FORMAT_LABELS[ctx.format as Format] ?? ctx.format;
  const what = `${label.charAt(0).toLowerCase()}${label.slice(1)} to ${displayCity(ctx.to.city)}, ${ctx.to.state}`;
  return (
    <section>
      <h1 className="text-2xl font-semibold tracking-tight">Cancel your {what}</h1>
      {ctx.sandbox ? <p className="mt-1 text-sm text-stone-500">Sandbox order: nothing is printed or charged either way.</p> : null}
      {error ? <p className="mt-4 rounded bg-red-50 p-3 text-red-900" role="alert">{error}</p> : null}
      {ctx.stage === "canceled" ? (
        <p className="mt-4 rounded bg-green-50 p-3 text-green-900" role="status" data-testid="cancel-outcome">
          {q.done === "1" ? "Canceled." : "This letter is canceled."} It will not be printed or mailed, and you are not charged: a card hold is released and credit goes back to its code.
        </p>
      ) : ctx.stage === "cancelable" ? (
        <form method="post" action="/cancel/submit" className="mt-6 rounded-lg border border-stone-200 bg-white p-4">
          <p>The letter has not gone to the printer yet ({ctx.status.replaceAll("_", " ")}). Canceling is free and cannot be undone.</p>
          <input type="hidden" name="token" value={token ?? ""} />
          <button type="submit" className={`${dangerButton} mt-4`}>
            Cancel this letter
          </button>
        </form>
      ) : ctx.stage === "handed_over" ? (
        <p className="mt-4 rounded bg-amber-50 p-3 text-amber-900" data-testid="cancel-outcome">It is too late to cancel: the letter is with the printer or in the mail ({ctx.status}).</p>
      ) : (
        <p className="mt-4 rounded bg-stone-100 p-3" data-testid="cancel-outcome">This letter has ended ({ctx.status}); there is nothing to cancel.</p>
      )}
      <p className="mt-6 text-sm">
        <a className="underline" href={ctx.trackingUrl}>
          Follow the letter on its tracking page
        </a>
      </p>
    </section>
  );
}
