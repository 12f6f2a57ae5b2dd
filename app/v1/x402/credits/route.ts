import { defineRoute } from "@/lib/http/define-route";
import { buyCreditPackX402Operation } from "@/lib/openapi/operations-more";
import { serveMethods } from "@/lib/http/fallback-routes";
import { presentX402Purchase } from "@/lib/http/present-outcomes";
import { buyCreditsWithX402 } from "@/lib/payments/x402/purchase-credits";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveMethods({
  POST: defineRoute(buyCreditPackX402Operation, async ({ body, caller, request }) =>
    presentX402Purchase(await buyCreditsWithX402(body, caller, request.headers)),
  ),
});
