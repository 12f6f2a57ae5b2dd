import { defineRoute } from "@/lib/http/define-route";
import { getCreditCheckoutOperation } from "@/lib/openapi/operations-more";
import { methodsNotAllowed } from "@/lib/http/fallback-routes";
import { readCreditCheckout } from "@/lib/operations/credit-checkout";

export const GET = defineRoute(getCreditCheckoutOperation, async ({ params }) => ({
  body: await readCreditCheckout(params.id),
}));
export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET"]);
