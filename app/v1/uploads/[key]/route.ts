import { z } from "zod";
import { defineRoute } from "@/lib/http/define-route";
import { methodsNotAllowed } from "@/lib/http/fallback-routes";
import { readBodyBytes } from "@/lib/http/read-json-body";
import { receiveUpload } from "@/lib/documents/uploads";

// Any string passes here: receiveUpload checks the key's form before anything else (spec
// 4.3) and answers with the upload key's own code, not a generic validation_error.
const ParamsSchema = z.object({ key: z.string() });

export const PUT = defineRoute({ scope: "mail:quote", params: ParamsSchema }, async ({ request, params }) => ({
  http: 201,
  body: await receiveUpload(params.key, new URL(request.url), { contentType: request.headers.get("content-type"), readBytes: (max) => readBodyBytes(request, max) }),
}));
export const { GET, POST, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["PUT"]);
