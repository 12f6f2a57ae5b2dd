import { defineRoute } from "@/lib/http/define-route";
import { reverseGeocodeOperation } from "@/lib/openapi/operations-more";
import { serveMethods } from "@/lib/http/fallback-routes";
import { reverseGeocode } from "@/lib/addresses/autocomplete";

// POST /v1/address/reverse {latitude, longitude} (spec 4.9): the nearest ZIP, for prefilling a
// form from a device's location. A convenience only: advisory, since the address is verified
// again when the letter is quoted.

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveMethods({
  POST: defineRoute(reverseGeocodeOperation, async ({ body }) => ({
    body: { status: "ok", ...(await reverseGeocode(body.latitude, body.longitude)), next: [] },
  })),
});
