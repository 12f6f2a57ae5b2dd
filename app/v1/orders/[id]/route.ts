import { defineRoute } from "@/lib/http/define-route";
import { cancelOrderOperation, getOrderOperation } from "@/lib/openapi/operations-letters";
import { serveMethods } from "@/lib/http/fallback-routes";
import { readOrder } from "@/lib/operations/read-order";
import { cancelOrder } from "@/lib/pipeline/cancel-order";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveMethods({
  GET: defineRoute(getOrderOperation, async ({ params }) => ({
    body: await readOrder(params.id),
  })),
  DELETE: defineRoute(cancelOrderOperation, async ({ params, request }) => {
    // X-Cancel-Token is the legacy name of the same header (spec 4.6).
    const token = request.headers.get("x-capability-token") ?? request.headers.get("x-cancel-token");
    return { body: await cancelOrder(params.id, token) };
  }),
});
