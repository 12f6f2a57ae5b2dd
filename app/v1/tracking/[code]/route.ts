import { z } from "zod";
import { defineRoute } from "@/lib/http/define-route";
import { methodsNotAllowed } from "@/lib/http/fallback-routes";
import { readPublicTracking } from "@/lib/tracking/get-public-tracking";

// The public tracking view as JSON: the code is the capability, like the /t/{code} page.
const TrackingCodeParamsSchema = z.object({
  code: z.string().regex(/^[0-9a-z]{16}$/, { error: "code must be a tracking code (16 lowercase letters and digits)" }),
});

export const GET = defineRoute({ scope: "mail:read", params: TrackingCodeParamsSchema }, async ({ params }) => ({
  body: await readPublicTracking(params.code),
}));

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
