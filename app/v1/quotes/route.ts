import { defineRoute } from "@/lib/http/define-route";
import { quoteLetterOperation } from "@/lib/openapi/operations-letters";
import { serveMethods } from "@/lib/http/fallback-routes";
import { createQuote } from "@/lib/quotes/create-quote";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveMethods({
  POST: defineRoute(quoteLetterOperation, async ({ body, caller }) => ({ body: await createQuote(body, caller) })),
});
