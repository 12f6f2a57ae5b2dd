import { defineRoute } from "@/lib/http/define-route";
import { methodsNotAllowed } from "@/lib/http/fallback-routes";
import { OrderIdParamsSchema } from "@/lib/letters/schemas";
import { readOrder } from "@/lib/operations/read-order";
import { cancelOrder } from "@/lib/pipeline/cancel-order";

export const GET = defineRoute({ scope: "mail:read", params: OrderIdParamsSchema }, async ({ params }) => ({
  body: await readOrder(params.id),
}));

export const DELETE = defineRoute({ scope: "mail:cancel", params: OrderIdParamsSchema }, async ({ params, request }) => {
  // X-Cancel-Token is the legacy name of the same header (spec 4.6).
  const token = request.headers.get("x-capability-token") ?? request.headers.get("x-cancel-token");
  return { body: await cancelOrder(params.id, token) };
});

export const { POST, PUT, PATCH, OPTIONS } = methodsNotAllowed(["GET", "DELETE"]);
