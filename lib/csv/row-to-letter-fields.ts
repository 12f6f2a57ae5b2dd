import { AddressSchema } from "@/lib/letters/schemas";
import type { FieldMapping } from "@/lib/csv/map-csv-columns";
import { isUsCountry, normaliseZip, stateCodeOf } from "@/lib/csv/read-values";

// One CSV row turned into the fields of a letter by a column mapping: `to` as POST /v1/quotes
// takes it, and `text` when a column holds the letter. Spreadsheet habits are undone on the way
// (state names, ZIPs that lost their leading zero or were stored as 'text, "USA"), so that a
// bulk sender reusing this function sends what the CSV meant.

export type LetterFields = { to: Record<string, string>; text?: string };

export function rowToLetterFields(row: string[], mapping: FieldMapping[]): LetterFields {
  const to: Record<string, string> = {};
  let text: string | undefined;
  for (const m of mapping) {
    const raw = m.column_indexes.map((i) => (row[i] ?? "").trim()).filter((v) => v !== "").join(" ");
    if (m.field === "text") {
      if (raw !== "") text = raw;
      continue;
    }
    const value = normalise(m.field, raw.replace(/\s+/g, " "));
    if (value !== "") to[m.field] = value;
  }
  return text === undefined ? { to } : { to, text };
}

function normalise(field: FieldMapping["field"], value: string): string {
  if (value === "") return value;
  if (field === "state") return stateCodeOf(value) ?? value;
  if (field === "zip") return normaliseZip(value);
  if (field === "country") return isUsCountry(value) ? "US" : value;
  return value;
}

/** Why `to` would be refused by POST /v1/quotes, one sentence per problem (none when it would pass). */
export function addressProblems(to: Record<string, string>, mapping: FieldMapping[]): string[] {
  const parsed = AddressSchema.safeParse(to);
  if (parsed.success) return [];
  return parsed.error.issues.map((issue) => {
    const field = String(issue.path[0] ?? "");
    if (field && !(field in to)) {
      return mapping.some((m) => m.field === field) ? `to.${field}: empty in this row` : `to.${field}: no column maps to ${field}`;
    }
    return `to.${issue.path.map(String).join(".")}: ${issue.message}`;
  });
}
