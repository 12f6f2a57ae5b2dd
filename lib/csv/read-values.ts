import { US_STATE_CODES } from "@/lib/letters/us-states";

// How much a sample value looks like each kind of address part, 0..1. The header is the main
// evidence; the values confirm it, contradict it, or (for ZIP codes, states and street lines,
// which have a recognisable form) stand on their own when the header says nothing.

const STATE_NAMES: Record<string, string> = {
  alabama: "AL", alaska: "AK", arizona: "AZ", arkansas: "AR", california: "CA", colorado: "CO", connecticut: "CT",
  delaware: "DE", "district of columbia": "DC", "washington dc": "DC", florida: "FL", georgia: "GA", hawaii: "HI", idaho: "ID",
  illinois: "IL", indiana: "IN", iowa: "IA", kansas: "KS", kentucky: "KY", louisiana: "LA", maine: "ME", maryland: "MD",
  massachusetts: "MA", michigan: "MI", minnesota: "MN", mississippi: "MS", missouri: "MO", montana: "MT", nebraska: "NE",
  nevada: "NV", "new hampshire": "NH", "new jersey": "NJ", "new mexico": "NM", "new york": "NY", "north carolina": "NC",
  "north dakota": "ND", ohio: "OH", oklahoma: "OK", oregon: "OR", pennsylvania: "PA", "rhode island": "RI",
  "south carolina": "SC", "south dakota": "SD", tennessee: "TN", texas: "TX", utah: "UT", vermont: "VT", virginia: "VA",
  washington: "WA", "west virginia": "WV", wisconsin: "WI", wyoming: "WY",
  "american samoa": "AS", guam: "GU", "northern mariana islands": "MP", "puerto rico": "PR", "virgin islands": "VI",
  "us virgin islands": "VI", "u s virgin islands": "VI", "united states virgin islands": "VI",
  "united states minor outlying islands": "UM", "federated states of micronesia": "FM", micronesia: "FM",
  "marshall islands": "MH", palau: "PW",
  "armed forces americas": "AA", "armed forces europe": "AE", "armed forces pacific": "AP",
};

const US_COUNTRY = new Set(["us", "usa", "u s", "u s a", "united states", "united states of america", "america", "etats unis"]);

function squash(v: string): string {
  return v.toLowerCase().replace(/[^a-z0-9]+/g, " ").trim();
}

/** The USPS code of a state written as a code or a name ("ny", "N.Y.", "New York"), else null. */
export function stateCodeOf(value: string): string | null {
  const code = value.replace(/\./g, "").trim().toUpperCase();
  if (code.length === 2 && US_STATE_CODES.has(code)) return code;
  return STATE_NAMES[squash(value)] ?? null;
}

export function isUsCountry(value: string): boolean {
  return US_COUNTRY.has(squash(value));
}

