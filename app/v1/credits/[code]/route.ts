import { defineRoute } from "@/lib/http/define-route";
import { getCreditBalanceOperation } from "@/lib/openapi/operations-more";
import { methodsNotAllowed } from "@/lib/http/fallback-routes";
import { readCreditBalance } from "@/lib/payments/credits/credits";

export const GET = defineRoute(getCreditBalanceOperation, async ({ params }) => ({
  body: await readCreditBalance(params.code),
}));
export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET"]);
