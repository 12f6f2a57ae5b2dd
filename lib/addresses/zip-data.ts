// Typed, indexed view of the `zipcodes` package's US table (42,555 ZIPs, one primary city each,
// with centroid coordinates). The 5 MB table takes ~0.2 s to load, so it is imported on first
// use rather than when a route module loads, and every index is built once per process.

export type ZipPlace = {
  zip: string;
  /** The ZIP's primary (USPS "preferred") city, upper case as printed on mail. */
  city: string;
  state: string;
  /** Null where the dataset has no centroid (it stores 0,0 for those). */
  lat: number | null;
  lon: number | null;
};

export type CityPlace = { city: string; state: string; zips: string[] };

type KeyedCity = { key: string; place: CityPlace };

export const MILITARY_STATES = new Set(["AA", "AE", "AP"]);

/**
 * The indexes over the table. Each one is built the first time it is used (a few tens of ms to
 * ~0.15 s each), so the verifier, the typeahead and the reverse lookup only pay for their own.
 */
export class ZipData {
  readonly byZip: Map<string, ZipPlace>;
  /** Every ZIP, sorted by ZIP: prefix search by binary search. */
  readonly sortedZips: ZipPlace[];
  #byCityState?: Map<string, ZipPlace[]>;
  #cityKeys?: { all: KeyedCity[]; byState: Map<string, KeyedCity[]> };
  #byLatitude?: ZipPlace[];

  constructor(records: { zip: string; latitude: number; longitude: number; city: string; state: string }[]) {
    this.sortedZips = records
      .map((r) => {
        const hasCoords = Number.isFinite(r.latitude) && Number.isFinite(r.longitude) && !(r.latitude === 0 && r.longitude === 0);
        return { zip: r.zip, city: r.city.toUpperCase(), state: r.state, lat: hasCoords ? r.latitude : null, lon: hasCoords ? r.longitude : null };
      })
      .sort((a, b) => (a.zip < b.zip ? -1 : a.zip > b.zip ? 1 : 0));
    this.byZip = new Map(this.sortedZips.map((p) => [p.zip, p]));
  }

