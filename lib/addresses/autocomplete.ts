import { ApiError } from "@/lib/errors/api-error";
import { US_STATE_CODES } from "@/lib/letters/us-states";
import { lowerBound, nearestZip, plainUpper, zipData, type ZipData } from "@/lib/addresses/zip-data";

// Typeahead and reverse lookup over the embedded ZIP table. Both are conveniences for forms:
// advisory only, since every address is verified again when a letter is quoted. Lookups are
// binary searches over indexes built once per process (see zip-data.ts), never a scan per call.

export type Suggestion = { zip: string; city: string; state: string; zips?: string[] };

export const AUTOCOMPLETE_DEFAULT_LIMIT = 10;
export const AUTOCOMPLETE_MAX_LIMIT = 25;
/** Beyond this, a point is not in any ZIP's area: the US has no ZIP centroids this far apart. */
export const REVERSE_MAX_KM = 250;

/**
 * `q` of 1-5 digits: the ZIPs starting with it, in ZIP order. Otherwise a city-name prefix,
 * optionally followed by ", ST" or " ST" to keep one state: the matching cities in name order,
 * each with its first ZIP and all its ZIPs.
 */
export async function autocomplete(q: string, limit = AUTOCOMPLETE_DEFAULT_LIMIT): Promise<Suggestion[]> {
  const n = Math.min(Math.max(1, Math.trunc(limit)), AUTOCOMPLETE_MAX_LIMIT);
  const data = await zipData();
  const query = q.trim();

  if (/^\d{1,5}$/.test(query)) {
    const out: Suggestion[] = [];
    for (let i = lowerBound(data.sortedZips, query, (p) => p.zip); i < data.sortedZips.length && out.length < n; i++) {
      const p = data.sortedZips[i];
      if (!p.zip.startsWith(query)) break;
      out.push({ zip: p.zip, city: p.city, state: p.state });
    }
    return out;
  }

  const withState = /^(.*?)(,\s*|\s+)([A-Za-z]{2})$/.exec(query);
  if (withState && US_STATE_CODES.has(withState[3].toUpperCase())) {
    const found = citiesByPrefix(plainUpper(withState[1]), withState[3].toUpperCase(), n, data);
    // "FORT WA" may be Fort Wayne being typed rather than a Washington filter; a comma is unambiguous.
    if (found.length > 0 || withState[2].includes(",")) return found;
  }
  return citiesByPrefix(plainUpper(query), null, n, data);
}

function citiesByPrefix(prefix: string, state: string | null, n: number, data: ZipData): Suggestion[] {
  if (!prefix) return [];
  const keys = state ? (data.cityKeysByState.get(state) ?? []) : data.cityKeys;
  const out: Suggestion[] = [];
  const seen = new Set<object>();
  for (let i = lowerBound(keys, prefix, (k) => k.key); i < keys.length && out.length < n; i++) {
    const { key, place } = keys[i];
    if (!key.startsWith(prefix)) break;
    if (seen.has(place)) continue;
    seen.add(place);
    out.push({ zip: place.zips[0], city: place.city, state: place.state, zips: place.zips });
  }
  return out;
}

export type ReverseResult = { zip: string; city: string; state: string; distance_km: number };

/** The ZIP whose centroid is nearest to a point in the US or its territories (military ZIPs excluded). */
export async function reverseGeocode(latitude: number, longitude: number): Promise<ReverseResult> {
  if (!Number.isFinite(latitude) || latitude < -90 || latitude > 90) {
    throw new ApiError("validation_error", "latitude must be a number from -90 to 90.");
  }
  if (!Number.isFinite(longitude) || longitude < -180 || longitude > 180) {
    throw new ApiError("validation_error", "longitude must be a number from -180 to 180.");
  }
  const found = nearestZip(await zipData(), latitude, longitude);
  if (!found || found.km > REVERSE_MAX_KM) {
    const km = found ? ` (the nearest is ${Math.round(found.km)} km away)` : "";
    throw new ApiError(
      "validation_error",
      `latitude ${latitude}, longitude ${longitude} is not within ${REVERSE_MAX_KM} km of any US ZIP Code${km}; reverse lookup covers the United States and its territories.`,
    );
  }
  const { place, km } = found;
  return { zip: place.zip, city: place.city, state: place.state, distance_km: Math.round(km * 10) / 10 };
}
