import { defineRoute } from "@/lib/http/define-route";
import { getCreditBalanceOperation } from "@/lib/openapi/operations-more";
import { serveMethods } from "@/lib/http/fallback-routes";
import { readCreditBalance } from "@/lib/payments/credits/credits";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveMethods({
  GET: defineRoute(getCreditBalanceOperation, async ({ params }) => ({
    body: await readCreditBalance(params.code),
  })),
});
