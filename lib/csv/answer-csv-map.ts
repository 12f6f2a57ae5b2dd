import { z } from "zod";
import { ApiError } from "@/lib/errors/api-error";
import { headerLooksLikeData, mapCsvColumns, type SampleTable } from "@/lib/csv/map-csv-columns";
import { CsvSampleError, parseCsvSample, type Delimiter } from "@/lib/csv/parse-csv-sample";
import { addressProblems, rowToLetterFields } from "@/lib/csv/row-to-letter-fields";

// POST /v1/csv-map: a CSV's header and a few sample rows in, the column mapping out, ready for
// turning every row into the `to` (and `text`) of POST /v1/quotes. The sample is given either
// as the raw CSV text or as already split cells.

export const CSV_MAP_LIMITS = { csvChars: 65_536, columns: 100, rows: 20, cellChars: 1000 } as const;

const optional = <T extends z.ZodType>(schema: T) => schema.nullish().transform((v) => v ?? undefined);

// JSON converters send empty cells as null and ZIP codes as numbers: both are taken as text.
const cell = z
  .union([z.string().max(CSV_MAP_LIMITS.cellChars, { error: `a cell may hold at most ${CSV_MAP_LIMITS.cellChars} characters` }), z.number(), z.null()], {
    error: "each cell must be a string (a number or null is taken as text)",
  })
  .transform((v) => (v === null ? "" : String(v)));

export const CsvMapRequestSchema = z
  .strictObject({
    csv: optional(z.string({ error: "csv must be a string: the header line and sample rows as CSV text" }).max(CSV_MAP_LIMITS.csvChars, { error: `csv must be at most ${CSV_MAP_LIMITS.csvChars} characters: send the header line and up to ${CSV_MAP_LIMITS.rows} sample rows, not the whole file` })),
    header: optional(z.array(cell, { error: "header must be an array of column names" }).max(CSV_MAP_LIMITS.columns, { error: `header may have at most ${CSV_MAP_LIMITS.columns} columns` })),
    rows: optional(
      z
        .array(z.array(cell, { error: "each row must be an array of cells" }).max(CSV_MAP_LIMITS.columns, { error: `a row may have at most ${CSV_MAP_LIMITS.columns} cells` }), { error: "rows must be an array of rows, each an array of cells" })
        .max(CSV_MAP_LIMITS.rows, { error: `send at most ${CSV_MAP_LIMITS.rows} sample rows; a few are enough to map the columns` }),
    ),
    has_header: optional(z.boolean({ error: "has_header must be true or false (leave it out to let the service tell)" })),
  })
  .superRefine((v, ctx) => {
    if (v.csv !== undefined && v.header !== undefined) {
      ctx.addIssue({ code: "custom", path: [], message: "send either csv (the CSV text) or header with rows (split cells), not both" });
    } else if (v.csv === undefined && v.header === undefined) {
      ctx.addIssue({ code: "custom", path: [], message: `send csv (the header line and up to ${CSV_MAP_LIMITS.rows} sample rows as CSV text), or header (the column names) with optional rows` });
    }
    if (v.csv !== undefined && v.rows !== undefined) {
      ctx.addIssue({ code: "custom", path: ["rows"], message: "rows goes with header; with csv, put the sample rows in the CSV text" });
    }
    if (v.csv !== undefined && v.csv.trim() === "") {
      ctx.addIssue({ code: "custom", path: ["csv"], message: `csv is empty: send the header line and up to ${CSV_MAP_LIMITS.rows} sample rows` });
    }
    if (v.header !== undefined && v.header.length === 0) {
      ctx.addIssue({ code: "custom", path: ["header"], message: "header must name at least one column" });
    }
  });
export type CsvMapRequest = z.output<typeof CsvMapRequestSchema>;

