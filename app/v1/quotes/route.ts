import { defineRoute } from "@/lib/http/define-route";
import { quoteLetterOperation } from "@/lib/openapi/operations-letters";
import { methodsNotAllowed } from "@/lib/http/fallback-routes";
import { createQuote } from "@/lib/quotes/create-quote";

export const POST = defineRoute(quoteLetterOperation, async ({ body, caller }) => ({ body: await createQuote(body, caller) }));
export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
