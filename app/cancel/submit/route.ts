import { ApiError } from "@/lib/errors/api-error";
import { readBodyBytes } from "@/lib/http/read-json-body";
import { log } from "@/lib/log";
import { cancelOrder } from "@/lib/pipeline/cancel-order";
import { readCapability } from "@/lib/orders/capability-tokens";

// The cancel page's form, without JavaScript: the same lib call as DELETE /v1/orders/{id}, then
// a 303 back to the page. The e-mail links to the page, never to this route: a mail scanner
// that follows links must not cancel anyone's letter.
const MAX_FORM_BYTES = 8_000;

export async function POST(request: Request): Promise<Response> {
  let token: string | null = null;
  try {
    token = new URLSearchParams((await readBodyBytes(request, MAX_FORM_BYTES)).toString("utf8")).get("token")?.trim() || null;
  } catch (err) {
    if (err instanceof ApiError) return backTo(null, { error: err.code });
    throw err;
  }
  const read = token ? readCapability(token, "cancel") : null;
  if (!token || !read?.ok) return backTo(token, { error: "invalid_capability" });
  try {
    await cancelOrder(read.orderId, token);
  } catch (err) {
    if (!(err instanceof ApiError)) {
      log.error({ err }, "cancel form failed");
      return backTo(token, { error: "internal_error" });
    }
    return backTo(token, { error: err.code });
  }
  return backTo(token, { done: "1" });
}

function backTo(token: string | null, extra: Record<string, string>): Response {
  const q = new URLSearchParams({ ...(token ? { token } : {}), ...extra });
  // A relative Location: the browser resolves it against the page it posted from.
  return new Response(null, { status: 303, headers: { Location: `/cancel?${q}`, "cache-control": "no-store" } });
}
