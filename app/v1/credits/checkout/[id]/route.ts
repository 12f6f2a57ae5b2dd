import { defineRoute } from "@/lib/http/define-route";
import { getCreditCheckoutOperation } from "@/lib/openapi/operations-more";
import { serveMethods } from "@/lib/http/fallback-routes";
import { readCreditCheckout } from "@/lib/operations/credit-checkout";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveMethods({
  GET: defineRoute(getCreditCheckoutOperation, async ({ params }) => ({
    body: await readCreditCheckout(params.id),
  })),
});
