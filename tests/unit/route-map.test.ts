import { geoAlbersUsa, geoPath } from "d3-geo";
import { feature } from "topojson-client";
import type { GeometryCollection, Topology } from "topojson-specification";
import statesTopology from "us-atlas/states-10m.json" with { type: "json" };
import { describe, expect, it } from "vitest";
import { CompactSvgPath } from "@/lib/tracking/compact-svg-path";
import { keptPoints } from "@/lib/tracking/simplify-arcs";
import { placeOnMap, US_MAP, usBaseMap, type Bounds, type Point } from "@/lib/tracking/us-base-map";

// The map under the tracking page's route: the states from us-atlas in Albers USA, small enough
// to send in every page, with Alaska and Hawaii where Albers USA draws them.

const inside = (p: Point, b: Bounds) => p.x >= b.x1 && p.x <= b.x2 && p.y >= b.y1 && p.y <= b.y2;

/** Path data as its subpaths of absolute points, in tenths, whichever way it was written (absolute or relative). */
function subpaths(d: string): string[][] {
  const tokens = d.match(/[MLlZz]|-?(?:\d+\.?\d*|\.\d+)/g) ?? [];
  const out: string[][] = [];
  let [x, y, relative] = [0, 0, false];
  for (let i = 0; i < tokens.length; ) {
    const t = tokens[i];
    if (/[MLlZz]/.test(t)) {
      if (t === "M") out.push([]);
      relative = t === "l";
      i++;
      continue;
    }
    const [dx, dy] = [Math.round(Number(t) * 10), Math.round(Number(tokens[i + 1]) * 10)];
    [x, y] = relative ? [x + dx, y + dy] : [dx, dy];
    const path = out[out.length - 1];
    if (path[path.length - 1] !== `${x},${y}`) path.push(`${x},${y}`);
    i += 2;
  }
  return out;
}

describe("the base map", () => {
  it("is the land of the fifty states and the borders between them, in path data small enough for every page", () => {
    const map = usBaseMap();
    expect(map.land).toMatch(/^M[\d.]+,[\d.]+l/);
    expect(map.borders).toMatch(/^M[\d.]+,[\d.]+l/);
    // Dozens of islands and coastlines, dozens of border lines (arcs meeting end to end are one line).
    expect(subpaths(map.land).length).toBeGreaterThan(30);
    expect(subpaths(map.borders).length).toBeGreaterThan(40);
    // The borders meet where Utah, Colorado, New Mexico and Arizona do.
    const fourCorners = placeOnMap({ lat: 36.999, lon: -109.045 })!;
    const nearest = Math.min(...subpaths(map.borders).flat().map((p) => Math.hypot(Number(p.split(",")[0]) / 10 - fourCorners.x, Number(p.split(",")[1]) / 10 - fourCorners.y)));
    expect(nearest).toBeLessThan(1);
    // The page carries it twice (its HTML and React's payload): keep it well under 30 KB.
    expect(map.land.length + map.borders.length).toBeLessThan(25_000);
    // Drawn once per process.
    expect(usBaseMap()).toBe(map);
  });

  it("writes exactly the points d3 writes to one decimal, only shorter", () => {
    const path = new CompactSvgPath();
    const square = { type: "Polygon" as const, coordinates: [[[0, 0], [10.04, 0], [10.04, 0.01], [10.04, -5.55], [0, 0]]] };
    geoPath(null, path)(square);
    // The repeated point (same to one decimal) is written once; no leading zero; minus signs separate.
    expect(path.toString()).toBe("M0,0l10,0 0-5.5z");

    const us = statesTopology as unknown as Topology<{ states: GeometryCollection }>;
    const states = feature(us, us.objects.states);
    const ours = new CompactSvgPath();
    const projection = geoAlbersUsa().scale(1300).translate([487.5, 305]);
    geoPath(projection, ours)(states);
    const d3s = geoPath(projection).digits(1)(states)!;
    expect(subpaths(ours.toString())).toEqual(subpaths(d3s));
    expect(ours.toString().length).toBeLessThan(d3s.length * 0.7);
  });

  it("thins a line to the points that show at the map's scale, keeping its ends and whatever the projection cannot place", () => {
    const wobbly: ([number, number] | null)[] = [[0, 0], [1, 0.1], [2, -0.1], [3, 5], [4, 0], [5, 0.2], [6, 0]];
    expect(keptPoints(wobbly, 0.75)).toEqual([0, 2, 3, 4, 6]);
    expect(keptPoints([[0, 0], [1, 0.1], null, [3, 0.1], [4, 0.1], [5, 0]], 0.75)).toEqual([0, 1, 2, 3, 5]);
  });

  it("draws Alaska and Hawaii in insets at the lower left, and places Anchorage and Honolulu inside them", () => {
    const { insets } = usBaseMap();
    for (const inset of [insets.alaska, insets.hawaii]) {
      expect(inset.x2).toBeLessThan(US_MAP.width / 2);
      expect(inset.y1).toBeGreaterThan(US_MAP.height / 2);
      expect(inset.x2 - inset.x1).toBeGreaterThan(50);
    }
    expect(insets.alaska.x2).toBeLessThanOrEqual(insets.hawaii.x1);

    expect(inside(placeOnMap({ lat: 61.2116, lon: -149.8761 })!, insets.alaska)).toBe(true); // Anchorage
    expect(inside(placeOnMap({ lat: 21.3179, lon: -157.8521 })!, insets.hawaii)).toBe(true); // Honolulu
    const seattle = placeOnMap({ lat: 47.61, lon: -122.33 })!;
    expect(inside(seattle, insets.alaska) || inside(seattle, insets.hawaii)).toBe(false);
    // Juneau, in the panhandle, is in the Alaska inset too; San Juan (Puerto Rico) is on no inset.
    expect(inside(placeOnMap({ lat: 58.3, lon: -134.42 })!, insets.alaska)).toBe(true);
    expect(placeOnMap({ lat: 18.4, lon: -66.06 })).toBeNull();
  });
});
