import { readProofPdf } from "@/lib/documents/proofs";
import { extractPdfText } from "@/lib/documents/pdfjs";
import type { Screener, ScreeningVerdict } from "@/lib/screening/screener";
import { shippedScreener } from "@/lib/screening/two-key-screener";

/** The screener in use: the two-key screener with the shipped classifier and thresholds. */
export function screener(): Screener {
  return shippedScreener();
}

/** The text screening reads: the letter's text, or for a PDF letter the text of its print file (the proof). */
export async function letterTextForScreening(letter: { text: string | null; proofId: string | null }): Promise<string> {
  return letter.text ?? (letter.proofId ? await extractPdfText(await readProofPdf(letter.proofId)) : "");
}

/** Screens a letter as it will print, which is what the recipient would read. */
export async function screenLetter(letter: { text: string | null; proofId: string | null }): Promise<ScreeningVerdict> {
  return screener().screen(await letterTextForScreening(letter));
}
