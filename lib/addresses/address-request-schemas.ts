import { z } from "zod";
import { AUTOCOMPLETE_DEFAULT_LIMIT, AUTOCOMPLETE_MAX_LIMIT } from "@/lib/addresses/autocomplete";

// The request schemas of the address conveniences (GET /v1/address/autocomplete, POST
// /v1/address/reverse): the routes validate with them and the OpenAPI document describes them.

export const AutocompleteQuerySchema = z.strictObject({
  q: z
    .string({ error: "q is required: a ZIP prefix (1-5 digits) or the start of a city name" })
    .trim()
    .min(1, { error: "q is required: a ZIP prefix (1-5 digits) or the start of a city name" })
    .max(80, { error: "q must be at most 80 characters" }),
  limit: z.coerce
    .number({ error: `limit must be a whole number from 1 to ${AUTOCOMPLETE_MAX_LIMIT}` })
    .int({ error: `limit must be a whole number from 1 to ${AUTOCOMPLETE_MAX_LIMIT}` })
    .min(1, { error: `limit must be a whole number from 1 to ${AUTOCOMPLETE_MAX_LIMIT}` })
    .max(AUTOCOMPLETE_MAX_LIMIT, { error: `limit must be a whole number from 1 to ${AUTOCOMPLETE_MAX_LIMIT}` })
    .default(AUTOCOMPLETE_DEFAULT_LIMIT),
});

// A missing field falls through to zod's default message, which the route wrapper words as "… is required".
const coordinate = (limit: number) => {
  const message = `must be a number from -${limit} to ${limit}`;
  return z
    .number({ error: (issue) => (issue.input === undefined ? undefined : message) })
    .min(-limit, { error: message })
    .max(limit, { error: message });
};

export const ReverseRequestSchema = z.strictObject({ latitude: coordinate(90), longitude: coordinate(180) });
