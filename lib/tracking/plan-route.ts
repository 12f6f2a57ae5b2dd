import { canonicalCity, zipData, type ZipData } from "@/lib/addresses/zip-data";
import { displayCity } from "@/lib/letters/display-city";
import type { PublicTracking } from "@/lib/tracking/get-public-tracking";
import { placeOnMap, US_MAP, usBaseMap, type Bounds, type LatLon, type Point } from "@/lib/tracking/us-base-map";

// The tracking page's route picture: the places the public view already names (the carrier's
// scans and the recipient's city and state), placed by the centroid of their ZIP (or of their
// city's ZIPs) on a map of the fifty states.

export type Place = { city: string; state: string; zip: string | null };

export type StopLabel = {
  x: number;
  y: number;
  anchor: "start" | "middle" | "end";
  baseline: "auto" | "hanging" | "central";
  /** The room the name takes, kept clear of every other name and dot. */
  box: Bounds;
};

export type RouteStop = {
  /** The place in words: "Albany, NY". */
  name: string;
  x: number;
  y: number;
  kind: "origin" | "scan" | "destination";
  /** The latest scan's place. */
  current: boolean;
  /** Where the name is written; null for a scan on the way when no room is left for it. */
  label: StopLabel | null;
};

export type RoutePlan = {
  width: number;
  height: number;
  /** The base map's SVG path data (the same strings for every page). */
  land: string;
  borders: string;
  /** Only the places the map can show: a scan in Puerto Rico is in the words, not the picture. */
  stops: RouteStop[];
  /** SVG polyline points of the way travelled, and of what is left to the destination. */
  travelled: string | null;
  remaining: string | null;
  description: string;
};

/** The largest size the picture writes names in (map units; route-map.tsx's text-[39px]), about 13 pixels on a phone. */
const LABEL_SIZE = 39;
/** From a dot's centre to the near edge of its name. */
const LABEL_GAP = 21;
/** Half the square kept clear around a dot. */
const DOT_CLEARANCE = 14;
/** Dots closer than this are pushed apart. */
const DOT_SPACING = 27;

export const placeLabel = (p: Place) => `${displayCity(p.city)}, ${p.state}`;
const sameSpot = (a: Place, b: Place) => canonicalCity(a.city) === canonicalCity(b.city) && a.state === b.state;

/** A ZIP's centroid, or the mean of its city's ZIP centroids when the scan has no ZIP. */
export function locate(data: ZipData, p: Place): LatLon | null {
  const byZip = p.zip ? data.byZip.get(p.zip.slice(0, 5)) : undefined;
  if (byZip && byZip.lat !== null && byZip.lon !== null) return { lat: byZip.lat, lon: byZip.lon };
  const zips = (data.byCityState.get(`${canonicalCity(p.city)}|${p.state.toUpperCase()}`) ?? []).filter((z) => z.lat !== null && z.lon !== null);
  if (zips.length === 0) return null;
  return { lat: zips.reduce((s, z) => s + z.lat!, 0) / zips.length, lon: zips.reduce((s, z) => s + z.lon!, 0) / zips.length };
}

export const overlaps = (a: Bounds, b: Bounds) => a.x1 < b.x2 && b.x1 < a.x2 && a.y1 < b.y2 && b.y1 < a.y2;
const inFrame = (b: Bounds) => b.x1 >= 0 && b.y1 >= 0 && b.x2 <= US_MAP.width && b.y2 <= US_MAP.height;

/**
 * Places that nearly coincide (a letter across town) are pushed apart so that both dots show;
 * the dots are approximate anyway, the words under the picture are exact.
 */
function spreadApart(points: Point[], min = DOT_SPACING): void {
  for (let pass = 0; pass < 3; pass++) {
    for (let i = 0; i < points.length; i++) {
      for (let j = i + 1; j < points.length; j++) {
        const [a, b] = [points[i], points[j]];
        const d = Math.hypot(b.x - a.x, b.y - a.y);
        if (d >= min) continue;
        // Coinciding points part vertically; others along the line between them.
        const [ux, uy] = d < 0.5 ? [0, 1] : [(b.x - a.x) / d, (b.y - a.y) / d];
        const push = (min - d) / 2;
        a.x = Math.round((a.x - ux * push) * 10) / 10;
        a.y = Math.round((a.y - uy * push) * 10) / 10;
        b.x = Math.round((b.x + ux * push) * 10) / 10;
        b.y = Math.round((b.y + uy * push) * 10) / 10;
      }
    }
  }
}

