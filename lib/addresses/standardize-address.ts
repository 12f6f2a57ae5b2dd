import type { Address } from "@/lib/letters/schemas";
import { DIRECTIONALS, STREET_SUFFIXES, UNIT_DESIGNATORS, UNITS_WITHOUT_NUMBER } from "@/lib/addresses/pub28-tables";

// USPS Publication 28 standardization of what a person typed, with no data lookups: capitals,
// no periods or commas, single spaces, and the standard abbreviations in the positions Pub 28
// abbreviates them. Without the ZIP+4 file we cannot tell every street name from a suffix, so
// the rules stay conservative: a suffix is abbreviated only in the last position (or before a
// trailing directional) and only when a street name precedes it, so AVENUE OF THE AMERICAS,
// PARK AVE and SAINT JAMES PL keep their names. The recipient's name is not an address line and
// keeps its letter case.

export type LineKind = "street" | "unit" | "po_box" | "rural_route" | "urbanization" | "other";

export type StandardizedLine = { line: string; kind: LineKind; notes: string[] };

export type Standardization = { address: Address; corrections: string[] };

export function standardizeAddress(a: Address): Standardization {
  const corrections: string[] = [];
  const line = (value: string, field: "line1" | "line2") => {
    const s = standardizeLine(value);
    if (s.notes.length > 0) corrections.push(`${field}: ${s.notes.join(", ")}`);
    return s.line;
  };
  const line1 = line(a.line1, "line1");
  const line2 = a.line2 ? line(a.line2, "line2") : "";
  const address: Address = {
    ...a,
    name: collapse(a.name),
    line1,
    line2: line2 || undefined,
    city: collapse(a.city.toUpperCase().replace(/[.,]/g, " ")),
    state: a.state.trim().toUpperCase(),
    zip: a.zip.trim(),
  };
  return { address, corrections };
}

/** True when two addresses differ in any field (a missing line2 equals an empty one). */
export function addressesDiffer(a: Address, b: Address): boolean {
  return (
    a.name !== b.name ||
    a.line1 !== b.line1 ||
    (a.line2 ?? "") !== (b.line2 ?? "") ||
    a.city !== b.city ||
    a.state !== b.state ||
    a.zip !== b.zip ||
    a.country !== b.country
  );
}

/** True when a line holds only a secondary unit ("APT 4", "Suite 200", "#12", "3rd Floor"). */
export function isSecondaryUnitLine(line: string): boolean {
  return standardizeLine(line).kind === "unit";
}

