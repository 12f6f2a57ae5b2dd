import { ApiError } from "@/lib/errors/api-error";
import { defineFormRoute } from "@/lib/http/define-form-route";
import { readCapability } from "@/lib/orders/capability-tokens";
import { cancelOrder } from "@/lib/pipeline/cancel-order";

// The cancel page's form, without JavaScript: the same lib call as DELETE /v1/orders/{id}, then
// a 303 back to the page. The e-mail links to the page, never to this route: a mail scanner
// that follows links must not cancel anyone's letter.

export const POST = defineFormRoute({ page: "/cancel", maxBytes: 8_000, name: "cancel form", backQuery }, async (form) => {
  const token = tokenOf(form);
  const read = token ? readCapability(token, "cancel") : null;
  if (!token || !read?.ok) throw new ApiError("invalid_capability");
  await cancelOrder(read.orderId, token);
  return { done: true };
});

const tokenOf = (form: URLSearchParams) => form.get("token")?.trim() || null;

function backQuery(form: URLSearchParams, answer: Record<string, string>): URLSearchParams {
  const token = tokenOf(form);
  return new URLSearchParams({ ...(token ? { token } : {}), ...answer });
}
