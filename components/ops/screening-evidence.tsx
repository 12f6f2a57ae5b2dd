import type { HeldEvidence } from "@/lib/ops/review-queue";
import { categoryLabel } from "@/lib/screening/refusal-reasons";

const percent = (x: number) => `${Math.round(x * 100)} %`;

/**
 * What screening saw in a held letter, for the operator deciding it: the classifier's score and
 * category, the intent frame's score and the signals that fired, which keys turned, a passage
 * it could not read, and a hosted second opinion when one was asked.
 */
export function ScreeningEvidence({ evidence }: { evidence: HeldEvidence | null }) {
  if (!evidence) return <p className="text-sm text-stone-600">Screening stored no scores for this letter (held before scores were kept).</p>;
  const { classifier, frame, unread, second_opinion: opinion } = evidence;
  return (
    <div className="rounded border border-amber-300 bg-amber-50 p-3 text-sm" data-testid="held-evidence">
      <h3 className="font-medium">What screening saw</h3>
      <ul className="mt-1 list-disc space-y-1 pl-5">
        <li data-testid="evidence-classifier">
          Classifier: <strong>{percent(classifier.harm)}</strong> likely harmful, most like <strong>{categoryLabel(classifier.category)}</strong>
          {classifier.key ? " (above the refusal threshold: its key turned)" : ""}
        </li>
        <li data-testid="evidence-frame">
          Intent frame: score <strong>{frame.score}</strong>
          {frame.category ? (
            <>
              , reads as <strong>{categoryLabel(frame.category)}</strong>
            </>
          ) : (
            ", no intent named"
          )}
          {frame.key ? " (its key turned)" : ""}
        </li>
        {unread ? (
          <li data-testid="evidence-unread">
            Not read: in one passage only <strong>{unread.known} of {unread.words}</strong> words are words the screener was trained on (another language, or a spelling it does not know). Neither score vouches for that passage: read it, with a translation if you need one.
          </li>
        ) : null}
        {opinion ? (
          <li data-testid="evidence-second-opinion">
            Second opinion ({opinion.provider} {opinion.model}):{" "}
            {opinion.kind === "verdict" ? (
              <>
                <strong>{opinion.decision}</strong>
                {opinion.category ? ` (${categoryLabel(opinion.category)})` : ""}, confidence {percent(opinion.confidence)}. {opinion.evidence}
              </>
            ) : (
              <>none: {opinion.error}; the letter waits for you.</>
            )}
          </li>
        ) : null}
      </ul>
      {frame.signals.length > 0 ? (
        <details className="mt-2">
          <summary className="cursor-pointer text-stone-700">Signals the frame found ({frame.signals.length})</summary>
          <ul className="mt-1 list-disc pl-5 text-stone-700" data-testid="evidence-signals">
            {frame.signals.map((s) => (
              <li key={s}>{s.replace(/_/g, " ")}</li>
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}
