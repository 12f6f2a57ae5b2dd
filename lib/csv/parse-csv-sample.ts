import { parse } from "csv-parse/sync";

// The raw CSV text of POST /v1/csv-map: a header line and a few sample rows, as spreadsheets
// write them: quoted fields, CRLF or LF or CR line ends, a byte order mark, and comma,
// semicolon (European Excel), tab or pipe delimiters. Excel's `sep=;` first line is honoured.

export const DELIMITERS = [",", ";", "\t", "|"] as const;
export type Delimiter = (typeof DELIMITERS)[number];

export class CsvSampleError extends Error {}

export type ParsedCsv = { records: string[][]; delimiter: Delimiter };

/** The records of the text, blank lines left out. Throws CsvSampleError when the text is not CSV. */
export function parseCsvSample(input: string): ParsedCsv {
  let text = input.replace(/^\uFEFF/, "");
  let delimiter: Delimiter | null = null;
  const sep = /^sep=(.)\r?\n?/i.exec(text);
  if (sep && (DELIMITERS as readonly string[]).includes(sep[1])) {
    delimiter = sep[1] as Delimiter;
    text = text.slice(sep[0].length);
  }
  delimiter ??= detectDelimiter(text);
  let records: string[][];
  try {
    records = parse(text, {
      delimiter,
      record_delimiter: ["\r\n", "\n", "\r"],
      bom: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
    });
  } catch (err) {
    throw new CsvSampleError(`cannot be read as CSV: ${(err as Error).message.replace(/\.$/, "")}`);
  }
  // Lines of empty cells only (",,,,") are blank lines too.
  return { records: records.filter((r) => r.some((cell) => cell.trim() !== "")), delimiter };
}

/**
 * The delimiter that splits the first lines most consistently, counted outside quotes: the one
 * found in the header that occurs the same number of times on most lines, then the one found
 * most often in the header; ties go to the comma, then semicolon, tab and pipe.
 */
export function detectDelimiter(text: string, maxLines = 10): Delimiter {
  const counts = countOutsideQuotes(text, maxLines);
  let best: Delimiter = ",";
  let bestScore = 0;
  for (const d of DELIMITERS) {
    const perLine = counts.map((c) => c[d]);
    const inHeader = perLine[0] ?? 0;
    if (inHeader === 0) continue;
    const consistent = perLine.filter((c) => c === inHeader).length;
    const score = consistent * 1000 + inHeader;
    if (score > bestScore) {
      best = d;
      bestScore = score;
    }
  }
  return best;
}

function countOutsideQuotes(text: string, maxLines: number): Record<Delimiter, number>[] {
  const lines: Record<Delimiter, number>[] = [];
  let current = blankCount();
  let inQuotes = false;
  let lineHasContent = false;
  for (let i = 0; i < text.length && lines.length < maxLines; i++) {
    const ch = text[i];
    if (ch === '"') inQuotes = !inQuotes;
    else if (!inQuotes && (ch === "\n" || ch === "\r")) {
      if (lineHasContent) lines.push(current);
      current = blankCount();
      lineHasContent = false;
      continue;
    } else if (!inQuotes && (DELIMITERS as readonly string[]).includes(ch)) current[ch as Delimiter]++;
    if (ch.trim() !== "") lineHasContent = true;
  }
  if (lineHasContent && lines.length < maxLines) lines.push(current);
  return lines;
}

function blankCount(): Record<Delimiter, number> {
  return { ",": 0, ";": 0, "\t": 0, "|": 0 };
}
