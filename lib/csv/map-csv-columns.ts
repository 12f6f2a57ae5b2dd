import { readHeader, TARGET_FIELDS, type HeaderKind, type HeaderReading, type TargetField } from "@/lib/csv/read-header";
import { scoreValues, valueScore, type ValueKind } from "@/lib/csv/read-values";

// POST /v1/csv-map: which CSV column fills which field of a letter's recipient. Every column
// gets candidates from its header (confirmed or contradicted by its sample values) and, when
// the header says nothing or is contradicted, from its values alone; then fields are given
// out greedily, surest first, one column per field (the name may join first and last names).
// Pure and deterministic: the same table always maps the same way.

export type SampleTable = { header: string[]; rows: string[][]; hasHeader: boolean };

export type FieldMapping = {
  field: TargetField;
  /** The header text of the one column, null when the name joins two columns or the file has no header row. */
  column: string | null;
  column_index: number | null;
  columns: (string | null)[];
  column_indexes: number[];
  combine: "join_space" | null;
  confidence: number;
  reason: string;
};

export type UnmappedColumn = { column: string | null; column_index: number; looks_like: HeaderKind | null; reason: string };

export type ColumnMap = { mapping: FieldMapping[]; unmapped_columns: UnmappedColumn[]; missing_required: TargetField[] };

/** The fields AddressSchema requires. */
export const REQUIRED_FIELDS: readonly TargetField[] = ["name", "line1", "city", "state", "zip"];

/** Below this a candidate is not worth proposing. */
const MIN_CONFIDENCE = 0.3;

// How much sample values can tell about a field: a ZIP or a state has a form, a city does not.
const WEIGHT: Record<TargetField, number> = { zip: 1, state: 1, country: 0.6, line1: 0.7, line2: 0.4, city: 0.5, name: 0.4, text: 0.2 };
const NOUN: Record<TargetField, string> = {
  name: "names", line1: "street lines", line2: "apartment, suite or unit lines", city: "place names",
  state: "US states", zip: "ZIP codes", country: "country names", text: "text",
};
// Fields that values alone may claim, with the confidence range that gives (header-less guesses stay modest).
const BY_VALUES: { field: TargetField; min: number; base: number; span: number }[] = [
  { field: "zip", min: 0.8, base: 0.5, span: 0.25 },
  { field: "state", min: 0.8, base: 0.48, span: 0.24 },
  { field: "line1", min: 0.8, base: 0.45, span: 0.2 },
  { field: "country", min: 0.8, base: 0.4, span: 0.2 },
  { field: "line2", min: 0.6, base: 0.3, span: 0.15 },
];

type Column = {
  index: number;
  label: string | null;
  display: string;
  reading: HeaderReading | null;
  values: string[];
  /** What the values plainly are when that is not an address part (e-mails, whole addresses...). */
  valueKind: HeaderKind | null;
};

type Candidate = { field: TargetField; cols: number[]; confidence: number; reason: string };

export function mapCsvColumns(table: SampleTable): ColumnMap {
  const columns = table.header.map((h, index) => describeColumn(table, h, index));
  const candidates = columns.flatMap(columnCandidates).concat(nameCandidates(columns));

  candidates.sort((a, b) => b.confidence - a.confidence || TARGET_FIELDS.indexOf(a.field) - TARGET_FIELDS.indexOf(b.field) || a.cols[0] - b.cols[0]);
  const chosen = new Map<TargetField, Candidate>();
  const used = new Map<number, Candidate>();
  const take = (c: Candidate) => {
    chosen.set(c.field, c);
    for (const i of c.cols) used.set(i, c);
  };
  for (const c of candidates) {
    if (c.confidence < MIN_CONFIDENCE || chosen.has(c.field) || c.cols.some((i) => used.has(i))) continue;
    take(c);
  }
  for (const c of positionalCandidates(columns, chosen, used)) take(c);

  const mapping = TARGET_FIELDS.flatMap((f) => {
    const c = chosen.get(f);
    return c ? [toFieldMapping(c, columns)] : [];
  });
  const unmapped_columns = columns.filter((col) => !used.has(col.index)).map((col) => explainUnmapped(col, candidates, chosen, columns));
  const missing_required = REQUIRED_FIELDS.filter((f) => !chosen.has(f));
  return { mapping, unmapped_columns, missing_required };
}

/** A first row that names nothing we know but holds ZIPs, street lines or e-mails is data, not a header. */
export function headerLooksLikeData(header: string[]): boolean {
  if (header.some((h) => readHeader(h) !== null)) return false;
  return header.some((h) => h.trim() !== "" && (valueScore.zip(h) === 1 || valueScore.line1(h) === 1 || valueScore.email(h) === 1 || valueScore.phone(h) === 1 || valueScore.fullAddress(h) === 1));
}