export function answerCsvMap(req: CsvMapRequest) {
  const { table, delimiter } = readTable(req);
  const { mapping, unmapped_columns, missing_required } = mapCsvColumns(table);
  const first = table.rows[0];
  const sample = first ? rowToLetterFields(first, mapping) : null;
  const sample_issues = sample ? addressProblems(sample.to, mapping) : [];

  const next: string[] = [];
  if (missing_required.length) next.push(`No column fills ${missing_required.join(", ")}: add ${missing_required.length > 1 ? "them" : "it"} to the file before bulk sending.`);
  const unsure = mapping.filter((m) => m.confidence < 0.6).map((m) => m.field);
  if (unsure.length) next.push(`Check the mapping of ${unsure.join(", ")} (confidence below 0.6) before bulk sending.`);
  if (!sample) next.push("Send a few sample rows as well: they confirm the mapping and show the first row as an address.");
  else if (sample_issues.length) next.push("The first sample row does not make a valid address yet; see sample_issues.");
  if (!next.length) next.push("Build each row's `to` (and `text`) the way sample shows, then price it with POST /v1/quotes.");

  return {
    status: "ok" as const,
    has_header: table.hasHeader,
    delimiter,
    mapping,
    unmapped_columns,
    missing_required,
    sample,
    sample_issues,
    next,
  };
}

function invalid(where: string, message: string): ApiError {
  return new ApiError("validation_error", `Invalid request body: ${where}: ${message}.`);
}

function readTable(req: CsvMapRequest): { table: SampleTable; delimiter: Delimiter | null } {
  let header: string[];
  let rows: string[][];
  let delimiter: Delimiter | null = null;
  const where = req.csv !== undefined ? "csv" : "header";
  if (req.csv !== undefined) {
    let records: string[][];
    try {
      ({ records, delimiter } = parseCsvSample(req.csv));
    } catch (err) {
      if (err instanceof CsvSampleError) throw invalid("csv", err.message);
      throw err;
    }
    if (records.length === 0) throw invalid("csv", "has no cells, only blank lines");
    [header, ...rows] = records;
    if (header.length > CSV_MAP_LIMITS.columns) throw invalid("csv", `the header line has ${header.length} columns; at most ${CSV_MAP_LIMITS.columns} are accepted`);
    if (rows.length > CSV_MAP_LIMITS.rows) throw invalid("csv", `has ${rows.length} sample rows; send the header line and at most ${CSV_MAP_LIMITS.rows} rows, a few are enough to map the columns`);
  } else {
    header = req.header!;
    rows = req.rows ?? [];
  }
  header = header.map((h, i) => (i === 0 ? h.replace(/^\uFEFF/, "") : h));

  const hasHeader = req.has_header ?? !headerLooksLikeData(header);
  if (!hasHeader) {
    rows = [header, ...rows];
    const width = Math.max(...rows.map((r) => lastFilled(r) + 1));
    if (width === 0) throw invalid(where, "has no cells with anything in them");
    if (width > CSV_MAP_LIMITS.columns) throw invalid(where, `the rows have ${width} columns; at most ${CSV_MAP_LIMITS.columns} are accepted`);
    header = Array.from({ length: width }, () => "");
  } else {
    if (header.every((h) => h.trim() === "")) {
      throw invalid(where, "the header row has no column names; if the file has no header row, send has_header: false");
    }
    const seen = new Map<string, number>();
    header.forEach((h, i) => {
      const key = h.trim().toLowerCase();
      if (key === "") return;
      const earlier = seen.get(key);
      if (earlier !== undefined) throw invalid(where, `the column name "${h.trim()}" appears twice (column_index ${earlier} and ${i}); give each column its own name`);
      seen.set(key, i);
    });
    rows.forEach((r, i) => {
      if (lastFilled(r) >= header.length) {
        throw invalid(req.csv !== undefined ? "csv" : `rows.${i}`, `sample row ${i + 1} has ${lastFilled(r) + 1} cells but the header only ${header.length} columns; check the delimiter and the quoting`);
      }
    });
  }
  rows = rows.filter((r) => lastFilled(r) >= 0).map((r) => Array.from({ length: header.length }, (_, i) => r[i] ?? ""));
  return { table: { header, rows, hasHeader }, delimiter };
}

/** The index of the last non-blank cell (-1 when none): trailing empty cells do not count. */
function lastFilled(row: string[]): number {
  for (let i = row.length - 1; i >= 0; i--) if (row[i].trim() !== "") return i;
  return -1;
}
