import { defineRoute } from "@/lib/http/define-route";
import { receiveUploadOperation } from "@/lib/openapi/operations-letters";
import { serveMethods } from "@/lib/http/fallback-routes";
import { readBodyBytes } from "@/lib/http/read-json-body";
import { receiveUpload } from "@/lib/documents/uploads";

// Any string passes as the key (receiveUploadOperation's params): receiveUpload checks its form
// before anything else (spec 4.3) and answers with the upload key's own code, not a generic
// validation_error.

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveMethods({
  PUT: defineRoute(receiveUploadOperation, async ({ request, params }) => ({
    http: 201,
    body: await receiveUpload(params.key, new URL(request.url), { contentType: request.headers.get("content-type"), readBytes: (max) => readBodyBytes(request, max) }),
  })),
});