export function standardizeLine(raw: string): StandardizedLine {
  const text = collapse(
    raw
      .toUpperCase()
      .replace(/\./g, "")
      .replace(/,/g, " ")
      .replace(/#/g, " # "),
  );
  return poBox(text) ?? ruralRoute(text) ?? urbanization(text) ?? structured(text.split(" ").filter(Boolean));
}

function collapse(s: string): string {
  return s.replace(/\s+/g, " ").trim();
}

const PO_BOX = /^(?:P ?O ?B(?:OX)?|P ?O ?BX|POST ?OFFICE ?BOX|POST ?BOX|BOX|BX) (?:# )?([A-Z0-9-]+)$/;

function poBox(text: string): StandardizedLine | null {
  const m = PO_BOX.exec(text);
  if (!m) return null;
  const line = `PO BOX ${m[1]}`;
  return { line, kind: "po_box", notes: line === text ? [] : [`${text} written as ${line}`] };
}

const RURAL = /^(?:RURAL ROUTE|RURAL RTE|RURAL RT|RFD|R ?R) ?(\w+) (?:BOX|BX) (?:# )?(\w+)$/;
const CONTRACT = /^(?:HIGHWAY CONTRACT|HWY CONTRACT|STAR ROUTE|H ?C) ?(\w+) (?:BOX|BX) (?:# )?(\w+)$/;

function ruralRoute(text: string): StandardizedLine | null {
  const rr = RURAL.exec(text);
  const hc = rr ? null : CONTRACT.exec(text);
  const m = rr ?? hc;
  if (!m) return null;
  const line = `${rr ? "RR" : "HC"} ${m[1]} BOX ${m[2]}`;
  return { line, kind: "rural_route", notes: line === text ? [] : [`${text} written as ${line}`] };
}

// Puerto Rico: the urbanization names the development, printed on its own line above the street.
function urbanization(text: string): StandardizedLine | null {
  const m = /^(?:URBANIZACION|URBANIZACIÓN|URBANIZATION|URB) (.+)$/.exec(text);
  if (!m) return null;
  const line = `URB ${m[1]}`;
  return { line, kind: "urbanization", notes: line === text ? [] : [`urbanization written as URB`] };
}

const ORDINAL = /^(\d+)(?:ST|ND|RD|TH)$/;
const FLOOR_WORDS = new Set(["FLOOR", "FLR", "FL"]);

/** Whether a secondary unit starts at tokens[i]. */
function unitStartsAt(tokens: string[], i: number): boolean {
  const t = tokens[i];
  const next = tokens[i + 1];
  if (t === "#") return next !== undefined;
  if (ORDINAL.test(t) && next !== undefined && FLOOR_WORDS.has(next)) return true;
  const abbr = UNIT_DESIGNATORS.get(t);
  if (!abbr) return false;
  if (next === undefined) return UNITS_WITHOUT_NUMBER.has(abbr);
  return next === "#" || /\d/.test(next) || /^[A-Z]$/.test(next) || (UNITS_WITHOUT_NUMBER.has(abbr) && UNIT_DESIGNATORS.has(next));
}

function structured(tokens: string[]): StandardizedLine {
  const notes: string[] = [];
  if (tokens.length === 0) return { line: "", kind: "other", notes };
  if (unitStartsAt(tokens, 0)) return { line: unitTail(tokens, notes).join(" "), kind: "unit", notes };
  if (!/\d/.test(tokens[0])) return { line: tokens.join(" "), kind: "other", notes };

  // House number, with a fraction ("100 1/2") as part of it.
  const nameStart = tokens.length > 1 && /^\d+\/\d+$/.test(tokens[1]) ? 2 : 1;
  let unitAt = tokens.length;
  for (let i = nameStart + 1; i < tokens.length; i++) {
    if (unitStartsAt(tokens, i) && (!ORDINAL.test(tokens[i]) || i >= nameStart + 2)) {
      unitAt = i;
      break;
    }
  }
  const street = streetWords(tokens.slice(nameStart, unitAt), notes);
  const unit = unitAt < tokens.length ? unitTail(tokens.slice(unitAt), notes) : [];
  return { line: [...tokens.slice(0, nameStart), ...street, ...unit].join(" "), kind: "street", notes };
}

/** Predirectional, name, suffix, postdirectional: abbreviates only the positions Pub 28 abbreviates. */
function streetWords(r: string[], notes: string[]): string[] {
  const isDir = (w: string | undefined) => w !== undefined && DIRECTIONALS.has(w);
  const isSuffix = (w: string | undefined) => w !== undefined && STREET_SUFFIXES.has(w);
  let post = r.length >= 2 && isDir(r[r.length - 1]) ? 1 : 0;
  let pre = r.length - post >= 2 && isDir(r[0]) ? 1 : 0;
  let core = r.slice(pre, r.length - post);
  // "NORTH ST": the directional is the street's name, not a prefix of it.
  if (pre && (core.length === 0 || (core.length === 1 && isSuffix(core[0])))) {
    pre = 0;
    core = r.slice(0, r.length - post);
  }
  if (core.length === 0 && post) {
    post = 0;
    core = r;
  }
  const out = pre ? [swap(r[0], DIRECTIONALS.get(r[0])!, notes)] : [];
  // A lone suffix word is the street's name ("AVENUE N" in Brooklyn, "100 PARK").
  const last = core.length - 1;
  if (core.length >= 2 && isSuffix(core[last])) out.push(...core.slice(0, last), swap(core[last], STREET_SUFFIXES.get(core[last])!, notes));
  else out.push(...core);
  if (post) out.push(swap(r[r.length - 1], DIRECTIONALS.get(r[r.length - 1])!, notes));
  return out;
}

function unitTail(tokens: string[], notes: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    const ordinal = ORDINAL.exec(t);
    if (ordinal && FLOOR_WORDS.has(tokens[i + 1] ?? "")) {
      notes.push(`${t} ${tokens[i + 1]} written as FL ${ordinal[1]}`);
      out.push("FL", ordinal[1]);
      i++;
      continue;
    }
    const abbr = UNIT_DESIGNATORS.get(t);
    if (abbr) {
      out.push(swap(t, abbr, notes));
      // "APT #4": the designator already says it is a unit; Pub 28 drops the pound sign.
      if (tokens[i + 1] === "#") i++;
      continue;
    }
    out.push(t);
  }
  return out;
}

function swap(word: string, abbr: string, notes: string[]): string {
  if (word !== abbr) notes.push(`${word} abbreviated to ${abbr}`);
  return abbr;
}
