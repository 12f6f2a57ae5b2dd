import type { RoutePlan } from "@/lib/tracking/plan-route";

/**
 * The route on a map of the states: the scans as dots along a path, the current place ringed.
 * The drawing is one image to assistive technology, named by the sentence printed under it; the
 * timeline below says the same place by place.
 */
export function RouteMap({ plan, delivered }: { plan: RoutePlan; delivered: boolean }) {
  return (
    <figure className="rounded-lg border border-stone-200 bg-white p-3 sm:p-4">
      <svg
        role="img"
        aria-labelledby="route-description"
        viewBox={`0 0 ${plan.width} ${plan.height}`}
        className="block aspect-[975/610] h-auto w-full"
        data-testid="route-map"
      >
        <path d={plan.land} className="fill-stone-100 stroke-stone-400" strokeWidth="1" strokeLinejoin="round" data-testid="map-land" />
        <path d={plan.borders} fill="none" className="stroke-stone-300" strokeWidth="1" strokeLinejoin="round" data-testid="map-borders" />
        {plan.remaining ? <polyline points={plan.remaining} fill="none" className="stroke-stone-500" strokeWidth="4.5" strokeDasharray="3 12" strokeLinecap="round" strokeLinejoin="round" /> : null}
        {plan.travelled ? <polyline points={plan.travelled} fill="none" className="stroke-blue-700" strokeWidth="6" strokeLinecap="round" strokeLinejoin="round" /> : null}
        {plan.stops.map((s, i) => (
          <g key={i}>
            {s.current ? <circle cx={s.x} cy={s.y} r="24" className={delivered ? "fill-green-700/20" : "fill-blue-700/20"} /> : null}
            <circle
              cx={s.x}
              cy={s.y}
              r={s.kind === "scan" && !s.current ? 7.5 : 12}
              strokeWidth="4.5"
              className={
                s.current
                  ? delivered
                    ? "fill-green-700 stroke-white"
                    : "fill-blue-700 stroke-white"
                  : s.kind === "destination"
                    ? "fill-white stroke-stone-900"
                    : s.kind === "origin"
                      ? "fill-stone-900 stroke-white"
                      : "fill-blue-700 stroke-white"
              }
            />
          </g>
        ))}
        {/* Names last, so that no dot covers one. */}
        {plan.stops.map((s, i) =>
          s.label ? (
            <text
              key={i}
              x={s.label.x}
              y={s.label.y}
              dominantBaseline={s.label.baseline}
              textAnchor={s.label.anchor}
              className={`fill-stone-900 text-[39px] sm:text-[27px] ${s.kind === "scan" && !s.current ? "font-normal" : "font-semibold"}`}
              stroke="white"
              strokeWidth="7.5"
              paintOrder="stroke"
            >
              {s.name}
            </text>
          ) : null,
        )}
      </svg>
      <figcaption className="mt-3 text-sm text-stone-700">
        <p id="route-description" data-testid="route-description">
          {plan.description}
        </p>
        <p aria-hidden="true" className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-stone-600">
          <span className="inline-flex items-center gap-1.5">
            <span className="inline-block size-2.5 rounded-full bg-stone-900" /> Start
          </span>
          <span className="inline-flex items-center gap-1.5">
            <span className="inline-block size-2.5 rounded-full border-2 border-stone-900 bg-white" /> Destination
          </span>
          <span className="inline-flex items-center gap-1.5">
            <span className={`inline-block size-2.5 rounded-full ${delivered ? "bg-green-700" : "bg-blue-700"}`} /> Latest scan
          </span>
          <span>Approximate positions. Alaska and Hawaii are shown at the lower left, Alaska at a smaller scale.</span>
        </p>
      </figcaption>
    </figure>
  );
}
