import { defineRoute } from "@/lib/http/define-route";
import { createUploadOperation } from "@/lib/openapi/operations-letters";
import { methodsNotAllowed } from "@/lib/http/fallback-routes";
import { createUpload } from "@/lib/documents/uploads";

export const POST = defineRoute(createUploadOperation, async ({ caller, body }) => ({
  body: await createUpload(caller, body.content_length),
}));
export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
