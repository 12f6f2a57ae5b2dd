import { defineRoute } from "@/lib/http/define-route";
import { suggestMailClassOperation } from "@/lib/openapi/operations-more";
import { serveMethods } from "@/lib/http/fallback-routes";
import { answerSuggestClass } from "@/lib/letters/suggest-mail-class";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveMethods({
  POST: defineRoute(suggestMailClassOperation, async ({ body }) => ({
    body: answerSuggestClass(body),
  })),
});
