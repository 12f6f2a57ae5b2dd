import { defineRoute } from "@/lib/http/define-route";
import { methodsNotAllowed } from "@/lib/http/fallback-routes";
import { QuoteRequestSchema } from "@/lib/letters/schemas";
import { createQuote } from "@/lib/quotes/create-quote";

export const POST = defineRoute(
  { scope: "mail:quote", body: QuoteRequestSchema, maxBodyBytes: 15_000_000, throttle: "quotes" },
  async ({ body, caller }) => ({ body: await createQuote(body, caller) }),
);
export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
