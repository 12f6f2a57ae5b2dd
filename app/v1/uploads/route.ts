import { defineRoute } from "@/lib/http/define-route";
import { methodsNotAllowed } from "@/lib/http/fallback-routes";
import { createUpload, UploadRequestSchema } from "@/lib/documents/uploads";


export const POST = defineRoute({ scope: "mail:quote", body: UploadRequestSchema, optionalBody: true, maxBodyBytes: 4096, throttle: "uploads" }, async ({ caller, body }) => ({
  body: await createUpload(caller, body.content_length),
}));
export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
