import { defineRoute } from "@/lib/http/define-route";
import { methodsNotAllowed } from "@/lib/http/fallback-routes";
import { FeedbackRequestSchema, recordFeedback } from "@/lib/feedback/record-feedback";

export const POST = defineRoute({ scope: "feedback:write", body: FeedbackRequestSchema, maxBodyBytes: 64_000 }, async ({ body, caller, requestId, request }) => ({
  http: 201,
  body: await recordFeedback(body, caller, { requestId, userAgent: request.headers.get("user-agent") }),
}));

export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"]);