  /** `${canonicalCity(city)}|${state}` -> the ZIPs whose primary city that is. */
  get byCityState(): Map<string, ZipPlace[]> {
    if (this.#byCityState) return this.#byCityState;
    const index = new Map<string, ZipPlace[]>();
    const canonical = new Map<string, string>();
    for (const p of this.sortedZips) {
      let canon = canonical.get(p.city);
      if (canon === undefined) canonical.set(p.city, (canon = canonicalCity(p.city)));
      const key = `${canon}|${p.state}`;
      const list = index.get(key);
      if (list) list.push(p);
      else index.set(key, [p]);
    }
    return (this.#byCityState = index);
  }

  /** City names (and their ST/SAINT-style alternates) sorted by search key, across all states. */
  get cityKeys(): KeyedCity[] {
    return this.buildCityKeys().all;
  }

  /** The same, one sorted list per state. */
  get cityKeysByState(): Map<string, KeyedCity[]> {
    return this.buildCityKeys().byState;
  }

  /** Geographic ZIPs with a centroid, sorted by latitude, for nearest-ZIP search. */
  get byLatitude(): ZipPlace[] {
    this.#byLatitude ??= this.sortedZips.filter((p) => p.lat !== null && !MILITARY_STATES.has(p.state)).sort((a, b) => a.lat! - b.lat!);
    return this.#byLatitude;
  }

  private buildCityKeys() {
    if (this.#cityKeys) return this.#cityKeys;
    const cities = new Map<string, CityPlace>();
    for (const p of this.sortedZips) {
      const cityKey = `${p.city}|${p.state}`;
      const c = cities.get(cityKey);
      if (c) c.zips.push(p.zip);
      else cities.set(cityKey, { city: p.city, state: p.state, zips: [p.zip] });
    }
    const all: KeyedCity[] = [];
    for (const place of cities.values()) {
      for (const key of new Set(searchKeys(place.city))) all.push({ key, place });
    }
    all.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.place.state < b.place.state ? -1 : 1));
    const byState = new Map<string, KeyedCity[]>();
    for (const k of all) {
      const list = byState.get(k.place.state);
      if (list) list.push(k);
      else byState.set(k.place.state, [k]);
    }
    return (this.#cityKeys = { all, byState });
  }
}

let loading: Promise<ZipData> | undefined;

export function zipData(): Promise<ZipData> {
  loading ??= import("zipcodes/lib/codes.js").then((mod) => {
    // Node's ESM loader exposes the CommonJS exports as named exports; bundlers may only give `default`.
    const codes = mod.codes ?? (mod as unknown as { default: typeof mod }).default.codes;
    return new ZipData(Object.values(codes));
  });
  return loading;
}

const SAINT_LIKE: Record<string, string> = { ST: "SAINT", STE: "SAINTE", FT: "FORT", MT: "MOUNT" };
const SHORT_OF: Record<string, string> = { SAINT: "ST", SAINTE: "STE", FORT: "FT", MOUNT: "MT" };

/** Upper case, no accents, punctuation as spaces, collapsed. The form both typed text and city names are compared in. */
export function plainUpper(s: string): string {
  // Only non-ASCII text can carry accents; skipping NFD for the rest keeps the index build fast.
  const ascii = /^[\x00-\x7f]*$/.test(s) ? s : s.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
  return ascii
    .toUpperCase()
    .replace(/'/g, "")
    .replace(/[^A-Z0-9]+/g, " ")
    .trim();
}

/**
 * The comparison form of a city name: Pub 28 writes SAINT, FORT and MOUNT in full in the
 * city-state file while people write ST, FT and MT, so both sides are expanded.
 */
export function canonicalCity(s: string): string {
  return plainUpper(s)
    .split(" ")
    .map((w) => SAINT_LIKE[w] ?? w)
    .join(" ");
}

/** The keys a city is found under by prefix: its name, and its name with the first ST/SAINT-style word swapped. */
function searchKeys(city: string): string[] {
  const plain = plainUpper(city);
  const [first, ...rest] = plain.split(" ");
  const swapped = SAINT_LIKE[first] ?? SHORT_OF[first];
  return swapped ? [plain, [swapped, ...rest].join(" ")] : [plain];
}

/** First index whose key is >= target (keys ascending). */
export function lowerBound<T>(items: T[], target: string, keyOf: (item: T) => string): number {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (keyOf(items[mid]) < target) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const EARTH_RADIUS_KM = 6371.0088;

export function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLon = (lon2 - lon1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** The geographic ZIP whose centroid is nearest to a point, searching outward from its latitude. */
export function nearestZip(data: ZipData, lat: number, lon: number): { place: ZipPlace; km: number } | null {
  const list = data.byLatitude;
  const start = lowerBoundNumber(list, lat);
  let best: ZipPlace | null = null;
  let bestKm = Infinity;
  // One degree of latitude is at least 110.5 km, so once the latitude gap alone is farther than
  // the best match, nothing further out on that side can win.
  const kmPerDegree = 110.5;
  for (let i = start; i < list.length && (list[i].lat! - lat) * kmPerDegree < bestKm; i++) {
    const km = distanceKm(lat, lon, list[i].lat!, list[i].lon!);
    if (km < bestKm) [best, bestKm] = [list[i], km];
  }
  for (let i = start - 1; i >= 0 && (lat - list[i].lat!) * kmPerDegree < bestKm; i--) {
    const km = distanceKm(lat, lon, list[i].lat!, list[i].lon!);
    if (km < bestKm) [best, bestKm] = [list[i], km];
  }
  return best ? { place: best, km: bestKm } : null;
}

function lowerBoundNumber(items: ZipPlace[], lat: number): number {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (items[mid].lat! < lat) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
