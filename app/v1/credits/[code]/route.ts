import { z } from "zod";
import { defineRoute } from "@/lib/http/define-route";
import { methodsNotAllowed } from "@/lib/http/fallback-routes";
import { readCreditBalance } from "@/lib/payments/credits/credits";

export const GET = defineRoute({ scope: "credits:read", params: z.object({ code: z.string() }), throttle: "credits_lookup" }, async ({ params }) => ({
  body: await readCreditBalance(params.code),
}));
export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["GET"]);
