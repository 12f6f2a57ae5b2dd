import type { Address } from "@/lib/letters/schemas";
import type { AddressVerification, AddressVerifier } from "@/lib/addresses/address-verifier";
import { addressesDiffer, standardizeAddress } from "@/lib/addresses/standardize-address";
import { MILITARY_STATES, canonicalCity, distanceKm, zipData, type ZipData, type ZipPlace } from "@/lib/addresses/zip-data";

/*
 * The offline verifier: Pub 28 standardization plus a check of the last line (city, state, ZIP)
 * against the `zipcodes` table. It cannot see streets or house numbers, so it only refuses what
 * is certainly wrong, and otherwise prefers delivering with the ZIP's city over refusing:
 *
 * 1. The 5-digit ZIP must exist (a ZIP+4 is kept as given), and the state must be the ZIP's.
 * 2. The city is accepted when it is the ZIP's city after Pub 28 normalization (ST = SAINT,
 *    FT = FORT, MT = MOUNT, no accents or punctuation) or a close typo of it (Damerau-Levenshtein
 *    distance 1 for 4-5 letters, 2 beyond, none for 3 or fewer). The ZIP's city is what `standardized` carries.
 *    (A lookup of the city by name can only list a ZIP under that primary city, so it adds nothing.)
 * 3. The dataset has one city per ZIP, while USPS also accepts other names for many ZIPs
 *    (BOSTON for 02124, whose city is DORCHESTER CENTER). So a different city is accepted, with
 *    the ZIP's city in `standardized` and a note, when it is a real city of the same state within
 *    15 km of the ZIP, or a well-known local name of the ZIP's area (ACCEPTABLE_LOCAL_NAMES).
 * 4. Anything else (PARIS for 12207) is refused, naming the ZIP's city as the fix.
 * 5. Military mail: city APO, FPO or DPO with state AE (ZIPs 090-098), AA (340) or AP (962-966).
 *    The dataset lacks many of these ZIPs, so the ranges decide; mismatches are refused.
 */

const NEAR_KM = 15;

/** Names USPS accepts for ZIPs whose dataset city differs, where the 15 km rule cannot know them (no such city in the dataset). */
const ACCEPTABLE_LOCAL_NAMES: Record<string, { state: string; zipPrefixes: string[] }> = {
  MANHATTAN: { state: "NY", zipPrefixes: ["100", "101", "102"] },
  HARLEM: { state: "NY", zipPrefixes: ["100"] },
  QUEENS: { state: "NY", zipPrefixes: ["110", "111", "113", "114", "116"] },
  HOLLYWOOD: { state: "CA", zipPrefixes: ["900"] },
  "WEST HOLLYWOOD": { state: "CA", zipPrefixes: ["900"] },
  GEORGETOWN: { state: "DC", zipPrefixes: ["200"] },
  "SOUTH BOSTON": { state: "MA", zipPrefixes: ["021"] },
  GERMANTOWN: { state: "PA", zipPrefixes: ["191"] },
  "HATO REY": { state: "PR", zipPrefixes: ["009"] },
  "RIO PIEDRAS": { state: "PR", zipPrefixes: ["009"] },
  SANTURCE: { state: "PR", zipPrefixes: ["009"] },
};

const MILITARY_CITIES = new Set(["APO", "FPO", "DPO"]);

function militaryStateOfZip(zip5: string): "AE" | "AA" | "AP" | null {
  const p = Number(zip5.slice(0, 3));
  if (p >= 90 && p <= 98) return "AE";
  if (p === 340) return "AA";
  if (p >= 962 && p <= 966) return "AP";
  return null;
}

type LastLine = { ok: true; city: string; notes: string[] } | { ok: false; problem: string };

export class EmbeddedVerifier implements AddressVerifier {
  readonly source = "embedded" as const;

  async verify(input: Address): Promise<AddressVerification> {
    const { address, corrections } = standardizeAddress(input);
    const result = checkLastLine(address, await zipData());
    if (!result.ok) {
      return { deliverable: false, standardized: address, changed: addressesDiffer(input, address), problem: result.problem, corrections, source: this.source };
    }
    const standardized = { ...address, city: result.city };
    return {
      deliverable: true,
      standardized,
      changed: addressesDiffer(input, standardized),
      corrections: [...corrections, ...result.notes],
      source: this.source,
    };
  }
}

