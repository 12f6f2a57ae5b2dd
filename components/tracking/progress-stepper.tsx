import { PROGRESS_STEPS, type Progress } from "@/lib/tracking/tracking-progress";

/**
 * Received → Printing → In the mail → Out for delivery → Delivered, as an ordered list: the
 * current step carries aria-current, and each step says in words whether it is done.
 */
export function ProgressStepper({ progress }: { progress: Progress }) {
  const stoppedTone = progress.ending?.kind === "returned" ? "amber" : "red";
  return (
    <ol aria-label="Progress" className="grid grid-cols-5 gap-1" data-testid="progress-stepper">
      {PROGRESS_STEPS.map((label, i) => {
        const done = i < progress.step || (i === progress.step && progress.state === "done");
        const current = i === progress.step;
        const stopped = current && progress.state === "stopped";
        const status = stopped ? (progress.ending?.kind === "returned" ? "returned here" : "stopped here") : done ? "done" : current ? "current step" : "not yet";
        const dot = stopped
          ? stoppedTone === "red"
            ? "border-red-700 bg-red-700 text-white"
            : "border-amber-600 bg-amber-600 text-white"
          : done
            ? "border-stone-900 bg-stone-900 text-white"
            : current
              ? "border-blue-700 bg-white text-blue-800 ring-4 ring-blue-100"
              : "border-stone-300 bg-white text-stone-600";
        return (
          <li key={label} aria-current={current ? "step" : undefined} className="relative flex flex-col items-center text-center">
            {/* The connector to the previous step: solid once the letter has got this far. */}
            {i > 0 ? (
              <span aria-hidden="true" className={`absolute top-4 right-1/2 h-0.5 w-full ${i <= progress.step ? "bg-stone-900" : "bg-stone-300"}`} />
            ) : null}
            <span aria-hidden="true" className={`relative z-10 flex size-8 items-center justify-center rounded-full border-2 text-sm font-semibold ${dot}`}>
              {stopped ? (stoppedTone === "red" ? "✕" : "↩") : done ? "✓" : i + 1}
            </span>
            <span className={`mt-2 text-xs leading-tight sm:text-sm ${current ? "font-semibold text-stone-900" : "text-stone-600"}`}>
              {label}
              <span className="sr-only"> ({status})</span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}
