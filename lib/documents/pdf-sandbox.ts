import { availableParallelism } from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { ApiError } from "@/lib/errors/api-error";
import type { ErrorCode } from "@/lib/errors/error-catalogue";
import type { ComposedLetter } from "@/lib/documents/compose-pdf-letter";
import type { ComposeJob, JobReply } from "@/lib/documents/pdf-sandbox-worker";
import type { Format } from "@/lib/letters/formats";
import type { Address } from "@/lib/letters/schemas";
import { env } from "@/lib/env";
import { log } from "@/lib/log";

// Reading a sender's PDF is running pdf-lib and pdf.js on bytes anyone can shape. It happens in
// worker threads with a heap limit and a time limit, one job per thread at a time, so that a
// document that defeats the inspection's own limits (lib/documents/inspect-pdf.ts) costs its
// own request a 400 and a fresh thread, never the web process or another sender's request.
// (Node's worker_threads, no library: the pool is a queue and a few threads.)

const POOL_SIZE = Math.max(1, Math.min(2, availableParallelism() - 1));
const HEAP_MB = 384;

type Slot = { worker: Worker; busy: boolean };
type Pending = { job: Omit<ComposeJob, "id">; resolve: (c: ComposedLetter) => void; reject: (e: unknown) => void };

const slots: Slot[] = [];
const queue: Pending[] = [];
let nextId = 1;

function spawn(): Slot {
  // Loaded at run time, never bundled by Next.js, which must not follow these paths. A process
  // of `npm start` after `npm run build` names the thread's compiled bundle (dist/
  // pdf-sandbox-worker.js, set by scripts/support/compiled.ts); the tests and tsx runs read the
  // TypeScript from the checkout through tsx (pdf-sandbox-boot.mjs).
  const bundle = process.env.PDF_SANDBOX_BUNDLE;
  const resourceLimits = { maxOldGenerationSizeMb: HEAP_MB };
  const worker = bundle
    ? new Worker(/* turbopackIgnore: true */ bundle, { resourceLimits })
    : new Worker(/* turbopackIgnore: true */ path.join(process.cwd(), "lib", "documents", "pdf-sandbox-boot.mjs"), {
        workerData: { entry: path.join(process.cwd(), "lib", "documents", "pdf-sandbox-worker.ts") },
        resourceLimits,
      });
  worker.unref(); // an idle sandbox never keeps a process (a script, a test) alive
  return { worker, busy: false };
}

function dispatch(): void {
  while (queue.length) {
    let slot = slots.find((s) => !s.busy);
    if (!slot && slots.length < POOL_SIZE) slots.push((slot = spawn()));
    if (!slot) return;
    run(slot, queue.shift()!);
  }
}

function run(slot: Slot, pending: Pending): void {
  const timeoutMs = env().PDF_READ_TIMEOUT_MS;
  slot.busy = true;
  const id = nextId++;
  const { worker } = slot;
  let settled = false;
  const finish = (outcome: () => void, retire: boolean) => {
    if (settled) return;
    settled = true;
    clearTimeout(timer);
    worker.off("message", onMessage);
    worker.off("error", onError);
    worker.off("exit", onExit);
    if (retire) {
      slots.splice(slots.indexOf(slot), 1);
      void worker.terminate();
    } else slot.busy = false;
    outcome();
    dispatch();
  };
  const damaged = (why: string) => new ApiError("invalid_pdf", `${pending.job.origin} ${why}, so it cannot be printed. Export it to PDF again and resend it.`);
  const onMessage = (reply: JobReply) => {
    if (reply.id !== id) return;
    if (reply.ok) finish(() => pending.resolve({ pdf: Buffer.from(reply.pdf.buffer, reply.pdf.byteOffset, reply.pdf.byteLength), pageCount: reply.pageCount, notes: reply.notes }), false);
    else if (reply.error) finish(() => pending.reject(new ApiError(reply.error!.code as ErrorCode, reply.error!.message, { next: reply.error!.next })), false);
    else finish(() => pending.reject(damaged("is damaged and cannot be read")), false);
  };
  const onError = (err: Error) => {
    log.warn({ err: { message: err.message, code: (err as { code?: string }).code }, origin: pending.job.origin }, "a PDF sandbox thread failed on a document");
    const outOfMemory = (err as { code?: string }).code === "ERR_WORKER_OUT_OF_MEMORY";
    finish(() => pending.reject(outOfMemory ? damaged("needs more memory to read than any letter") : err), true);
  };
  const onExit = () => finish(() => pending.reject(new Error("the PDF sandbox thread ended")), true);
  const timer = setTimeout(() => {
    log.warn({ origin: pending.job.origin }, "a PDF took too long to read; its sandbox thread was stopped");
    finish(() => pending.reject(damaged(`takes longer than ${timeoutMs / 1000} s to read`)), true);
  }, timeoutMs);
  worker.on("message", onMessage);
  worker.on("error", onError);
  worker.on("exit", onExit);
  worker.postMessage({ id, ...pending.job } satisfies ComposeJob);
}

/** Inspects a sender's PDF and composes the letter that prints (inspectPdf, composePdfLetter), in a sandbox thread. */
export function composeSendersPdf(job: { bytes: Buffer; origin: string; format: Format; from: Address; to: Address }): Promise<ComposedLetter> {
  return new Promise((resolve, reject) => {
    queue.push({ job: { ...job, bytes: new Uint8Array(job.bytes) }, resolve, reject });
    dispatch();
  });
}
