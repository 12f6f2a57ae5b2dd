import { defineRoute } from "@/lib/http/define-route";
import { methodsNotAllowed } from "@/lib/http/fallback-routes";
import { answerSuggestClass, SuggestClassRequestSchema } from "@/lib/letters/suggest-mail-class";

// The text may be 50,000 characters, and JSON escaping can make one character six bytes
// (\u0001): the body limit lets the text limit be the one that answers.
export const POST = defineRoute({ scope: "mail:quote", body: SuggestClassRequestSchema, maxBodyBytes: 310_000, throttle: "suggest_class" }, async ({ body }) => ({
  body: answerSuggestClass(body),
}));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
