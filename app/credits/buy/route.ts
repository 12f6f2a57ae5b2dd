import { ApiError } from "@/lib/errors/api-error";
import { addressCaller } from "@/lib/http/define-route";
import { defineFormRoute, refusedFields } from "@/lib/http/define-form-route";
import { CreditCheckoutRequestSchema, startCreditCheckout } from "@/lib/operations/credit-checkout";

// The credits page's purchase form without JavaScript: the same lib call as
// POST /v1/credits/checkout (hosted payment page), then a 303 to the payment link: Stripe
// Checkout, or this service's /pay/<session> on the local rail. A refusal goes back to
// /credits with an error code and the field names; the page words how to fix it.

export const POST = defineFormRoute({ page: "/credits", anchor: "#buy", errorKey: "buy_error", maxBytes: 4_000, name: "credit purchase form", backQuery }, async (form, request) => {
  const parsed = CreditCheckoutRequestSchema.safeParse({ pack: valueOf(form, "pack"), email: valueOf(form, "email"), checkout_ui_mode: "hosted" });
  if (!parsed.success) return { refused: { buy_error: "validation_error", fields: refusedFields(parsed.error.issues, ["pack", "email"]) } };
  const caller = addressCaller(request);
  if (!caller) throw new ApiError("unattributable_request");
  const started = await startCreditCheckout(parsed.data, caller, null);
  if (started.kind !== "opened" || !started.paymentUrl) throw new Error("a hosted credit checkout came back without a payment_url");
  return { redirect: started.paymentUrl };
});

const valueOf = (form: URLSearchParams, name: string) => form.get(name)?.trim() || undefined;

/** The pack and e-mail entered, then the answer. */
function backQuery(form: URLSearchParams, answer: Record<string, string>): URLSearchParams {
  const [pack, email] = [valueOf(form, "pack"), valueOf(form, "email")];
  return new URLSearchParams({ ...(pack ? { pack } : {}), ...(email ? { email } : {}), ...answer });
}

/** The form's address opened directly: the page is where buying starts. */
export function GET(): Response {
  return new Response(null, { status: 303, headers: { Location: "/credits", "cache-control": "no-store" } });
}