/** A ZIP as the address schema wants it: `'02134` (spreadsheet text), `2134` (lost zero), `021341234` → 02134-1234. */
export function normaliseZip(value: string): string {
  const v = value.trim().replace(/^'/, "");
  const digits = v.replace(/[\s-]/g, "");
  if (/^\d{5}([\s-]?\d{4})?$/.test(v) && digits.length === 9) return `${digits.slice(0, 5)}-${digits.slice(5)}`;
  if (/^\d{8}$/.test(v)) return `0${v.slice(0, 4)}-${v.slice(4)}`;
  if (/^\d{3,4}$/.test(v)) return v.padStart(5, "0");
  return v;
}

const STREET_SUFFIX = /\b(st|street|ave|avenue|av|rd|road|blvd|boulevard|dr|drive|ln|lane|way|ct|court|pl|place|ter|terrace|pkwy|parkway|hwy|highway|cir|circle|sq|square|trl|trail|loop|row|pike|plz|plaza|aly|alley|expy|fwy|broadway)\b\.?/i;
const STATE_ZIP_END = /\b[a-z]{2}\.?,?\s+\d{5}(-\d{4})?\b/i;

export const valueScore = {
  zip(v: string): number {
    const t = v.trim().replace(/^'/, "");
    if (/^\d{5}([\s-]?\d{4})?$/.test(t)) return 1;
    if (/^\d{3,4}$/.test(t)) return 0.5; // a ZIP that lost its leading zeros in a spreadsheet
    return 0;
  },
  state(v: string): number {
    const code = v.replace(/\./g, "").trim();
    if (code.length === 2) return US_STATE_CODES.has(code.toUpperCase()) ? 1 : 0;
    return stateCodeOf(v) ? 0.9 : 0;
  },
  country(v: string): number {
    if (isUsCountry(v)) return 1;
    return /^[a-z][a-z .'-]{1,40}$/i.test(v.trim()) ? 0.4 : 0;
  },
  line1(v: string): number {
    if (valueScore.fullAddress(v) || valueScore.cityStateZip(v)) return 0;
    if (/^\d+[a-z]?([-/]\d+[a-z]?)?\s+(\d+\s+)?[a-z]/i.test(v.trim())) return 1;
    if (/\bp\.?\s*o\.?\s*box\b|\bpost office box\b|^(rr|hc|rural route|star route)\s*\d/i.test(v)) return 1;
    return STREET_SUFFIX.test(v) ? 0.7 : 0;
  },
  line2(v: string): number {
    const t = v.trim();
    if (/^(apt|apartment|suite|ste|unit|bldg|building|fl|floor|rm|room|lot|spc|space|dept|trlr|trailer|c\/o|care of|attn|pmb|box|p\.?\s*o\.?\s*box)\b\.?/i.test(t) || /^#\s*\w/.test(t)) return 1;
    if (t.length <= 12 && /\d/.test(t) && !/^\d{5}/.test(t)) return 0.6;
    return valueScore.line1(t) ? 0.3 : 0.2;
  },
  city(v: string): number {
    const t = v.trim();
    if (t.length === 2 && US_STATE_CODES.has(t.toUpperCase())) return 0.4;
    return /^[a-z][a-z .'-]{0,39}$/i.test(t) && t.split(/\s+/).length <= 4 ? 1 : 0;
  },
  name(v: string): number {
    if (/@/.test(v) || !/[a-z]/i.test(v) || /\d{3,}/.test(v)) return 0;
    return 1;
  },
  /** A person's or household's name: two to six words of letters. */
  personName(v: string): number {
    const t = v.trim();
    return /^[a-z][a-z.'&,-]*(\s+[a-z.'&,-]+){1,5}$/i.test(t) && !STREET_SUFFIX.test(t) ? 1 : 0;
  },
  text(): number {
    return 1;
  },
  email(v: string): number {
    return /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(v.trim()) ? 1 : 0;
  },
  phone(v: string): number {
    return /^\+?1?[\s.-]*\(?\d{3}\)?[\s.-]*\d{3}[\s.-]*\d{4}(\s*(x|ext\.?)\s*\d+)?$/i.test(v.trim()) ? 1 : 0;
  },
  /** "12 Main St, Albany, NY 12207": street, city, state and ZIP in one cell. */
  fullAddress(v: string): number {
    const t = v.trim();
    return /^\d+\s+\S/.test(t) && /[,\n]/.test(t) && STATE_ZIP_END.test(t) ? 1 : 0;
  },
  /** "Albany, NY 12207". */
  cityStateZip(v: string): number {
    return /^[a-z][a-z .'-]*,?\s+[a-z]{2}\.?,?\s+\d{5}(-\d{4})?$/i.test(v.trim()) ? 1 : 0;
  },
};
export type ValueKind = keyof typeof valueScore;

/** The mean score of the values and how many of them fit well (score >= 0.75). */
export function scoreValues(kind: ValueKind, values: string[]): { support: number; fits: number } {
  if (values.length === 0) return { support: 0, fits: 0 };
  let sum = 0;
  let fits = 0;
  for (const v of values) {
    const s = valueScore[kind](v);
    sum += s;
    if (s >= 0.75) fits++;
  }
  return { support: sum / values.length, fits };
}
