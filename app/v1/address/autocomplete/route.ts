import { defineRoute } from "@/lib/http/define-route";
import { ApiError } from "@/lib/errors/api-error";
import { methodsNotAllowed } from "@/lib/http/fallback-routes";
import { autocomplete } from "@/lib/addresses/autocomplete";
import { AutocompleteQuerySchema } from "@/lib/addresses/address-request-schemas";

// GET /v1/address/autocomplete?q=…&limit=… (spec 4.9): typeahead for address forms. A
// convenience only: advisory, since the address is verified again when the letter is quoted.

export const GET = defineRoute({ scope: "mail:quote", throttle: "address_autocomplete" }, async ({ request }) => {
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
export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET"]);
