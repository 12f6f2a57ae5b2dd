import { z } from "zod";
import { randomBytes } from "node:crypto";
import type { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/db";
import { ApiError } from "@/lib/errors/api-error";
import type { Caller } from "@/lib/auth/caller";
import { verifyValue } from "@/lib/tokens/signed-token";
import { UPLOAD_KEY_FORM } from "@/lib/letters/schemas";
import { hasPdfHeader, MAX_PDF_BYTES } from "@/lib/documents/inspect-pdf";
import { objectStore } from "@/lib/documents/storage/object-store-from-env";
import { UPLOAD_URL_PURPOSE } from "@/lib/documents/storage/database-store";
import { ObjectTooLarge } from "@/lib/documents/storage/object-store";

// Large PDFs travel outside the JSON body: POST /v1/uploads hands out a one-shot URL valid
// 15 minutes, the client PUTs the file there (S3 when configured, else our own sink), and the
// letter names the file by its upload_key. Keys nobody printed are swept after 30 days.

export const UPLOAD_URL_TTL_SECONDS = 900;
export const UNUSED_UPLOAD_DAYS = 30;
const objectName = (key: string) => `uploads/${key}`;

export async function createUpload(caller: Caller, contentLength?: number) {
  const store = objectStore();
  const key = `up_${randomBytes(16).toString("hex")}.pdf`;
  const presigned = await store.presignUpload(objectName(key), { expiresInSeconds: UPLOAD_URL_TTL_SECONDS, contentLength });
  await db().upload.create({
    data: {
      key,
      storage: store.kind,
      urlExpiresAt: new Date(Date.now() + UPLOAD_URL_TTL_SECONDS * 1000),
      apiKeyId: caller.key?.id ?? null,
      clientIp: caller.ip,
    },
  });
  return {
    status: "ok" as const,
    upload_key: key,
    upload_url: presigned.url,
    method: "PUT" as const,
    headers: presigned.headers,
    expires_in: UPLOAD_URL_TTL_SECONDS,
    max_bytes: MAX_PDF_BYTES,
    next: [
      `PUT the PDF bytes to upload_url with the headers shown, within ${UPLOAD_URL_TTL_SECONDS} seconds; the URL takes one file.`,
      "Then quote and send the letter with upload_key instead of text (POST /v1/quotes, then POST /v1/orders).",
    ],
  };
}

/** The PUT request's body as this module reads it: its declared type, and its bytes read only when asked, up to a limit. */
export type UploadBody = { contentType: string | null; readBytes: (maxBytes: number) => Promise<Buffer> };

/**
 * PUT /v1/uploads/{key}: the keyless sink of the built-in store. The key form is checked
 * before anything else; then the URL's signature and expiry, the type and size, and the
 * one-shot rule (a second PUT is refused, even with a valid URL).
 */
export async function receiveUpload(key: string, url: URL, body: UploadBody) {
  if (!UPLOAD_KEY_FORM.test(key)) {
    throw new ApiError("invalid_upload_key", `\`${key.slice(0, 60)}\` is not an upload key: it must be up_ followed by 32 lowercase hex digits and .pdf.`);
  }
  const store = objectStore();
  if (store.kind !== "fallback") throw new ApiError("upload_sink_disabled");

  const expires = Number(url.searchParams.get("expires"));
  const signature = url.searchParams.get("signature") ?? "";
  if (!Number.isInteger(expires) || !signature || !verifyValue(UPLOAD_URL_PURPOSE, `${key}.${expires}`, signature)) {
    throw new ApiError("invalid_upload_url", "The upload URL is missing its signature or was altered; PUT to upload_url exactly as POST /v1/uploads returned it.");
  }
  if (expires * 1000 < Date.now()) {
    throw new ApiError("invalid_upload_url", `The upload URL expired ${Math.round(Date.now() / 1000 - expires)} s ago (they last ${UPLOAD_URL_TTL_SECONDS} s). Get a new one with POST /v1/uploads.`);
  }
  const type = (body.contentType ?? "").split(";")[0].trim().toLowerCase();
  if (type !== "application/pdf") {
    throw new ApiError("unsupported_media_type", type ? `Content-Type \`${type}\` is not accepted here; send the PDF with Content-Type: application/pdf.` : "No Content-Type header; send the PDF with Content-Type: application/pdf.", {
      next: ["PUT the PDF's bytes with Content-Type: application/pdf to upload_url, exactly as POST /v1/uploads returned it."],
    });
  }
  const bytes = await body.readBytes(MAX_PDF_BYTES);
  if (bytes.length === 0) throw new ApiError("invalid_pdf", "The upload is empty (0 bytes); PUT the PDF's bytes as the body.");
  if (!hasPdfHeader(bytes)) {
    throw new ApiError("invalid_pdf", "The upload is not a PDF (a PDF starts with %PDF-). Export the document to PDF and upload that.");
  }

  // Claim the key first, so two PUTs racing on one URL store one file.
  const claimed = await db().upload.updateMany({
    where: { key, storage: "fallback", receivedAt: null },
    data: { receivedAt: new Date(), sizeBytes: bytes.length },
  });
  if (claimed.count !== 1) {
    const exists = await db().upload.findUnique({ where: { key }, select: { key: true } });
    throw exists ? new ApiError("upload_already_received") : new ApiError("upload_not_found", "This upload key was not issued here or has been swept; get a new one with POST /v1/uploads.");
  }
  try {
    await store.put(objectName(key), bytes, "application/pdf");
  } catch (err) {
    await db().upload.updateMany({ where: { key }, data: { receivedAt: null, sizeBytes: null } });
    throw err;
  }
  return {
    status: "ok" as const,
    upload_key: key,
    size_bytes: bytes.length,
    next: ["Quote and send the letter with this upload_key (POST /v1/quotes, then POST /v1/orders)."],
  };
}

/** The bytes of an uploaded PDF, for a quote or an order. */
export async function readUpload(key: string): Promise<Buffer> {
  const row = await db().upload.findUnique({ where: { key } });
  const notYet = "Nothing has been uploaded under this upload_key yet: PUT the PDF to its upload_url first.";
  if (!row) throw new ApiError("upload_not_found", "This upload_key was not issued here, or it was swept after 30 days unused. Get a new one with POST /v1/uploads.");
  if (row.storage === "fallback" && !row.receivedAt) throw new ApiError("upload_not_found", notYet);
  try {
    // The type needs no check here: both stores only take application/pdf (S3 has it signed
    // into the URL), and the PDF checks read the bytes themselves.
    const bytes = await objectStore().get(objectName(key), MAX_PDF_BYTES);
    if (!bytes) throw new ApiError("upload_not_found", notYet);
    return bytes;
  } catch (err) {
    if (err instanceof ObjectTooLarge) {
      throw new ApiError("body_too_large", `The uploaded file is ${err.size} bytes; a PDF may be at most ${MAX_PDF_BYTES} bytes (10 MB).`);
    }
    throw err;
  }
}

/** Records the first order that printed an upload, which exempts it from the sweep. */
export async function markUploadUsed(tx: Prisma.TransactionClient, key: string, orderId: string): Promise<void> {
  await tx.upload.updateMany({ where: { key, orderId: null }, data: { orderId } });
}

/** Deletes uploads no order used within 30 days; returns how many went. */
export async function sweepUnusedUploads(now = new Date(), batch = 200): Promise<number> {
  const cutoff = new Date(now.getTime() - UNUSED_UPLOAD_DAYS * 86_400_000);
  const stale = await db().upload.findMany({ where: { orderId: null, createdAt: { lt: cutoff } }, select: { key: true }, take: batch });
  for (const { key } of stale) {
    await objectStore().delete(objectName(key));
    // Only if still unused: an order may have taken it while we were deleting.
    await db().upload.deleteMany({ where: { key, orderId: null } });
  }
  return stale.length;
}

// The spec shows no body. One optional field: the file's exact size, which S3 then signs into
// the URL so the bucket refuses any other size.
export const UploadRequestSchema = z.strictObject({
  content_length: z.number({ error: "content_length must be a number of bytes" }).int().min(1).max(MAX_PDF_BYTES, { error: `content_length must be at most ${MAX_PDF_BYTES} (10 MB)` }).optional(),
});
