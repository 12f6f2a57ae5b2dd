import { geoAlbersUsa, geoPath, type GeoPermissibleObjects } from "d3-geo";
import type { Feature, FeatureCollection, MultiPolygon, Polygon } from "geojson";
import { feature, mesh } from "topojson-client";
import type { GeometryCollection, Topology } from "topojson-specification";
import statesTopology from "us-atlas/states-10m.json" with { type: "json" };
import { CompactSvgPath } from "@/lib/tracking/compact-svg-path";
import { simplifyArcs } from "@/lib/tracking/simplify-arcs";

// The map under the tracking page's route: the fifty states from the Census Bureau's 1:10m
// cartographic boundaries (us-atlas), in Albers USA, which draws Alaska and Hawaii in insets
// at the lower left. Drawn on the server, once per process; no tiles, no network.

export type LatLon = { lat: number; lon: number };
export type Point = { x: number; y: number };
export type Bounds = { x1: number; y1: number; x2: number; y2: number };

export type UsBaseMap = {
  /** SVG path data: the land of the fifty states, coasts and borders with Canada and Mexico. */
  land: string;
  /** SVG path data: the borders between states, each drawn once. */
  borders: string;
  /** Where Alaska and Hawaii are drawn, in their insets (their shapes' bounds within the frame). */
  insets: { alaska: Bounds; hawaii: Bounds };
};

/** Albers USA's natural frame, the one us-atlas's own pre-projected files use. */
export const US_MAP = { width: 975, height: 610 } as const;
const projection = geoAlbersUsa().scale(1300).translate([US_MAP.width / 2, US_MAP.height / 2]);

// Detail finer than this (in map units; the map is shown 300 to 700 pixels wide) cannot be
// seen and would only lengthen the page: the 1:10m outlines drop from 11,781 points to ~3,600.
const TOLERANCE = 0.75;
/** Islands smaller than this (square map units, about one pixel) are left out. */
const SMALLEST_ISLAND = 2;

const round = (n: number) => Math.round(n * 10) / 10;

/**
 * Where a place falls on the map, or null where Albers USA has nothing to draw it on: Puerto
 * Rico, Guam and the other territories, and anything abroad.
 */
export function placeOnMap({ lat, lon }: LatLon): Point | null {
  const xy = projection([lon, lat]);
  return xy ? { x: round(xy[0]), y: round(xy[1]) } : null;
}

let drawn: UsBaseMap | undefined;

/** The base map, drawn the first time it is asked for (about a tenth of a second) and kept. */
export function usBaseMap(): UsBaseMap {
  return (drawn ??= drawBaseMap());
}

type StateProperties = { name: string };
type States = Topology<{ states: GeometryCollection<StateProperties>; nation: GeometryCollection }>;

function drawBaseMap(): UsBaseMap {
  const us = simplifyArcs(statesTopology as unknown as States, (p) => projection(p), TOLERANCE);
  const nation = feature(us, us.objects.nation) as FeatureCollection<MultiPolygon | Polygon>;
  const states = feature(us, us.objects.states) as FeatureCollection<MultiPolygon | Polygon, StateProperties>;
  const bounds = (name: string): Bounds => {
    const state = states.features.find((f) => f.properties.name === name)!;
    const [[x1, y1], [x2, y2]] = geoPath(projection).bounds(state);
    // The western Aleutians fall left of the frame, as in us-atlas's own Albers files.
    return { x1: Math.max(0, round(x1)), y1: Math.max(0, round(y1)), x2: Math.min(US_MAP.width, round(x2)), y2: Math.min(US_MAP.height, round(y2)) };
  };
  return {
    land: svgPath({ type: "FeatureCollection", features: nation.features.map(withoutSpecks) }),
    // Borders only between two states: the coast and the national borders are the land's edge.
    borders: svgPath(mesh(us, us.objects.states, (a, b) => a !== b)),
    insets: { alaska: bounds("Alaska"), hawaii: bounds("Hawaii") },
  };
}

function svgPath(object: GeoPermissibleObjects): string {
  const path = new CompactSvgPath();
  geoPath(projection, path)(object);
  return path.toString();
}

/** The feature without islands too small to see (some two hundred, most of them in Alaska). */
function withoutSpecks(land: Feature<MultiPolygon | Polygon>): Feature<MultiPolygon> {
  const polygons = land.geometry.type === "Polygon" ? [land.geometry.coordinates] : land.geometry.coordinates;
  const path = geoPath(projection);
  return { ...land, geometry: { type: "MultiPolygon", coordinates: polygons.filter((rings) => path.area({ type: "Polygon", coordinates: rings }) >= SMALLEST_ISLAND) } };
}
