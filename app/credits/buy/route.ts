import { ApiError } from "@/lib/errors/api-error";
import { addressCaller } from "@/lib/http/define-route";
import { readBodyBytes } from "@/lib/http/read-json-body";
import { log } from "@/lib/log";
import { CreditCheckoutRequestSchema, startCreditCheckout } from "@/lib/operations/credit-checkout";

// The credits page's purchase form without JavaScript: the same lib call as
// POST /v1/credits/checkout (hosted payment page), then a 303 to the payment link: Stripe
// Checkout, or this service's /pay/<session> on the local rail. A refusal goes back to
// /credits with an error code and the field names; the page words how to fix it.

const MAX_FORM_BYTES = 4_000;

export async function POST(request: Request): Promise<Response> {
  let form: URLSearchParams;
  try {
    form = new URLSearchParams((await readBodyBytes(request, MAX_FORM_BYTES)).toString("utf8"));
  } catch (err) {
    if (err instanceof ApiError) return backTo({ buy_error: err.code });
    throw err;
  }
  const pack = form.get("pack")?.trim() || undefined;
  const email = form.get("email")?.trim() || undefined;
  const back = (extra: Record<string, string>) => backTo({ ...(pack ? { pack } : {}), ...(email ? { email } : {}), ...extra });

  const parsed = CreditCheckoutRequestSchema.safeParse({ pack, email, checkout_ui_mode: "hosted" });
  if (!parsed.success) {
    const fields = [...new Set(parsed.error.issues.map((i) => String(i.path[0] ?? "")).filter((f) => f === "pack" || f === "email"))];
    return back({ buy_error: "validation_error", fields: fields.join(",") });
  }

  const caller = addressCaller(request);
  if (!caller) return back({ buy_error: "unattributable_request" });
  try {
    const started = await startCreditCheckout(parsed.data, caller, null);
    const url = started.kind === "opened" ? started.paymentUrl : null;
    if (!url) throw new Error("a hosted credit checkout came back without a payment_url");
    return new Response(null, { status: 303, headers: { Location: url, "cache-control": "no-store" } });
  } catch (err) {
    if (!(err instanceof ApiError)) {
      log.error({ err }, "credit purchase form failed");
      return back({ buy_error: "internal_error" });
    }
    return back({ buy_error: err.code });
  }
}

function backTo(query: Record<string, string>): Response {
  // A relative Location: the browser resolves it against the page it posted from.
  return new Response(null, { status: 303, headers: { Location: `/credits?${new URLSearchParams(query)}#buy`, "cache-control": "no-store" } });
}

/** The form's address opened directly: the page is where buying starts. */
export function GET(): Response {
  return new Response(null, { status: 303, headers: { Location: "/credits", "cache-control": "no-store" } });
}
