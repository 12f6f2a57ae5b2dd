import type { PublicTracking } from "@/lib/tracking/get-public-tracking";
import { formatInstant } from "@/lib/tracking/format-tracking-time";

/** Every public event, newest first, as a list: what happened, where and when. */
export function TrackingTimeline({ events, delivered }: { events: PublicTracking["events"]; delivered: boolean }) {
  if (events.length === 0) {
    return <p className="mt-3 text-sm text-stone-600">Nothing has happened yet: events appear here as the letter moves.</p>;
  }
  const newestFirst = [...events].reverse();
  return (
    <ol aria-labelledby="timeline-heading" className="mt-4" data-testid="timeline">
      {newestFirst.map((e, i) => {
        const latest = i === 0;
        return (
          <li key={`${e.at}-${i}`} className="relative flex gap-4 pb-5 last:pb-0">
            {/* The rail between dots. */}
            {i < newestFirst.length - 1 ? <span aria-hidden="true" className="absolute top-4 left-[7px] h-full w-0.5 bg-stone-200" /> : null}
            <span
              aria-hidden="true"
              className={`relative z-10 mt-1 size-4 shrink-0 rounded-full border-2 ${latest ? (delivered ? "border-green-700 bg-green-700 ring-4 ring-green-100" : "border-blue-700 bg-blue-700 ring-4 ring-blue-100") : "border-stone-400 bg-white"}`}
            />
            <div className="min-w-0">
              <p className={latest ? "font-semibold" : "font-medium"}>{e.description}</p>
              <p className="text-sm text-stone-600">
                <time dateTime={e.at}>{formatInstant(e.at)}</time>
                {e.place ? <span> · {e.place}</span> : null}
              </p>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
