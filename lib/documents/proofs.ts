import { createHash } from "node:crypto";
import { createCanvas } from "@napi-rs/canvas";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { randomToken } from "@/lib/ids";
import { ApiError } from "@/lib/errors/api-error";
import { objectStore } from "@/lib/documents/storage/object-store-from-env";
import { openWithPdfjs } from "@/lib/documents/pdfjs";
import { pages } from "@/lib/text/pages";

// A proof is the exact PDF that will print, saved when the letter is quoted; the order made
// from that quote prints the same file. Its id is unguessable because the proof shows both
// full addresses: the URL is the capability, like a tracking link.

export const newProofId = () => "pf_" + randomToken(24);
const PROOF_ID = /^pf_[0-9a-z]{24}$/;
const THUMBNAIL_WIDTH = 480; // pixels; a Letter page at about 56 dpi
const MAX_PROOF_BYTES = 64 * 1024 * 1024;

const pdfName = (id: string) => `proofs/${id}.pdf`;
/** Page 1's name predates the other pages': it stays, so proofs drawn before still serve. */
const pngName = (id: string, page: number) => (page === 1 ? `proofs/${id}.png` : `proofs/${id}-${page}.png`);

export type ProofLinks = { id: string; pdf_url: string; thumbnail_url: string; page_count: number; notes: string[] };

export function proofLinks(proof: { id: string; pageCount: number; notes: unknown }): ProofLinks {
  const base = `${env().PUBLIC_BASE_URL}/v1/proofs/${proof.id}`;
  return { id: proof.id, pdf_url: `${base}.pdf`, thumbnail_url: `${base}.png`, page_count: proof.pageCount, notes: (proof.notes as string[]) ?? [] };
}

export async function saveProof(pdf: Buffer, pageCount: number, notes: string[]): Promise<ProofLinks> {
  const id = newProofId();
  // The object first: a row never points at a file that is not there.
  await objectStore().put(pdfName(id), pdf, "application/pdf");
  const row = await db().proof.create({
    data: { id, pdfSha256: createHash("sha256").update(pdf).digest("hex"), pageCount, notes },
  });
  return proofLinks(row);
}

export async function getProofLinks(id: string | null): Promise<ProofLinks | null> {
  if (!id) return null;
  const row = await db().proof.findUnique({ where: { id } });
  return row ? proofLinks(row) : null;
}

async function proofRow(id: string) {
  const row = PROOF_ID.test(id) ? await db().proof.findUnique({ where: { id } }) : null;
  if (!row) throw new ApiError("proof_not_found");
  return row;
}

export async function readProofPdf(id: string): Promise<Buffer> {
  return proofPdf((await proofRow(id)).id);
}

async function proofPdf(id: string): Promise<Buffer> {
  const pdf = await objectStore().get(pdfName(id), MAX_PROOF_BYTES);
  if (!pdf) throw new ApiError("proof_not_found");
  return pdf;
}

/**
 * The PNG of one page, drawn on first request and kept: most quotes are never looked at, and of
 * a long letter's pages most are never scrolled to. (`thumbnailAt` marks page 1 drawn, which
 * saves a lookup in the store for the page every proof shows; the others are looked up.)
 */
export async function readProofPage(id: string, page: number): Promise<Buffer> {
  const row = await proofRow(id);
  if (page > row.pageCount) throw new ApiError("proof_not_found", `This proof has ${pages(row.pageCount)}; there is no page ${page}.`);
  if (page > 1 || row.thumbnailAt) {
    const png = await objectStore().get(pngName(row.id, page), MAX_PROOF_BYTES);
    if (png) return png;
  }
  const png = await renderPage(await proofPdf(row.id), page);
  await objectStore().put(pngName(row.id, page), png, "image/png");
  if (page === 1) await db().proof.update({ where: { id: row.id }, data: { thumbnailAt: new Date() } });
  return png;
}

/** One page of a PDF (1-based) as a PNG `width` pixels wide, on white paper. */
export async function renderPage(pdf: Buffer, pageNumber = 1, width = THUMBNAIL_WIDTH): Promise<Buffer> {
  const doc = await openWithPdfjs(pdf);
  try {
    const page = await doc.getPage(pageNumber);
    const unscaled = page.getViewport({ scale: 1 });
    const viewport = page.getViewport({ scale: width / unscaled.width });
    const canvas = createCanvas(Math.round(viewport.width), Math.round(viewport.height));
    const context = canvas.getContext("2d");
    // Paper is white; a transparent PNG would show the page's background colour in the UI.
    context.fillStyle = "#ffffff";
    context.fillRect(0, 0, canvas.width, canvas.height);
    // pdfjs's types name the DOM canvas; @napi-rs/canvas implements the same drawing API.
    await page.render({ canvas: canvas as unknown as HTMLCanvasElement, canvasContext: context as unknown as CanvasRenderingContext2D, viewport }).promise;
    return canvas.toBuffer("image/png");
  } finally {
    await doc.destroy();
  }
}

export async function deleteProof(id: string): Promise<void> {
  const row = await db().proof.findUnique({ where: { id }, select: { pageCount: true } });
  await objectStore().delete(pdfName(id));
  for (let page = 1; page <= (row?.pageCount ?? 1); page++) await objectStore().delete(pngName(id, page));
  await db().proof.deleteMany({ where: { id } });
}

/** A proof file by its name (pf_<id>.pdf, the exact PDF that prints, or pf_<id>.png, a page of it: page 1 unless `page`); proof_not_found for any other name. */
export async function readProofFile(file: string, page = 1): Promise<{ id: string; ext: "pdf" | "png"; bytes: Buffer }> {
  const match = /^(pf_[0-9a-z]{24})\.(pdf|png)$/.exec(file);
  if (!match) throw new ApiError("proof_not_found");
  const id = match[1];
  return match[2] === "pdf" ? { id, ext: "pdf", bytes: await readProofPdf(id) } : { id, ext: "png", bytes: await readProofPage(id, page) };
}
