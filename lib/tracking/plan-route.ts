import { canonicalCity, zipData, type ZipData } from "@/lib/addresses/zip-data";
import { displayCity } from "@/lib/letters/display-city";
import type { PublicTracking } from "@/lib/tracking/get-public-tracking";

// The tracking page's route picture: no map tiles and no outline of the country, only the
// places the public view already names (the carrier's scans and the recipient's city and
// state), placed by the centroid of their ZIP (or of their city's ZIPs) in a fixed box.

export type Place = { city: string; state: string; zip: string | null };
export type LatLon = { lat: number; lon: number };

export type RouteStop = {
  label: string;
  x: number;
  y: number;
  kind: "origin" | "scan" | "destination";
  /** The latest scan's place. */
  current: boolean;
  /** Where the label goes: above or below the dot. */
  labelAt: "above" | "below";
  anchor: "start" | "middle" | "end";
};

export type RoutePlan = {
  width: number;
  height: number;
  /** The contiguous United States' bounding box, drawn faintly as the frame of reference. */
  frame: { x: number; y: number; width: number; height: number };
  /** Graticule lines inside the frame (every 10° of longitude, 5° of latitude). */
  grid: { x1: number; y1: number; x2: number; y2: number }[];
  /** A few well-known cities, faint, for a sense of where things are (none near the route). */
  references: { label: string; x: number; y: number }[];
  stops: RouteStop[];
  /** SVG polyline points of the way travelled, and of what is left to the destination. */
  travelled: string | null;
  remaining: string | null;
  description: string;
};

export const ROUTE_BOX = { width: 640, height: 360, pad: 24 } as const;
/** The largest label size the picture uses (user units), for keeping labels apart. */
export const LABEL_SIZE = 26;
const CONTIGUOUS = { west: -125, east: -66.5, south: 24.3, north: 49.5 };
// An equirectangular projection squeezed at the contiguous states' middle latitude.
const X_SCALE = Math.cos((37 * Math.PI) / 180);

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

/**
 * Projects points into the fixed box. The box always holds the contiguous states; a point
 * outside them (Alaska, Hawaii, Puerto Rico…) widens the view, so nothing is drawn off the edge
 * and the picture keeps its size.
 */
export function projector(points: LatLon[]) {
  const xs = [CONTIGUOUS.west, CONTIGUOUS.east, ...points.map((p) => p.lon - 1), ...points.map((p) => p.lon + 1)].map((lon) => lon * X_SCALE);
  const ys = [CONTIGUOUS.south, CONTIGUOUS.north, ...points.map((p) => p.lat - 1), ...points.map((p) => p.lat + 1)];
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const innerW = ROUTE_BOX.width - 2 * ROUTE_BOX.pad;
  const innerH = ROUTE_BOX.height - 2 * ROUTE_BOX.pad;
  const scale = Math.min(innerW / (maxX - minX), innerH / (maxY - minY));
  const offX = ROUTE_BOX.pad + (innerW - (maxX - minX) * scale) / 2;
  const offY = ROUTE_BOX.pad + (innerH - (maxY - minY) * scale) / 2;
  const round = (n: number) => Math.round(n * 10) / 10;
  const project = (lat: number, lon: number) => ({ x: round(offX + (lon * X_SCALE - minX) * scale), y: round(offY + (maxY - lat) * scale) });
  const nw = project(CONTIGUOUS.north, CONTIGUOUS.west);
  const se = project(CONTIGUOUS.south, CONTIGUOUS.east);
  const frame = { x: nw.x, y: nw.y, width: round(se.x - nw.x), height: round(se.y - nw.y) };
  const grid: RoutePlan["grid"] = [];
  for (let lon = -120; lon < CONTIGUOUS.east; lon += 10) {
    const x = project(0, lon).x;
    grid.push({ x1: x, y1: frame.y, x2: x, y2: frame.y + frame.height });
  }
  for (let lat = 30; lat < CONTIGUOUS.north; lat += 5) {
    const y = project(lat, 0).y;
    grid.push({ x1: frame.x, y1: y, x2: frame.x + frame.width, y2: y });
  }
  return { project, frame, grid };
}

