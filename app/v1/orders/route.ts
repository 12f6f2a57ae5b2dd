import { defineRoute } from "@/lib/http/define-route";
import { methodsNotAllowed } from "@/lib/http/fallback-routes";
import { parseIdempotencyKey } from "@/lib/http/idempotency";
import { OrderRequestSchema } from "@/lib/letters/schemas";
import { presentCreatedOrder } from "@/lib/http/present-outcomes";
import { createOrder } from "@/lib/operations/create-order";

export const POST = defineRoute({ scope: "mail:send", body: OrderRequestSchema, maxBodyBytes: 15_000_000 }, async ({ body, caller, request }) =>
  presentCreatedOrder(await createOrder(body, caller, parseIdempotencyKey(request.headers.get("idempotency-key")))),
);
export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodsNotAllowed(["POST"]);
