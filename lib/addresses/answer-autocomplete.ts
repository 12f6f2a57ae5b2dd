import { autocomplete } from "@/lib/addresses/autocomplete";

/** GET /v1/address/autocomplete?q=…&limit=… (its query read by the route wrapper): the suggestions. */
export async function answerAutocomplete({ q, limit }: { q: string; limit: number }) {
  return {
    status: "ok",
    query: q,
    suggestions: await autocomplete(q, limit),
    next: ["Advisory only: the address is verified again when you quote (POST /v1/quotes)."],
  };
}
