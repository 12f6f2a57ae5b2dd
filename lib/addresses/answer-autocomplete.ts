import { ApiError } from "@/lib/errors/api-error";
import { AutocompleteQuerySchema } from "@/lib/addresses/address-request-schemas";
import { autocomplete } from "@/lib/addresses/autocomplete";

/** GET /v1/address/autocomplete?q=…&limit=…: the query read (unknown parameters named), then the suggestions. */
export async function answerAutocomplete(query: URLSearchParams) {
  const parsed = AutocompleteQuerySchema.safeParse(Object.fromEntries(query));
  if (!parsed.success) {
    const parts = parsed.error.issues.map((i) =>
      i.code === "unrecognized_keys" ? `unknown query parameter${i.keys.length > 1 ? "s" : ""} ${i.keys.join(", ")} (use q and limit)` : i.message,
    );
    throw new ApiError("validation_error", `Invalid query: ${parts.join("; ")}.`);
  }
  const { q, limit } = parsed.data;
  return {
    status: "ok",
    query: q,
    suggestions: await autocomplete(q, limit),
    next: ["Advisory only: the address is verified again when you quote (POST /v1/quotes)."],
  };
}
