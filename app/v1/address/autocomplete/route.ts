import { defineRoute } from "@/lib/http/define-route";
import { autocompleteAddressOperation } from "@/lib/openapi/operations-more";
import { serveMethods } from "@/lib/http/fallback-routes";
import { answerAutocomplete } from "@/lib/addresses/answer-autocomplete";

// GET /v1/address/autocomplete?q=…&limit=… (spec 4.9): typeahead for address forms. A
// convenience only: advisory, since the address is verified again when the letter is quoted.

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveMethods({
  GET: defineRoute(autocompleteAddressOperation, async ({ query }) => ({ body: await answerAutocomplete(query) })),
});
