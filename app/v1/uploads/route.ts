import { defineRoute } from "@/lib/http/define-route";
import { createUploadOperation } from "@/lib/openapi/operations-letters";
import { serveMethods } from "@/lib/http/fallback-routes";
import { createUpload } from "@/lib/documents/uploads";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveMethods({
  POST: defineRoute(createUploadOperation, async ({ caller, body }) => ({
    body: await createUpload(caller, body.content_length),
  })),
});
