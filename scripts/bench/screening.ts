// Screening time per letter, in-process (no HTTP, no database): every letter of the labelled
// corpus (tests/fixtures/screening) through the rule screener, and a PDF letter whose print
// file must be read back to text first, as screening does for uploads.
import { readFileSync } from "node:fs";
import path from "node:path";
import { extractPdfText } from "@/lib/documents/pdfjs";
import { renderTextLetter } from "@/lib/documents/render-text-letter";
import type { Address } from "@/lib/letters/schemas";
import { screenText } from "@/lib/screening/rule-screener";
import { round } from "./util";

const ROUNDS = 20;
const TO: Address = { name: "Ada Lovelace", line1: "12 MAIN ST", line2: undefined, city: "ALBANY", state: "NY", zip: "12207", country: "US" };
const FROM: Address = { name: "Charles Babbage", line1: "1 ENGINE ROW", line2: undefined, city: "TROY", state: "NY", zip: "12180", country: "US" };

export type ScreeningRow = { case: string; letters: number; meanMs: number; p95Ms: number; maxMs: number };

function summarize(name: string, samples: number[], letters: number): ScreeningRow {
  const sorted = [...samples].sort((a, b) => a - b);
  const mean = samples.reduce((a, b) => a + b, 0) / samples.length;
  return { case: name, letters, meanMs: round(mean, 3), p95Ms: round(sorted[Math.floor(sorted.length * 0.95)], 3), maxMs: round(sorted.at(-1)!, 3) };
}

export async function benchScreening(root: string): Promise<ScreeningRow[]> {
  const load = (f: string) => JSON.parse(readFileSync(path.join(root, "tests/fixtures/screening", f), "utf8")) as { text: string }[];
  const letters = [...load("corpus.json"), ...load("holdout.json")];
  const long = letters.map((l) => l.text).join("\n\n").repeat(3).slice(0, 50_000);

  const time = (fn: () => unknown) => {
    const t0 = performance.now();
    fn();
    return performance.now() - t0;
  };
  for (const l of letters) screenText(l.text); // warm-up
  const perLetter: number[] = [];
  for (let r = 0; r < ROUNDS; r++) for (const l of letters) perLetter.push(time(() => screenText(l.text)));
  const longRuns = Array.from({ length: ROUNDS }, () => time(() => screenText(long)));

  const { pdf, pageCount } = await renderTextLetter({ format: "letter", text: long.slice(0, 12_000), font: "helvetica", from: FROM, to: TO });
  await extractPdfText(pdf);
  const pdfRuns: number[] = [];
  for (let r = 0; r < 5; r++) {
    const t0 = performance.now();
    screenText(await extractPdfText(pdf));
    pdfRuns.push(performance.now() - t0);
  }
  return [
    summarize(`corpus letters (${letters.length}), each`, perLetter, letters.length),
    summarize("a 50,000-character letter", longRuns, 1),
    summarize(`a ${pageCount}-page PDF letter: read its text, then screen`, pdfRuns, 1),
  ];
}

export function printScreeningTable(rows: ScreeningRow[]) {
  console.log(`\nScreening (in-process, rule screener, ${ROUNDS} rounds):`);
  console.table(rows.map((r) => ({ case: r.case, "mean ms": r.meanMs, "p95 ms": r.p95Ms, "max ms": r.maxMs })));
}
