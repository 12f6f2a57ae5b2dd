import { defineRoute } from "@/lib/http/define-route";
import { getTrackingOperation } from "@/lib/openapi/operations-letters";
import { serveMethods } from "@/lib/http/fallback-routes";
import { readPublicTracking } from "@/lib/tracking/get-public-tracking";

// The public tracking view as JSON: the code is the capability, like the /t/{code} page.

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveMethods({
  GET: defineRoute(getTrackingOperation, async ({ params }) => ({
    body: await readPublicTracking(params.code),
  })),
});
