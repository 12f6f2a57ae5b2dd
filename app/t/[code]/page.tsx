import type { Metadata } from "next";
import { AutoRefresh } from "@/components/tracking/auto-refresh";
import { ProgressStepper } from "@/components/tracking/progress-stepper";
import { RouteMap } from "@/components/tracking/route-map";
import { TrackingNotFound } from "@/components/tracking/tracking-not-found";
import { TrackingTimeline } from "@/components/tracking/tracking-timeline";
import { displayCity } from "@/lib/letters/display-city";
import { isLetterFormat } from "@/lib/letters/formats";
import { hasEnded } from "@/lib/orders/order-status-checks";
import { formatDay, formatInstant } from "@/lib/tracking/format-tracking-time";
import { getPublicTracking } from "@/lib/tracking/get-public-tracking";
import { planRoute } from "@/lib/tracking/plan-route";
import { PROGRESS_STEPS, nowSentence, statusWords, trackingProgress } from "@/lib/tracking/tracking-progress";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ code: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

const REFRESH_SECONDS = 30;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await getPublicTracking((await params).code);
  if (!t) return { title: "Tracking not found", robots: { index: false } };
  const title = `${t.format} to ${displayCity(t.destination.city)}, ${t.destination.state}: ${statusWords(t.status)}`;
  const description = t.status === "delivered" ? "Delivered." : t.expectedDeliveryDate ? `Expected ${formatDay(t.expectedDeliveryDate)}.` : "Track this letter.";
  return { title, openGraph: { title, description } };
}

/**
 * The public tracking page: works without JavaScript (a "Check for updates" link) and, with
 * it, re-reads itself in place while the letter travels. Every block keeps its size whatever
 * the status, so a refresh does not move what the reader is looking at; only the timeline at
 * the bottom grows. It shows only the public view: never street lines, the sender or the e-mail.
 */
export default async function TrackingPage({ params, searchParams }: Props) {
  const code = (await params).code;
  const t = await getPublicTracking(code);
  if (!t) return <TrackingNotFound />;
  const moving = !hasEnded(t.status);
  const updating = moving && (await searchParams).updates !== "off";
  const progress = trackingProgress(t);
  const plan = await planRoute(t, progress.state === "stopped");
  const delivered = t.status === "delivered";
  // The carrier's delivery scan, or for a letter sent without tracking, the status change.
  const deliveredScan = delivered
    ? [...t.events].reverse().find((e) => (e.kind === "scan" && e.description.trim().toLowerCase() === "delivered") || (e.kind === "status" && e.status === "delivered"))
    : undefined;
  const to = `${displayCity(t.destination.city)}, ${t.destination.state}`;
  const lastScan = [...t.events].reverse().find((e) => e.kind === "scan" && e.where?.city && e.where.state);
  const lastSeen = lastScan?.where ? `${displayCity(lastScan.where.city!)}, ${lastScan.where.state} (${formatInstant(lastScan.at)})` : null;
  const endingTone =
    progress.ending?.kind === "returned" ? "border-amber-300 bg-amber-50 text-amber-950" : progress.ending?.kind === "canceled" ? "border-stone-300 bg-stone-100 text-stone-900" : "border-red-300 bg-red-50 text-red-950";

  return (
    <article>
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-stone-600">
        <span>
          {t.format} · {t.mailClass}
        </span>
        {t.sandbox ? <span className="rounded-full border border-amber-300 bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-900">Sandbox</span> : null}
      </p>
      <h1 className="mt-1 text-2xl font-semibold tracking-tight sm:text-3xl">To {to}</h1>
      {t.sandbox ? (
        <p className="mt-2 text-sm text-stone-700" data-testid="sandbox-note">
          This is a sandbox letter: it is simulated. Nothing is printed or mailed, and the carrier scans below are made up to show how tracking works.
        </p>
      ) : null}

      {progress.ending ? (
        <section aria-labelledby="ending-title" className={`mt-4 rounded-lg border p-4 ${endingTone}`} data-testid="tracking-ending">
          <h2 id="ending-title" className="font-semibold">
            {progress.ending.title}
          </h2>
          <p className="mt-1 text-sm">{progress.ending.reason}</p>
        </section>
      ) : null}

      <section aria-label="Where it stands" className="mt-6 rounded-lg border border-stone-200 bg-white p-4 sm:p-5">
        <ProgressStepper progress={progress} />
        <p className="mt-4 min-h-6 text-sm text-stone-700">
          {delivered
            ? `Delivered in ${to}${deliveredScan ? ` on ${formatInstant(deliveredScan.at)}` : ""}.`
            : progress.ending
              ? progress.ending.kind === "returned"
                ? "On its way back to the sender."
                : `Stopped at the “${PROGRESS_STEPS[progress.step]}” step.`
              : nowSentence(t.status, progress.step, lastSeen)}
        </p>
        <dl className="mt-4 grid grid-cols-1 gap-3 border-t border-stone-200 pt-4 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-stone-600">Status</dt>
            <dd className="font-semibold first-letter:uppercase" data-testid="tracking-status">
              {statusWords(t.status)}
            </dd>
          </div>
          <div>
            <dt className="text-stone-600">{delivered ? "Delivered on" : "Expected delivery"}</dt>
            <dd className="font-semibold">
              {delivered && deliveredScan ? (
                <time dateTime={deliveredScan.at.slice(0, 10)}>{formatDay(deliveredScan.at.slice(0, 10))}</time>
              ) : t.expectedDeliveryDate && !progress.ending ? (
                <time dateTime={t.expectedDeliveryDate}>{formatDay(t.expectedDeliveryDate)}</time>
              ) : progress.ending ? (
                "Not expected"
              ) : (
                "Not yet known"
              )}
            </dd>
          </div>
          <div>
            <dt className="text-stone-600">Tracking number</dt>
            <dd className="font-mono break-all">
              {t.trackingNumber ?? <span className="font-sans">{!isLetterFormat(t.formatValue) ? "None for this format" : t.scansShown ? "Not assigned" : "Not shown: sent without tracking"}</span>}
            </dd>
          </div>
        </dl>
        {moving ? (
          <p className="mt-3 min-h-5 text-sm text-stone-600" data-testid="refresh-note">
            {updating ? (
              <>
                <AutoRefresh seconds={REFRESH_SECONDS}>
                  This page updates itself every {REFRESH_SECONDS} seconds.{" "}
                  <a className="underline" href={`/t/${code}?updates=off`}>
                    Stop updating
                  </a>
                </AutoRefresh>
                <noscript>
                  <a className="underline" href={`/t/${code}`}>
                    Check for updates
                  </a>
                </noscript>
              </>
            ) : (
              <>
                Updates are paused.{" "}
                <a className="underline" href={`/t/${code}`}>
                  Update this page by itself
                </a>
              </>
            )}
          </p>
        ) : null}
      </section>

      <section aria-labelledby="route-heading" className="mt-8">
        <h2 id="route-heading" className="text-lg font-semibold">
          Route
        </h2>
        <div className="mt-3">
          <RouteMap plan={plan} delivered={delivered} />
        </div>
      </section>

      <section aria-labelledby="timeline-heading" className="mt-8">
        <h2 id="timeline-heading" className="text-lg font-semibold">
          Timeline
        </h2>
        <p className="mt-1 text-sm text-stone-600">Times are in UTC.</p>
        <TrackingTimeline events={t.events} delivered={delivered} />
      </section>
    </article>
  );
}
