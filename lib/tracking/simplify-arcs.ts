import { transform } from "topojson-client";
import type { Objects, Topology } from "topojson-specification";

type Projected = [number, number] | null;

/**
 * The topology with each arc thinned by Douglas–Peucker, measured where the arc is drawn (so
 * the tolerance is in picture units, the same in the Alaska inset as in Maine). Arcs are thinned
 * rather than rings: a border two states share stays one line, and it still meets the coast at
 * the same point. The result holds plain longitudes and latitudes (no quantization).
 */
export function simplifyArcs<T extends Objects>(topology: Topology<T>, project: (p: [number, number]) => Projected, tolerance: number): Topology<T> {
  const decode = transform(topology.transform ?? null);
  const arcs = topology.arcs.map((arc) => {
    // Delta-decoding is stateful: index 0 starts an arc afresh.
    const points = arc.map((p, i) => decode(p, i !== 0));
    return keptPoints(points.map((p) => project([p[0], p[1]])), tolerance).map((i) => points[i]);
  });
  return { type: "Topology", objects: topology.objects, arcs, ...(topology.bbox ? { bbox: topology.bbox } : {}) };
}

/**
 * The indexes Douglas–Peucker keeps: the ends of the arc, and any point further than `tolerance`
 * from the line that would replace it. A point the projection cannot place (outside Albers USA's
 * insets) is kept, and so are its neighbours, so the path's own clipping decides what becomes of
 * that stretch; each run of placeable points between them is thinned on its own.
 */
export function keptPoints(points: Projected[], tolerance: number): number[] {
  const keep = points.map((p) => p === null);
  let runStart = 0;
  for (let i = 0; i <= points.length; i++) {
    if (i < points.length && points[i] !== null) continue;
    if (i > runStart) thinRun(points as [number, number][], runStart, i - 1, tolerance, keep);
    runStart = i + 1;
  }
  return keep.flatMap((k, i) => (k ? [i] : []));
}

function thinRun(points: [number, number][], first: number, last: number, tolerance: number, keep: boolean[]): void {
  keep[first] = keep[last] = true;
  const spans: [number, number][] = [[first, last]];
  while (spans.length > 0) {
    const [from, to] = spans.pop()!;
    let farthest = -1;
    let distance = tolerance;
    for (let i = from + 1; i < to; i++) {
      const d = distanceToSegment(points[i], points[from], points[to]);
      if (d > distance) [farthest, distance] = [i, d];
    }
    if (farthest < 0) continue;
    keep[farthest] = true;
    spans.push([from, farthest], [farthest, to]);
  }
}

function distanceToSegment([px, py]: [number, number], [ax, ay]: [number, number], [bx, by]: [number, number]): number {
  const [dx, dy] = [bx - ax, by - ay];
  const length2 = dx * dx + dy * dy;
  // A closed arc (an island) starts and ends on one point: measure from that point.
  const t = length2 === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / length2));
  return Math.hypot(px - ax - t * dx, py - ay - t * dy);
}
