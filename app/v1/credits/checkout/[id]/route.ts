import { defineRoute } from "@/lib/http/define-route";
import { methodsNotAllowed } from "@/lib/http/fallback-routes";
import { CreditCheckoutIdSchema, readCreditCheckout } from "@/lib/operations/credit-checkout";

export const GET = defineRoute({ scope: "credits:read", params: CreditCheckoutIdSchema }, async ({ params }) => ({
  body: await readCreditCheckout(params.id),
}));
export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET"]);
