import { defineRoute } from "@/lib/http/define-route";
import { methodsNotAllowed } from "@/lib/http/fallback-routes";
import { presentX402Purchase } from "@/lib/http/present-outcomes";
import { X402CreditsRequestSchema, buyCreditsWithX402 } from "@/lib/payments/x402/purchase-credits";

export const POST = defineRoute({ scope: "credits:buy", body: X402CreditsRequestSchema, throttle: "x402_credits" }, async ({ body, caller, request }) =>
  presentX402Purchase(await buyCreditsWithX402(body, caller, request.headers)),
);
export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