function checkLastLine(a: Address, data: ZipData): LastLine {
  const zip5 = a.zip.slice(0, 5);
  if (MILITARY_STATES.has(a.state) || MILITARY_CITIES.has(a.city)) return checkMilitary(a, zip5, data);

  const militaryZip = militaryStateOfZip(zip5);
  if (militaryZip) {
    return { ok: false, problem: `zip ${zip5} is a military ZIP Code (${militaryZip}); address it to APO, FPO or DPO with state ${militaryZip}, or check the ZIP` };
  }
  const place = data.byZip.get(zip5);
  if (!place) return { ok: false, problem: `zip ${a.zip} is not a US ZIP Code; check the ZIP` };
  if (place.state !== a.state) {
    return { ok: false, problem: `state ${a.state} does not match ZIP ${zip5}, which is in ${place.state}; use ${place.state} or check the ZIP` };
  }
  return checkCity(a, place, data);
}

function checkCity(a: Address, place: ZipPlace, data: ZipData): LastLine {
  const given = canonicalCity(a.city);
  const target = canonicalCity(place.city);
  const renamed = (note: string): LastLine => ({ ok: true, city: place.city, notes: a.city === place.city ? [] : [note] });

  if (given.replace(/ /g, "") === target.replace(/ /g, "")) {
    return renamed(`city ${a.city} written as ${place.city}, as USPS spells it`);
  }
  if (isCloseTypo(given, target)) return renamed(`city corrected from ${a.city} to ${place.city}`);

  const local = ACCEPTABLE_LOCAL_NAMES[given];
  if (local && local.state === place.state && local.zipPrefixes.some((p) => place.zip.startsWith(p))) {
    return renamed(`city ${a.city} is a local name; USPS's city for ZIP ${place.zip} is ${place.city}`);
  }
  const sameName = data.byCityState.get(`${given}|${place.state}`);
  const km = sameName && place.lat !== null ? nearestKm(place, sameName) : Infinity;
  if (km <= NEAR_KM) {
    return renamed(`city ${a.city} changed to ${place.city}, the city USPS uses for ZIP ${place.zip} (${Math.round(km)} km from ${a.city})`);
  }
  return {
    ok: false,
    problem: `city ${a.city} is not served by ZIP ${place.zip} (${place.city}, ${place.state}); use ${place.city} or check the ZIP`,
  };
}

function nearestKm(place: ZipPlace, others: ZipPlace[]): number {
  let best = Infinity;
  for (const o of others) {
    if (o.lat !== null) best = Math.min(best, distanceKm(place.lat!, place.lon!, o.lat, o.lon!));
  }
  return best;
}

function checkMilitary(a: Address, zip5: string, data: ZipData): LastLine {
  const zipState = militaryStateOfZip(zip5);
  if (!zipState) {
    return MILITARY_STATES.has(a.state)
      ? { ok: false, problem: `zip ${a.zip} is not a military ZIP Code, which state ${a.state} needs (AE: 090xx-098xx, AA: 340xx, AP: 962xx-966xx); check the ZIP, or use the civilian state` }
      : { ok: false, problem: `city ${a.city} is for military mail, which needs state AA, AE or AP and a military ZIP Code; check the city and state` };
  }
  if (a.state !== zipState) {
    return { ok: false, problem: `state ${a.state} does not match ZIP ${zip5}, which is an ${zipState} military ZIP Code; use ${zipState} or check the ZIP` };
  }
  if (MILITARY_CITIES.has(a.city)) return { ok: true, city: a.city, notes: [] };
  const known = data.byZip.get(zip5);
  if (known && MILITARY_CITIES.has(known.city)) {
    return { ok: true, city: known.city, notes: [`city ${a.city} replaced by ${known.city}: military mail to ZIP ${zip5} is addressed to ${known.city} ${zipState}`] };
  }
  return { ok: false, problem: `city ${a.city} cannot be used with military state ${a.state}; use APO, FPO or DPO as the city` };
}

/** A typo, not another name: 1 edit for names up to 5 letters, 2 beyond, never for 3 letters or fewer. */
function isCloseTypo(given: string, target: string): boolean {
  const a = given.replace(/ /g, "");
  const b = target.replace(/ /g, "");
  const len = Math.max(a.length, b.length);
  const allowed = len <= 3 ? 0 : len <= 5 ? 1 : 2;
  return allowed > 0 && Math.abs(a.length - b.length) <= allowed && damerauLevenshtein(a, b) <= allowed;
}

/** Optimal string alignment distance: insertions, deletions, substitutions and adjacent transpositions. */
export function damerauLevenshtein(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...new Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}
