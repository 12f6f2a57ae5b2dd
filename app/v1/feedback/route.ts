import { defineRoute } from "@/lib/http/define-route";
import { submitFeedbackOperation } from "@/lib/openapi/operations-more";
import { serveMethods } from "@/lib/http/fallback-routes";
import { recordFeedback } from "@/lib/feedback/record-feedback";

// Spec 4.9: feedback is open to every caller, so any key that verifies may report, whatever its scopes.

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveMethods({
  POST: defineRoute(submitFeedbackOperation, async ({ body, caller, requestId, request }) => ({
    http: 201,
    body: await recordFeedback(body, caller, { requestId, userAgent: request.headers.get("user-agent") }),
  })),
});
