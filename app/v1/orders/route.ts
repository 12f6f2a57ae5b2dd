import { defineRoute } from "@/lib/http/define-route";
import { sendLetterOperation } from "@/lib/openapi/operations-letters";
import { methodsNotAllowed } from "@/lib/http/fallback-routes";
import { parseIdempotencyKey } from "@/lib/http/idempotency";
import { presentCreatedOrder } from "@/lib/http/present-outcomes";
import { createOrder } from "@/lib/operations/create-order";

export const POST = defineRoute(sendLetterOperation, async ({ body, caller, request }) =>
  presentCreatedOrder(await createOrder(body, caller, parseIdempotencyKey(request.headers.get("idempotency-key")))),
);
export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
