import { ApiError } from "@/lib/errors/api-error";
import { presentStripeWebhook } from "@/lib/http/present-outcomes";
import { readBodyBytes } from "@/lib/http/read-json-body";
import { receiveStripeWebhook } from "@/lib/payments/checkout/stripe-webhook";

const MAX_EVENT_BYTES = 1_000_000;

export async function POST(request: Request): Promise<Response> {
  let raw: Buffer;
  try {
    raw = await readBodyBytes(request, MAX_EVENT_BYTES);
  } catch (err) {
    if (err instanceof ApiError) return Response.json({ error: err.message }, { status: 413 });
    throw err;
  }
  const answer = presentStripeWebhook(await receiveStripeWebhook(raw, request.headers.get("stripe-signature")));
  return Response.json(answer.body, { status: answer.http });
}
