import { geoAlbersUsa, geoPath } from "d3-geo";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { feature } from "topojson-client";
import type { GeometryCollection, Topology } from "topojson-specification";
import statesTopology from "us-atlas/states-10m.json" with { type: "json" };
import { describe, expect, it } from "vitest";
import { RouteMap } from "@/components/tracking/route-map";
import { zipData } from "@/lib/addresses/zip-data";
import type { PublicTracking } from "@/lib/tracking/get-public-tracking";
import { CompactSvgPath } from "@/lib/tracking/compact-svg-path";
import { planRouteWith } from "@/lib/tracking/plan-route";
import { keptPoints } from "@/lib/tracking/simplify-arcs";
import { placeOnMap, US_MAP, usBaseMap, type Bounds, type Point } from "@/lib/tracking/us-base-map";

// The map under the tracking page's route: the states from us-atlas in Albers USA, small enough
// to send in every page, with Alaska and Hawaii where Albers USA draws them.

type Ev = PublicTracking["events"][number];
const scan = (city: string, state: string, zip: string | null = null): Ev => ({
  at: "2026-03-03T10:00:00.000Z",
  kind: "scan",
  status: null,
  description: "In Transit",
  place: [city, state, zip].filter(Boolean).join(" "),
  where: { city, state, zip },
});
const view = (status: string, events: Ev[]) => ({ status, events, destination: { city: "ALBANY", state: "NY" } }) as PublicTracking;
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

  it("draws Alaska and Hawaii in insets at the lower left, and places Anchorage and Honolulu inside them", async () => {
    const { insets } = usBaseMap();
    for (const inset of [insets.alaska, insets.hawaii]) {
      expect(inset.x2).toBeLessThan(US_MAP.width / 2);
      expect(inset.y1).toBeGreaterThan(US_MAP.height / 2);
      expect(inset.x2 - inset.x1).toBeGreaterThan(50);
    }
    expect(insets.alaska.x2).toBeLessThanOrEqual(insets.hawaii.x1);

    const plan = planRouteWith(await zipData(), view("mailed", [scan("ANCHORAGE", "AK", "99501"), scan("HONOLULU", "HI", "96813"), scan("SEATTLE", "WA")]), false);
    const at = (name: string) => plan.stops.find((s) => s.name === name)!;
    expect(inside(at("Anchorage, AK"), insets.alaska)).toBe(true);
    expect(inside(at("Honolulu, HI"), insets.hawaii)).toBe(true);
    expect(inside(at("Seattle, WA"), insets.alaska) || inside(at("Seattle, WA"), insets.hawaii)).toBe(false);
    // Juneau, in the panhandle, is in the Alaska inset too; San Juan (Puerto Rico) is on no inset.
    expect(inside(placeOnMap({ lat: 58.3, lon: -134.42 })!, insets.alaska)).toBe(true);
    expect(placeOnMap({ lat: 18.4, lon: -66.06 })).toBeNull();
  });
});

describe("the route map", () => {
  it("is one image of the land, the state borders, the route and its named places, with no frame or grid", async () => {
    const delivered = [scan("COLUMBUS", "OH", "43217"), scan("Chicago", "IL"), scan("ALBANY", "NY", "12207")];
    const plan = planRouteWith(await zipData(), view("delivered", delivered), false);
    const html = renderToStaticMarkup(createElement(RouteMap, { plan, delivered: true }));
    expect(html).toMatch(/<svg role="img" aria-labelledby="route-description" viewBox="0 0 975 610"/);
    expect(html).toContain(`<path d="${plan.land}" class="fill-stone-100`);
    expect(html).toMatch(new RegExp(`<path d="${plan.borders}" fill="none"`));
    expect(html.match(/<text /g)).toHaveLength(3);
    for (const name of ["Columbus, OH", "Chicago, IL", "Albany, NY"]) expect(html).toContain(`>${name}</text>`);
    // The way travelled, solid, ending at the delivered place in green.
    expect(html).toMatch(/<polyline points="[^"]+" fill="none" class="stroke-blue-700"/);
    expect(html).toContain("fill-green-700");
    expect(html).not.toMatch(/<rect|<line /);
    expect(html).toContain('id="route-description" data-testid="route-description">Route from Columbus, OH to Albany, NY by way of Chicago, IL. Delivered in Albany, NY.</p>');
  });

  it("ends a delivered letter's route at its destination, even when its last scan named another place", async () => {
    // Arrival scans often name no place, or the sorting center: the letter is still where it was delivered.
    const plan = planRouteWith(await zipData(), view("delivered", [scan("COLUMBUS", "OH", "43217"), scan("DENVER", "CO", "80202")]), false);
    expect(plan.description).toBe("Route from Columbus, OH to Albany, NY by way of Denver, CO. Delivered in Albany, NY.");
    expect(plan.remaining).toBeNull();
    expect(plan.travelled?.split(" ")).toHaveLength(3);
    expect(plan.stops.find((s) => s.current)).toMatchObject({ name: "Albany, NY", kind: "destination" });
  });
});
