import { readProofPdf } from "@/lib/documents/proofs";
import { extractPdfText } from "@/lib/documents/pdfjs";
import { RuleScreener } from "@/lib/screening/rule-screener";
import type { Screener, ScreeningVerdict } from "@/lib/screening/screener";

const rules = new RuleScreener();

/** The screener in use: the rule-based one (a model-backed mode may be added behind the port). */
export function screener(): Screener {
  return rules;
}

/**
 * Screens a letter as it will print: its text, or for a PDF letter the text of the print file
 * (the proof), which is what the recipient would read.
 */
export async function screenLetter(letter: { text: string | null; proofId: string | null }): Promise<ScreeningVerdict> {
  const text = letter.text ?? (letter.proofId ? await extractPdfText(await readProofPdf(letter.proofId)) : "");
  return screener().screen(text);
}
