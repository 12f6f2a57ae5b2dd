import type { RoutePlan } from "@/lib/tracking/plan-route";

/**
 * The route as a schematic: a faint frame of the contiguous states, the scans as dots along a
 * path, the current place ringed. The drawing is one image to assistive technology, named by
 * the sentence printed under it; the timeline below says the same place by place.
 */
export function RouteMap({ plan, delivered }: { plan: RoutePlan; delivered: boolean }) {
  const { frame } = plan;
  return (
    <figure className="rounded-lg border border-stone-200 bg-white p-3 sm:p-4">
      <svg
        role="img"
        aria-labelledby="route-description"
        viewBox={`0 0 ${plan.width} ${plan.height}`}
        className="block aspect-[16/9] h-auto w-full"
        data-testid="route-map"
      >
        <rect x={frame.x} y={frame.y} width={frame.width} height={frame.height} rx="14" className="fill-stone-50 stroke-stone-300" strokeWidth="1.5" strokeDasharray="6 6" />
        {plan.grid.map((g, i) => (
          <line key={i} {...g} className="stroke-stone-200" strokeWidth="1" />
        ))}
        {plan.references.map((r) => (
          <g key={r.label} className="fill-stone-400">
            <circle cx={r.x} cy={r.y} r="3" />
            <text x={r.x} y={r.y - 8} textAnchor="middle" className="hidden text-[13px] sm:inline">
              {r.label}
            </text>
          </g>
        ))}
        {plan.remaining ? <polyline points={plan.remaining} fill="none" className="stroke-stone-400" strokeWidth="3" strokeDasharray="2 8" strokeLinecap="round" strokeLinejoin="round" /> : null}
        {plan.travelled ? <polyline points={plan.travelled} fill="none" className="stroke-blue-700" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" /> : null}
        {plan.stops.map((s, i) => (
          <g key={i}>
            {s.current ? <circle cx={s.x} cy={s.y} r="16" className={delivered ? "fill-green-700/20" : "fill-blue-700/20"} /> : null}
            <circle
              cx={s.x}
              cy={s.y}
              r={s.kind === "scan" && !s.current ? 5 : 8}
              strokeWidth="3"
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
        {/* Labels last, so that no dot covers one. */}
        {plan.stops.map((s, i) => (
          <text
            key={i}
            x={s.x + (s.anchor === "start" ? -6 : s.anchor === "end" ? 6 : 0)}
            y={s.labelAt === "above" ? s.y - 16 : s.y + 14}
            dominantBaseline={s.labelAt === "above" ? "auto" : "hanging"}
            textAnchor={s.anchor}
            className={`fill-stone-900 text-[26px] sm:text-[18px] ${s.kind === "scan" && !s.current ? "font-normal" : "font-semibold"}`}
            stroke="white"
            strokeWidth="5"
            paintOrder="stroke"
          >
            {s.label}
          </text>
        ))}
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
          <span>Approximate positions; the dashed frame is the contiguous United States, with a few cities in grey for reference.</span>
        </p>
      </figcaption>
    </figure>
  );
}
