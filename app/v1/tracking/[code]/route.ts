import { defineRoute } from "@/lib/http/define-route";
import { getTrackingOperation } from "@/lib/openapi/operations-letters";
import { methodsNotAllowed } from "@/lib/http/fallback-routes";
import { readPublicTracking } from "@/lib/tracking/get-public-tracking";

// The public tracking view as JSON: the code is the capability, like the /t/{code} page.

export const GET = defineRoute(getTrackingOperation, async ({ params }) => ({
  body: await readPublicTracking(params.code),
}));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET"]);
