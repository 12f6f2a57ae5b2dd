import type { Metadata } from "next";
import { PageTitle } from "@/components/ops/ops-ui";
import { getOpsDashboard } from "@/lib/ops/dashboard";
import { requireOperator } from "@/lib/ops/require-operator";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Overview" };

function Tile({ href, count, label, detail, testId }: { href: string; count: number; label: string; detail: string; testId: string }) {
  return (
    <li>
      <a href={href} className="block h-full rounded-lg border border-stone-200 bg-white p-4 hover:border-stone-400 focus:outline-none focus-visible:ring-2 focus-visible:ring-stone-900">
        <span className="block text-3xl font-semibold tabular-nums" data-testid={testId}>
          {count}
        </span>
        <span className="block font-medium underline underline-offset-2">{label}</span>
        <span className="mt-1 block text-sm text-stone-600">{detail}</span>
      </a>
    </li>
  );
}

/** What waits for a person, each number linking to where it is dealt with. */
export default async function OpsOverviewPage() {
  await requireOperator("/ops");
  const d = await getOpsDashboard();
  return (
    <section>
      <PageTitle lead="What waits for a person. Numbers are as of this page load.">Overview</PageTitle>
      <ul className="mt-6 grid grid-cols-1 gap-3 sm:grid-cols-2">
        <Tile href="/ops/review" count={d.held} label="Letters held for review" detail="Read each one, then release or refuse it." testId="count-held" />
        <Tile href="/ops/feedback" count={d.openFeedback} label="New feedback reports" detail="Reports not yet marked handled." testId="count-feedback" />
        <Tile
          href="/ops/logs#webhooks"
          count={d.failedWebhooks}
          label="Failed webhook messages"
          detail={`Given up on after every retry, or stopped by a 410. ${d.retryingWebhooks} more are being retried.`}
          testId="count-webhooks"
        />
        <Tile
          href="/ops/logs#reconcile"
          count={d.reconcileAttention}
          label="Orders needing reconcile attention"
          detail={`${d.unconfirmed} hand-offs never confirmed by the carrier; ${d.strayChecks} failed orders whose piece may still exist. The reconcile loop acted ${d.reconciledThisWeek} times and ${d.failedThisWeek} orders failed in the last 7 days.`}
          testId="count-reconcile"
        />
      </ul>
    </section>
  );
}
