import { defineRoute } from "@/lib/http/define-route";
import { buyCreditPackOperation } from "@/lib/openapi/operations-more";
import { serveMethods } from "@/lib/http/fallback-routes";
import { parseIdempotencyKey } from "@/lib/http/idempotency";
import { presentCreditCheckout } from "@/lib/http/present-outcomes";
import { startCreditCheckout } from "@/lib/operations/credit-checkout";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveMethods({
  POST: defineRoute(buyCreditPackOperation, async ({ body, caller, request }) =>
    presentCreditCheckout(await startCreditCheckout(body, caller, parseIdempotencyKey(request.headers.get("idempotency-key")))),
  ),
});
