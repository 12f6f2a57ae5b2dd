import { ApiError } from "@/lib/errors/api-error";
import { readBodyBytes } from "@/lib/http/read-json-body";
import { DEV_INBOX_MAX_BODY_BYTES, devWebhookInboxOpen, receiveDevWebhook } from "@/lib/notifications/webhooks/dev-webhook-inbox";

// The development webhook inbox's address: give it as an order's webhook_url. Every POST is
// kept and answered 200 (with whether its signature verified), so the service never retries
// one: /dev/webhooks shows what came. Not served in production.

export async function POST(request: Request): Promise<Response> {
  try {
    if (!devWebhookInboxOpen()) throw new ApiError("not_found", "No route POST /dev/webhooks/inbox.");
    const receipt = await receiveDevWebhook(await readBodyBytes(request, DEV_INBOX_MAX_BODY_BYTES), request.headers);
    return Response.json({ status: "ok", received: receipt.id, verified: receipt.verified, verdict: receipt.verdict }, { headers: { "cache-control": "no-store" } });
  } catch (err) {
    if (err instanceof ApiError) return Response.json(err.envelope(), { status: err.http, headers: { "cache-control": "no-store" } });
    throw err;
  }
}
