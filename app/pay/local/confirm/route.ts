import { defineRoute } from "@/lib/http/define-route";
import { serveMethods } from "@/lib/http/fallback-routes";
import { LocalPaymentSchema, payLocalCheckout } from "@/lib/payments/checkout/pay-local-checkout";

// The local test rail's card endpoint (what Stripe's own servers are to Stripe Checkout): the
// hosted page /pay/<session> and the embedded form post the test card here.

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveMethods({
  POST: defineRoute({ path: "/pay/local/confirm", scope: "mail:send", request: { schema: LocalPaymentSchema } }, async ({ body }) => ({
    body: await payLocalCheckout(body),
  })),
});
