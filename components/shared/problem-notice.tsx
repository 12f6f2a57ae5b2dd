type Problem = { reason?: string; next?: string[] };

type Props = {
  problem: Problem;
  /** Said when the answer carries no reason of its own (an unreadable body, say). */
  fallbackReason?: string;
  className?: string;
};

/**
 * An error envelope as the customer pages show it: what went wrong, then each thing to do
 * about it, announced as an alert.
 */
export function ProblemNotice({ problem, fallbackReason = "Something went wrong.", className = "" }: Props) {
  return (
    <div role="alert" className={`rounded bg-red-50 p-3 text-sm text-red-950 ${className}`}>
      <p>{problem.reason ?? fallbackReason}</p>
      {problem.next?.length ? (
        <ul className="mt-1 list-disc pl-5">
          {problem.next.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