type Side = "above" | "below" | "right" | "left";
type Spot = { side: Side; anchor?: StopLabel["anchor"] };
/** Where a name may go, best first: above or below (aligned to suit the map's edges, then the other ways), then beside. */
const SPOTS: Spot[] = [
  { side: "above" },
  { side: "below" },
  { side: "right" },
  { side: "left" },
  ...(["above", "below"] as const).flatMap((side) => (["start", "end", "middle"] as const).map((anchor) => ({ side, anchor }))),
];

/**
 * How wide a name is written, in ems, by the widest face a reader is likely to get: DejaVu Sans
 * Bold (Linux's default sans; Segoe UI, San Francisco and Roboto are narrower), so that no
 * name runs into another whichever face draws it. Measured in Chromium, rounded up by class.
 */
function emWidth(text: string): number {
  let width = 0;
  for (const c of text) width += /[ijlI.,']/.test(c) ? 0.38 : /[frt -]/.test(c) ? 0.5 : /[mwMW]/.test(c) ? 1.1 : /[A-Z]/.test(c) ? 0.85 : 0.72;
  return width;
}

/** A name written beside its dot, and the room it takes. */
function labelOn(dot: Point, name: string, { side, anchor: aligned }: Spot): StopLabel {
  const width = emWidth(name) * LABEL_SIZE;
  // Above or below a dot near the map's edge, a name starts (or ends) at the dot, so it stays on the map.
  const anchor = side === "right" ? "start" : side === "left" ? "end" : (aligned ?? (dot.x < US_MAP.width * 0.3 ? "start" : dot.x > US_MAP.width * 0.7 ? "end" : "middle"));
  const x = side === "right" ? dot.x + LABEL_GAP : side === "left" ? dot.x - LABEL_GAP : dot.x + (anchor === "start" ? -9 : anchor === "end" ? 9 : 0);
  const x1 = anchor === "start" ? x : anchor === "end" ? x - width : x - width / 2;
  const round = (n: number) => Math.round(n * 10) / 10;
  const at = (y: number, baseline: StopLabel["baseline"], y1: number, y2: number): StopLabel => ({
    x: round(x),
    y: round(y),
    anchor,
    baseline,
    box: { x1: round(x1), x2: round(x1 + width), y1: round(y1), y2: round(y2) },
  });
  // Room for descenders below a baseline, and for accents above a hanging line.
  if (side === "above") return at(dot.y - LABEL_GAP - 3, "auto", dot.y - LABEL_GAP - 3 - LABEL_SIZE, dot.y - LABEL_GAP);
  if (side === "below") return at(dot.y + LABEL_GAP, "hanging", dot.y + LABEL_GAP - 3, dot.y + LABEL_GAP + LABEL_SIZE);
  return at(dot.y, "central", dot.y - LABEL_SIZE / 2 - 3, dot.y + LABEL_SIZE / 2 + 3);
}

/** What the names placed so far must keep clear of. */
type Taken = { names: Bounds[]; dots: Bounds[] };

/**
 * The first spot beside the dot where the name fits on the map clear of the names and dots
 * already there. When none is clear, a scan on the way goes unnamed (the timeline names it);
 * the start, the destination and the latest scan are named anyway, where they cover the fewest
 * names, then the fewest dots: a dot under a name is a smaller loss than two names on one another.
 */
function placeName(dot: Point, name: string, mustName: boolean, taken: Taken): StopLabel | null {
  const options = SPOTS.map((spot) => labelOn(dot, name, spot)).filter((l) => inFrame(l.box));
  const covered = (l: StopLabel, boxes: Bounds[]) => boxes.filter((b) => overlaps(b, l.box)).length;
  const cost = (l: StopLabel) => covered(l, taken.names) * 1000 + covered(l, taken.dots);
  const clear = options.find((l) => cost(l) === 0);
  const label = clear ?? (mustName ? (options.toSorted((a, b) => cost(a) - cost(b))[0] ?? labelOn(dot, name, SPOTS[0])) : null);
  if (label) taken.names.push(label.box);
  return label;
}

type Node = { place: Place; at: LatLon | null; kind: RouteStop["kind"] };

/**
 * The picture and its words from the public view: the scans in order (repeats at one place
 * drawn once), then the destination when the letter is not there yet. The first scan's place
 * is the origin; before any scan only the destination is known.
 */
export async function planRoute(t: Pick<PublicTracking, "status" | "events" | "destination">, ended: boolean): Promise<RoutePlan> {
  return planRouteWith(await zipData(), t, ended);
}

export function planRouteWith(data: ZipData, t: Pick<PublicTracking, "status" | "events" | "destination">, ended: boolean): RoutePlan {
  const scanned: Place[] = [];
  for (const e of t.events) {
    if (e.kind !== "scan" || !e.where?.city || !e.where.state) continue;
    const place = { city: e.where.city, state: e.where.state, zip: e.where.zip ?? null };
    if (scanned.length === 0 || !sameSpot(scanned[scanned.length - 1], place)) scanned.push(place);
  }
  const destination: Place = { city: t.destination.city, state: t.destination.state, zip: null };
  const nodes: Node[] = scanned.map((place, i) => ({ place, at: locate(data, place), kind: i === 0 ? "origin" : "scan" }));
  const arrived = nodes.length > 0 && sameSpot(scanned[scanned.length - 1], destination);
  if (arrived) nodes[nodes.length - 1].kind = "destination";
  else nodes.push({ place: destination, at: locate(data, destination), kind: "destination" });
  // A delivered letter is at its destination, whatever place its last scan named (arrival scans
  // often name none, or the sorting center): the route ends there, with nothing left to go.
  const delivered = t.status === "delivered";
  const currentIndex = delivered ? nodes.length - 1 : scanned.length - 1; // -1 before the first scan

  const drawn = nodes.map((n, i) => ({ ...n, i, xy: n.at ? placeOnMap(n.at) : null }));
  spreadApart(drawn.flatMap((n) => (n.xy ? [n.xy] : [])));
  const line = (from: number, to: number) => {
    const pts = drawn.slice(from, to + 1).flatMap((n) => (n.xy ? [`${n.xy.x},${n.xy.y}`] : []));
    return pts.length >= 2 ? pts.join(" ") : null;
  };
  const travelled = currentIndex >= 1 ? line(0, currentIndex) : null;
  const remaining = !ended && currentIndex >= 0 && currentIndex < nodes.length - 1 ? line(currentIndex, nodes.length - 1) : null;

  const onMap = drawn.flatMap((n) => (n.xy ? [{ ...n, xy: n.xy, name: placeLabel(n.place), current: n.i === currentIndex }] : []));
  const taken: Taken = { names: [], dots: onMap.map(({ xy }) => ({ x1: xy.x - DOT_CLEARANCE, y1: xy.y - DOT_CLEARANCE, x2: xy.x + DOT_CLEARANCE, y2: xy.y + DOT_CLEARANCE })) };
  // The names that matter most are placed first, while the map is emptiest.
  const mustName = (n: (typeof onMap)[number]) => n.current || n.kind !== "scan";
  const labels = new Map([...onMap.filter(mustName), ...onMap.filter((n) => !mustName(n))].map((n) => [n.i, placeName(n.xy, n.name, mustName(n), taken)]));
  const stops: RouteStop[] = onMap.map((n) => ({ name: n.name, x: n.xy.x, y: n.xy.y, kind: n.kind, current: n.current, label: labels.get(n.i) ?? null }));

  const { land, borders } = usBaseMap();
  return { width: US_MAP.width, height: US_MAP.height, land, borders, stops, travelled, remaining, description: describeRoute(scanned, destination, t.status, ended) };
}

/** The route in one or two sentences: the picture's accessible name, also shown under it. */
export function describeRoute(scanned: Place[], destination: Place, status: string, ended: boolean): string {
  const to = placeLabel(destination);
  if (scanned.length === 0 && ended) return `Route to ${to}. The letter was not mailed.`;
  if (scanned.length === 0) return `Route to ${to}. The starting point appears once the carrier first scans the letter.`;
  const from = placeLabel(scanned[0]);
  const last = scanned[scanned.length - 1];
  const via = scanned.slice(1).filter((p) => !sameSpot(p, destination) && !sameSpot(p, scanned[0]));
  const viaText = via.length > 0 ? ` by way of ${[...new Set(via.map(placeLabel))].join(", ")}` : "";
  const start = sameSpot(scanned[0], destination) ? `Route within ${to}` : `Route from ${from} to ${to}${viaText}`;
  if (status === "delivered") return `${start}. Delivered in ${to}.`;
  if (ended) return `${start}. Last scanned in ${placeLabel(last)}.`;
  return `${start}. Now in ${placeLabel(last)}.`;
}
