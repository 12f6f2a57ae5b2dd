import { z } from "zod";
import { defineRoute } from "@/lib/http/define-route";
import { ApiError } from "@/lib/http/api-error";
import { methodsNotAllowed } from "@/lib/http/fallback-routes";
import { throttle } from "@/lib/http/throttle";
import { AUTOCOMPLETE_DEFAULT_LIMIT, AUTOCOMPLETE_MAX_LIMIT, autocomplete } from "@/lib/addresses/autocomplete";

// GET /v1/address/autocomplete?q=…&limit=… (spec 4.9): typeahead for address forms. A
// convenience only: advisory, since the address is verified again when the letter is quoted.
const AutocompleteQuerySchema = z.strictObject({
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

export const GET = defineRoute({ scope: "mail:quote" }, async ({ request, caller }) => {
  await throttle("address_autocomplete", caller);
  const parsed = AutocompleteQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) {
    const parts = parsed.error.issues.map((i) =>
      i.code === "unrecognized_keys" ? `unknown query parameter${i.keys.length > 1 ? "s" : ""} ${i.keys.join(", ")} (use q and limit)` : i.message,
    );
    throw new ApiError("validation_error", `Invalid query: ${parts.join("; ")}.`);
  }
  const { q, limit } = parsed.data;
  return {
    body: {
      status: "ok",
      query: q,
      suggestions: await autocomplete(q, limit),
      next: ["Advisory only: the address is verified again when you quote (POST /v1/quotes)."],
    },
  };
});
export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
