"use client";

import { useRef, useState } from "react";
import { api, settle, type Envelope } from "@/components/compose/api";
import { FieldError } from "@/components/ui/field-error";
import type { UploadedPdf } from "@/components/compose/draft";

// A PDF letter travels outside the JSON: POST /v1/uploads hands out a one-shot URL, the file is
// PUT there (XMLHttpRequest, for its upload progress), and the letter names it by upload_key.

const MAX_BYTES = 10 * 1024 * 1024;
// Headers a page may not set itself; the browser sends the right ones.
const FORBIDDEN_HEADERS = new Set(["content-length", "host", "connection"]);

const size = (bytes: number) => (bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`);

/** Our own upload sink is fetched from this page's origin (the URL names the deployment's public one). */
function uploadTarget(url: string): string {
  const u = new URL(url, window.location.href);
  return u.pathname.startsWith("/v1/uploads/") ? u.pathname + u.search : u.toString();
}

function put(url: string, headers: Record<string, string>, file: File, onProgress: (pct: number) => void): Promise<Envelope | null> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open("PUT", uploadTarget(url));
    for (const [k, v] of Object.entries(headers)) if (!FORBIDDEN_HEADERS.has(k.toLowerCase())) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(Math.round((e.loaded / e.total) * 100));
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) return resolve(null);
      try {
        resolve(JSON.parse(xhr.responseText) as Envelope);
      } catch {
        resolve({ status: "failed", reason: `The upload was refused (HTTP ${xhr.status}).`, next: ["Choose the file again to retry."] });
      }
    };
    xhr.onerror = () => resolve({ status: "failed", reason: "The upload could not reach the storage.", next: ["Check your connection and choose the file again."] });
    xhr.send(file);
  });
}

type Props = { upload: UploadedPdf | null; onUploaded: (u: UploadedPdf | null) => void; apiError?: string; apiNext?: string[] };

export function PdfUpload({ upload, onUploaded, apiError, apiNext }: Props) {
  const [progress, setProgress] = useState<{ name: string; pct: number } | null>(null);
  const [error, setError] = useState<Envelope | null>(null);
  const input = useRef<HTMLInputElement>(null);

  async function choose(file: File | undefined) {
    setError(null);
    if (!file) return;
    if (file.size > MAX_BYTES) return setError({ status: "failed", reason: `${file.name} is ${size(file.size)}; a PDF may be at most 10 MB.`, next: ["Compress the PDF or split the letter, then choose it again."] });
    if (file.type && file.type !== "application/pdf") return setError({ status: "failed", reason: `${file.name} is not a PDF.`, next: ["Export the document as PDF (File > Print > Save as PDF) and choose that."] });
    onUploaded(null);
    setProgress({ name: file.name, pct: 0 });
    const slot = await settle(api.POST("/v1/uploads", { body: { content_length: file.size } }));
    if (!slot.ok) {
      setProgress(null);
      return setError(slot);
    }
    const failed = await put(slot.upload_url, slot.headers ?? {}, file, (pct) => setProgress({ name: file.name, pct }));
    if (failed) {
      setProgress(null);
      return setError(failed);
    }
    setProgress({ name: file.name, pct: 100 });
    onUploaded({ key: slot.upload_key, name: file.name, size: file.size });
    if (input.current) input.current.value = "";
  }

  const shown = error ?? (apiError ? { status: "failed", reason: apiError, next: apiNext } : null);
  const uploading = progress !== null && progress.pct < 100 && !upload;
  return (
    <div className="flex flex-col gap-2 text-sm">
      <label htmlFor="pdf-file" className="font-semibold">Your letter as a PDF (up to 10 MB, 60 pages)</label>
      <input
        ref={input}
        id="pdf-file"
        type="file"
        accept="application/pdf,.pdf"
        onChange={(e) => choose(e.target.files?.[0])}
        aria-describedby={shown ? "pdf-file-error" : "pdf-file-hint"}
        aria-invalid={shown ? true : undefined}
        className="rounded border border-stone-400 bg-white p-2 file:mr-3 file:rounded file:border-0 file:bg-stone-800 file:px-3 file:py-1 file:text-white"
      />
      <p id="pdf-file-hint" className="text-xs text-stone-600">Pages print as they are, US Letter size. The first page leaves room for the address.</p>
      {/* Always there, so the page does not move when an upload starts. */}
      <div className="flex min-h-6 items-center gap-3" aria-live="polite">
        {progress || upload ? (
          <>
            <progress
              max={100}
              value={upload && (!progress || progress.pct === 100) ? 100 : (progress?.pct ?? 0)}
              aria-label="Upload progress"
              className="h-2 w-40 shrink-0 overflow-hidden rounded [&::-webkit-progress-bar]:bg-stone-200 [&::-webkit-progress-value]:bg-blue-700"
            />
            <span data-testid="upload-state">
              {uploading ? `Uploading ${progress!.name}… ${progress!.pct}%` : upload ? `Uploaded ${upload.name} (${size(upload.size)})` : ""}
            </span>
            {upload && !uploading ? (
              <button type="button" className="text-blue-800 underline" onClick={() => { onUploaded(null); setProgress(null); }}>
                Remove
              </button>
            ) : null}
          </>
        ) : null}
      </div>
      <FieldError id="pdf-file-error" message={shown?.reason} next={shown?.next} />
    </div>
  );
}
