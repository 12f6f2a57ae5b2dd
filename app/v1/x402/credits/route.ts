import { defineRoute } from "@/lib/http/define-route";
import { methodsNotAllowed } from "@/lib/http/fallback-routes";
import { X402CreditsRequestSchema, buyCreditsWithX402 } from "@/lib/payments/x402/purchase-credits";

export const POST = defineRoute({ scope: "credits:buy", body: X402CreditsRequestSchema }, async ({ body, caller, request }) =>
  buyCreditsWithX402(body, caller, request.headers),
);
export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
