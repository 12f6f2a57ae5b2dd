import { defineRoute } from "@/lib/http/define-route";
import { listOrdersOperation, sendLetterOperation } from "@/lib/openapi/operations-letters";
import { serveMethods } from "@/lib/http/fallback-routes";
import { parseIdempotencyKey } from "@/lib/http/idempotency";
import { presentCreatedOrder } from "@/lib/http/present-outcomes";
import { createOrder } from "@/lib/operations/create-order";
import { listOrders } from "@/lib/orders/list-orders";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveMethods({
  GET: defineRoute(listOrdersOperation, async ({ query, caller }) => ({
    body: await listOrders(caller, query),
  })),
  POST: defineRoute(sendLetterOperation, async ({ body, caller, request }) =>
    presentCreatedOrder(await createOrder(body, caller, parseIdempotencyKey(request.headers.get("idempotency-key")))),
  ),
});
