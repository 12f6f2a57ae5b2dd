import { z } from "zod";
import { defineRoute } from "@/lib/http/define-route";
import { methodsNotAllowed } from "@/lib/http/fallback-routes";
import { throttle } from "@/lib/http/throttle";
import { reverseGeocode } from "@/lib/addresses/autocomplete";

// POST /v1/address/reverse {latitude, longitude} (spec 4.9): the nearest ZIP, for prefilling a
// form from a device's location. A convenience only: advisory, since the address is verified
// again when the letter is quoted.

// A missing field falls through to zod's default message, which the route wrapper words as "… is required".
const coordinate = (limit: number) => {
  const message = `must be a number from -${limit} to ${limit}`;
  return z
    .number({ error: (issue) => (issue.input === undefined ? undefined : message) })
    .min(-limit, { error: message })
    .max(limit, { error: message });
};

const ReverseRequestSchema = z.strictObject({ latitude: coordinate(90), longitude: coordinate(180) });

export const POST = defineRoute({ scope: "mail:quote", body: ReverseRequestSchema, maxBodyBytes: 1024 }, async ({ body, caller }) => {
  await throttle("address_reverse", caller);
  return { body: { status: "ok", ...(await reverseGeocode(body.latitude, body.longitude)), next: [] } };
});
export const { GET, PUT, PATCH, DELETE } = methodsNotAllowed(["POST"]);
