import { defineRoute } from "@/lib/http/define-route";
import { suggestMailClassOperation } from "@/lib/openapi/operations-more";
import { methodsNotAllowed } from "@/lib/http/fallback-routes";
import { answerSuggestClass } from "@/lib/letters/suggest-mail-class";

export const POST = defineRoute(suggestMailClassOperation, async ({ body }) => ({
  body: answerSuggestClass(body),
}));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