function describeColumn(table: SampleTable, header: string, index: number): Column {
  const label = table.hasHeader ? header : null;
  const values = table.rows.map((r) => (r[index] ?? "").trim()).filter((v) => v !== "");
  return {
    index,
    label,
    display: label !== null && label.trim() !== "" ? `"${label.trim()}"` : `the ${label === null ? "" : "unnamed "}column at index ${index}`,
    reading: label !== null ? readHeader(label) : null,
    values,
    valueKind: valueKindOf(values),
  };
}

function valueKindOf(values: string[]): HeaderKind | null {
  if (values.length === 0) return null;
  const share = (k: ValueKind) => scoreValues(k, values).fits / values.length;
  if (share("email") >= 0.8) return "email";
  if (share("phone") >= 0.8) return "phone";
  if (share("fullAddress") >= 0.6) return "full_address";
  if (share("cityStateZip") >= 0.6) return "city_state_zip";
  return null;
}

/** Spreadsheets drop the leading zero of New England and New Jersey ZIPs (02134 -> 2134). */
function lostZeros(values: string[]): string {
  const short = values.filter((v) => /^'?\d{3,4}$/.test(v)).length;
  return short ? `; ${short} lost ${short > 1 ? "their" : "its"} leading zero in a spreadsheet (the sample adds it back)` : "";
}

function unknownHeader(col: Column): string {
  if (col.label === null) return "no header row";
  return col.label.trim() === "" ? "blank header" : `header ${col.display} not recognised`;
}

const isField = (k: HeaderKind | undefined): k is TargetField => k !== undefined && (TARGET_FIELDS as readonly string[]).includes(k);
const pct = (x: number) => Math.round(x * 100) / 100;

function columnCandidates(col: Column): Candidate[] {
  // Whole addresses or "City, ST 12345" in one cell fill no single field.
  if (col.valueKind === "full_address" || col.valueKind === "city_state_zip") return [];
  const out: Candidate[] = [];
  const n = col.values.length;
  const kind = col.reading?.kind;
  let headerContradicted = col.reading === null;
  if (col.reading && isField(kind)) {
    const h = col.reading.confidence;
    const verb = h >= 0.9 ? "means" : "suggests";
    if (n === 0) {
      out.push({ field: kind, cols: [col.index], confidence: h, reason: `header ${col.display} ${verb} ${kind}` });
    } else {
      const { support, fits } = scoreValues(kind, col.values);
      const w = WEIGHT[kind];
      let confidence = h * (1 - w * 0.5 * (1 - support)) + (1 - h) * 0.8 * w * support;
      let reason = `header ${col.display} ${verb} ${kind}; ${fits} of ${n} sample values are ${NOUN[kind]}${kind === "zip" ? lostZeros(col.values) : ""}`;
      if (col.valueKind === "email" || col.valueKind === "phone") {
        confidence *= 0.5;
        reason = `header ${col.display} ${verb} ${kind}, but the values are ${col.valueKind === "email" ? "e-mail addresses" : "phone numbers"}`;
      }
      out.push({ field: kind, cols: [col.index], confidence, reason });
      headerContradicted = support < 0.4 && WEIGHT[kind] >= 0.5;
    }
  }
  if (kind === "company") {
    out.push({ field: "name", cols: [col.index], confidence: 0.5 * col.reading!.confidence, reason: `no person-name column; the company in ${col.display} would be the addressee` });
  }
  if (headerContradicted && n > 0 && col.valueKind === null) {
    const scale = Math.min(n, 4) / 4;
    for (const by of BY_VALUES) {
      if (by.field === kind) continue;
      const { support, fits } = scoreValues(by.field, col.values);
      if (support < by.min || fits === 0) continue;
      const said = col.reading && isField(kind) ? `header ${col.display} suggests ${kind}, but` : `${unknownHeader(col)};`;
      const note = by.field === "zip" ? lostZeros(col.values) : "";
      out.push({ field: by.field, cols: [col.index], confidence: by.base + by.span * support * scale, reason: `${said} ${fits} of ${n} sample values are ${NOUN[by.field]}${note}` });
    }
  }
  return out;
}

/** First and last names of the same group ("Guest 1", "Shipping", none) joined into name. */
function nameCandidates(columns: Column[]): Candidate[] {
  const groups = new Map<string, { first?: Column; last?: Column }>();
  for (const col of columns) {
    const kind = col.reading?.kind;
    if (kind !== "first_name" && kind !== "last_name") continue;
    const g = groups.get(col.reading!.group) ?? {};
    if (kind === "first_name") g.first ??= col;
    else g.last ??= col;
    groups.set(col.reading!.group, g);
  }
  const out: Candidate[] = [];
  for (const { first, last } of groups.values()) {
    if (first && last) {
      const h = ((first.reading!.confidence + last.reading!.confidence) / 2) * 0.98;
      const values = [...first.values, ...last.values];
      const support = values.length ? scoreValues("name", values).support : null;
      const confidence = support === null ? h : h * (1 - 0.2 * (1 - support)) + (1 - h) * 0.32 * support;
      out.push({ field: "name", cols: [first.index, last.index], confidence, reason: `${first.display} and ${last.display} joined with a space` });
    } else {
      const only = (first ?? last)!;
      out.push({
        field: "name",
        cols: [only.index],
        confidence: 0.45 * only.reading!.confidence,
        reason: `only ${first ? "a first-name" : "a last-name"} column, ${only.display}; no full name`,
      });
    }
  }
  return out;
}

/** Header-less files: the city sits just before the state, the name somewhere before the street. */
function positionalCandidates(columns: Column[], chosen: Map<TargetField, Candidate>, used: Map<number, Candidate>): Candidate[] {
  const out: Candidate[] = [];
  const free = (col: Column | undefined): col is Column => !!col && !used.has(col.index) && col.reading === null && col.values.length > 0 && col.valueKind === null;
  const state = chosen.get("state");
  if (!chosen.has("city") && state) {
    const left = columns[state.cols[0] - 1];
    if (free(left)) {
      const { support, fits } = scoreValues("city", left.values);
      if (support >= 0.8) out.push({ field: "city", cols: [left.index], confidence: 0.5, reason: `${unknownHeader(left)}; just before the state column, and ${fits} of ${left.values.length} sample values are place names` });
    }
  }
  const line1 = chosen.get("line1");
  if (!chosen.has("name") && line1) {
    for (let i = line1.cols[0] - 1; i >= 0; i--) {
      const col = columns[i];
      if (!free(col)) continue;
      const { support, fits } = scoreValues("personName", col.values);
      if (support >= 0.8) {
        out.push({ field: "name", cols: [i], confidence: 0.45, reason: `${unknownHeader(col)}; before the street column, and ${fits} of ${col.values.length} sample values look like names` });
        break;
      }
    }
  }
  return out;
}

function toFieldMapping(c: Candidate, columns: Column[]): FieldMapping {
  const combined = c.cols.length > 1;
  return {
    field: c.field,
    column: combined ? null : columns[c.cols[0]].label,
    column_index: combined ? null : c.cols[0],
    columns: c.cols.map((i) => columns[i].label),
    column_indexes: c.cols,
    combine: combined ? "join_space" : null,
    confidence: Math.min(1, Math.max(0, pct(c.confidence))),
    reason: c.reason,
  };
}

const KIND_REASON: Partial<Record<HeaderKind, string>> = {
  middle_name: "a middle name; name joins only the first and last names",
  name_part: "a title or suffix; name joins only the first and last names",
  company: "a company; the address has no company field (put it in name or line2 yourself if it must print)",
  email: "e-mail addresses are not part of the address; an order's email receives its receipts, so set it to your own address, not the recipient's",
  phone: "phone numbers are not printed on mail",
  full_address: "whole addresses in one cell; split them into street, city, state and ZIP columns",
  city_state_zip: "city, state and ZIP in one cell; split them into three columns",
  line3: "a third address line; the address has only line1 and line2",
  notes: "notes may be private; use this column as the letter's text yourself only if it is one",
  other: "not part of a mailing address",
};

function explainUnmapped(col: Column, candidates: Candidate[], chosen: Map<TargetField, Candidate>, columns: Column[]): UnmappedColumn {
  const base = { column: col.label, column_index: col.index };
  const kind = col.valueKind ?? col.reading?.kind ?? null;
  const own = candidates.filter((c) => c.cols.includes(col.index));
  const best = own[0]; // candidates are sorted, surest first
  if (kind === "first_name" || kind === "last_name") {
    const winner = chosen.get("name");
    const from = winner ? winner.cols.map((i) => columns[i].display).join(" and ") : null;
    return { ...base, looks_like: kind, reason: `a ${kind === "first_name" ? "first" : "last"} name; ${from ? `name is taken from ${from}` : "not enough to make the name"}` };
  }
  if (kind && kind !== "other" && KIND_REASON[kind]) return { ...base, looks_like: kind, reason: KIND_REASON[kind]! };
  if (best) {
    const winner = chosen.get(best.field);
    if (best.confidence < MIN_CONFIDENCE || !winner) {
      return { ...base, looks_like: best.field, reason: `${best.reason}: too unsure to map (${pct(best.confidence)})` };
    }
    return { ...base, looks_like: best.field, reason: `could be ${best.field} (${pct(best.confidence)}), but ${winner.cols.map((i) => columns[i].display).join(" and ")} ${winner.cols.length > 1 ? "fit" : "fits"} ${best.field} better (${pct(winner.confidence)})` };
  }
  if (kind === "other") return { ...base, looks_like: kind, reason: KIND_REASON.other! };
  if (col.values.length === 0 && col.reading === null) {
    return { ...base, looks_like: null, reason: col.label?.trim() ? "the header matches no address field and there are no sample values to go by" : "no header and no sample values" };
  }
  return { ...base, looks_like: null, reason: "matches no address field by its header or its values" };
}
