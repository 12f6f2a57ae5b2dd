import { z } from "zod";
import { defineRoute } from "@/lib/http/define-route";
import { methodsNotAllowed } from "@/lib/http/fallback-routes";
import { throttle } from "@/lib/http/throttle";
import { createUpload } from "@/lib/documents/uploads";
import { MAX_PDF_BYTES } from "@/lib/documents/inspect-pdf";

// The spec shows no body. One optional field: the file's exact size, which S3 then signs into
// the URL so the bucket refuses any other size.
const UploadRequestSchema = z.strictObject({
  content_length: z.number({ error: "content_length must be a number of bytes" }).int().min(1).max(MAX_PDF_BYTES, { error: `content_length must be at most ${MAX_PDF_BYTES} (10 MB)` }).optional(),
});

export const POST = defineRoute({ scope: "mail:quote", body: UploadRequestSchema, optionalBody: true, maxBodyBytes: 4096 }, async ({ caller, body }) => {
  await throttle("uploads", caller);
  return { body: await createUpload(caller, body.content_length) };
});
export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"]);