const REFERENCE_CITIES = [
  { label: "Seattle", lat: 47.61, lon: -122.33 },
  { label: "San Francisco", lat: 37.77, lon: -122.42 },
  { label: "Los Angeles", lat: 34.05, lon: -118.24 },
  { label: "Denver", lat: 39.74, lon: -104.99 },
  { label: "Dallas", lat: 32.78, lon: -96.8 },
  { label: "Chicago", lat: 41.88, lon: -87.63 },
  { label: "Atlanta", lat: 33.75, lon: -84.39 },
  { label: "Miami", lat: 25.76, lon: -80.19 },
  { label: "New York", lat: 40.71, lon: -74.01 },
];

type Box = { x1: number; y1: number; x2: number; y2: number };
const overlaps = (a: Box, b: Box) => a.x1 < b.x2 && b.x1 < a.x2 && a.y1 < b.y2 && b.y1 < a.y2;

/**
 * Places that nearly coincide (a letter across town) are pushed apart so that both dots show;
 * the picture is a schematic, the words under it are exact.
 */
function spreadApart(points: { x: number; y: number }[], min = 18): void {
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

/** Above the dot if that space is free, else below; records the box it takes. */
function placeLabelBox(xy: { x: number; y: number }, label: string, anchor: RouteStop["anchor"], placed: Box[]): "above" | "below" {
  const width = label.length * LABEL_SIZE * 0.58;
  const x1 = anchor === "start" ? xy.x - 6 : anchor === "end" ? xy.x + 6 - width : xy.x - width / 2;
  const above = { x1, x2: x1 + width, y1: xy.y - 16 - LABEL_SIZE, y2: xy.y - 14 };
  const below = { x1, x2: x1 + width, y1: xy.y + 12, y2: xy.y + 14 + LABEL_SIZE };
  const free = (b: Box) => b.y1 >= 0 && b.y2 <= ROUTE_BOX.height && !placed.some((p) => overlaps(p, b));
  const choice = free(above) ? "above" : free(below) ? "below" : above.y1 >= 0 ? "above" : "below";
  placed.push(choice === "above" ? above : below);
  return choice;
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
  const currentIndex = scanned.length - 1; // -1 before the first scan

  const { project, frame, grid } = projector(nodes.flatMap((n) => (n.at ? [n.at] : [])));
  const drawn = nodes.map((n, i) => ({ ...n, i, xy: n.at ? project(n.at.lat, n.at.lon) : null }));
  spreadApart(drawn.flatMap((n) => (n.xy ? [n.xy] : [])));
  const line = (from: number, to: number) => {
    const pts = drawn.slice(from, to + 1).flatMap((n) => (n.xy ? [`${n.xy.x},${n.xy.y}`] : []));
    return pts.length >= 2 ? pts.join(" ") : null;
  };
  const travelled = currentIndex >= 1 ? line(0, currentIndex) : null;
  const remaining = !ended && currentIndex >= 0 && currentIndex < nodes.length - 1 ? line(currentIndex, nodes.length - 1) : null;

  const placed: Box[] = drawn.flatMap((n) => (n.xy ? [{ x1: n.xy.x - 9, y1: n.xy.y - 9, x2: n.xy.x + 9, y2: n.xy.y + 9 }] : []));
  const stops: RouteStop[] = drawn.flatMap((n) => {
    if (!n.xy) return [];
    const label = placeLabel(n.place);
    const anchor = n.xy.x < ROUTE_BOX.width * 0.3 ? "start" : n.xy.x > ROUTE_BOX.width * 0.7 ? "end" : "middle";
    return [{ label, x: n.xy.x, y: n.xy.y, kind: n.kind, current: n.i === currentIndex, labelAt: placeLabelBox(n.xy, label, anchor, placed), anchor }];
  });
  const references = REFERENCE_CITIES.flatMap((c) => {
    const xy = project(c.lat, c.lon);
    const nearRoute = stops.some((s) => Math.hypot(s.x - xy.x, s.y - xy.y) < 40);
    return nearRoute || stops.some((s) => s.label === c.label) ? [] : [{ label: c.label, ...xy }];
  });

  return { width: ROUTE_BOX.width, height: ROUTE_BOX.height, frame, grid, references, stops, travelled, remaining, description: describeRoute(scanned, destination, t.status, ended) };
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
  if (status === "delivered") return `${start}. Delivered in ${placeLabel(last)}.`;
  if (ended) return `${start}. Last scanned in ${placeLabel(last)}.`;
  return `${start}. Now in ${placeLabel(last)}.`;
}
