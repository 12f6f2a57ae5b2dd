import { parentPort } from "node:worker_threads";
import { ApiError } from "@/lib/errors/api-error";
import { composePdfLetter } from "@/lib/documents/compose-pdf-letter";
import { inspectPdf } from "@/lib/documents/inspect-pdf";
import type { Format } from "@/lib/letters/formats";
import type { Address } from "@/lib/letters/schemas";

// Inside a PDF sandbox worker thread (lib/documents/pdf-sandbox.ts): reads a sender's PDF and
// composes the letter that prints, one job at a time. Whatever the document does here (a heap
// it fills, a loop it sends pdf.js into) ends this thread, not the web process.

export type ComposeJob = { id: number; bytes: Uint8Array; origin: string; format: Format; from: Address; to: Address };
export type JobReply =
  | { id: number; ok: true; pdf: Uint8Array; pageCount: number; notes: string[] }
  | { id: number; ok: false; error: { code: string; message: string; next: string[] } | null };

parentPort!.on("message", async (job: ComposeJob) => {
  let reply: JobReply;
  try {
    const bytes = Buffer.from(job.bytes.buffer, job.bytes.byteOffset, job.bytes.byteLength);
    const composed = await composePdfLetter({ source: await inspectPdf(bytes, job.origin), format: job.format, from: job.from, to: job.to });
    reply = { id: job.id, ok: true, pdf: composed.pdf, pageCount: composed.pageCount, notes: composed.notes };
  } catch (err) {
    reply = { id: job.id, ok: false, error: err instanceof ApiError ? { code: err.code, message: err.message, next: err.next } : null };
  }
  parentPort!.postMessage(reply);
});
