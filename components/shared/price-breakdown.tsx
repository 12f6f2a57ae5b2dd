import { dollars } from "@/lib/text/dollars";
import type { BreakdownLine } from "@/lib/quotes/pricing";

type Total = {
  /** The total row's words, e.g. "Total (2 pages)". */
  label: string;
  cents: number;
  /** The total's test id: the browser tests read the amount from it. */
  testId: string;
};

type Props = {
  lines: readonly BreakdownLine[];
  /** Left out where the page already shows the amount large (the checkout). */
  total?: Total;
  className?: string;
};

/** A price line by line, as the quote, the checkout and the receipt show it. */
export function PriceBreakdown({ lines, total, className = "" }: Props) {
  return (
    <table className={`w-full text-sm ${className}`}>
      <caption className="sr-only">Price breakdown</caption>
      <tbody>
        {lines.map((line) => (
          <tr key={line.id}>
            <td className="py-0.5 pr-2">{line.label}</td>
            <td className="py-0.5 text-right tabular-nums">{dollars(line.amount_cents)}</td>
          </tr>
        ))}
        {total ? (
          <tr className="border-t border-stone-200 font-semibold">
            <td className="pt-1">{total.label}</td>
            <td className="pt-1 text-right tabular-nums" data-testid={total.testId}>
              {dollars(total.cents)}
            </td>
          </tr>
        ) : null}
      </tbody>
    </table>
  );
}
