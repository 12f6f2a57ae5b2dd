import { Webhook } from "standardwebhooks";
import { isDevelopment } from "@/lib/env";
import { fetchLimited, OutboundFetchError, refusedUrlReason, type LoopbackRule } from "@/lib/net/safe-fetch";

// The one sender of webhook messages: the worker's attempts, a resend and a test from the
// command line (scripts/webhooks.ts) all POST through postWebhookMessage, so all of them are
// signed, timed, capped and confined to the same addresses.

/** One attempt may take this long, connection to last byte; a slower receiver counts as failed. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** What we read of a receiver's answer (and then ignore): enough for any acknowledgement. */
const MAX_RESPONSE_BYTES = 64 * 1024;
const USER_AGENT = "physical-mail-service-webhooks/1 (+standard-webhooks)";
/** Webhooks go to the public internet; outside production also to this machine (webhooks on a laptop). */
const WEBHOOK_ADDRESSES: LoopbackRule = { loopbackInDevelopment: true };

/** Where webhooks may go, for a person told that one may not go somewhere. */
export function webhookAddressesRule(): string {
  return `Webhooks go only to public internet addresses${isDevelopment() ? " (and, outside production, to this machine)" : ""}.`;
}

/** Why a webhook_url could never be called (see refusedUrlReason), or null. */
export function refusedWebhookUrlReason(url: string): string | null {
  return refusedUrlReason(url, WEBHOOK_ADDRESSES);
}

/** A message as it goes out: its webhook-id, its exact body, where, and the secret it is signed with. */
export type WebhookMessage = { id: string; body: string; url: string; secret: string };

export type PostedMessage = {
  startedAt: Date;
  durationMs: number;
  /** The receiver's HTTP status; null when none came (refused address, timeout, connection). */
  status: number | null;
  /** null when the receiver answered 2xx; otherwise why the attempt failed, for a person to read. */
  error: string | null;
  /** The address was refused before any connection (a private or, in production, a loopback address). */
  refused: boolean;
  retryAfter: string | null;
};

/**
 * POSTs one message, signed for this moment (Standard Webhooks: webhook-id, webhook-timestamp,
 * webhook-signature over `id.timestamp.body`), through the SSRF-safe client without following
 * redirects. Any 2xx is success. Never throws for what the receiver or the network did.
 */
export async function postWebhookMessage(message: WebhookMessage, now = () => new Date()): Promise<PostedMessage> {
  const startedAt = now();
  const signature = new Webhook(message.secret).sign(message.id, startedAt, message.body);
  let status: number | null = null;
  let error: string | null = null;
  let refused = false;
  let retryAfter: string | null = null;
  try {
    const res = await fetchLimited(message.url, {
      ...WEBHOOK_ADDRESSES,
      method: "POST",
      body: message.body,
      headers: {
        "content-type": "application/json",
        "webhook-id": message.id,
        "webhook-timestamp": String(Math.floor(startedAt.getTime() / 1000)),
        "webhook-signature": signature,
      },
      accept: "*/*",
      userAgent: USER_AGENT,
      maxRedirects: 0,
      anyStatus: true,
      timeoutMs: WEBHOOK_TIMEOUT_MS,
      maxBytes: MAX_RESPONSE_BYTES,
    });
    status = res.status;
    const header = res.headers["retry-after"];
    retryAfter = Array.isArray(header) ? header[0] : (header ?? null);
    if (status < 200 || status > 299) error = status >= 300 && status < 400 ? `the receiver answered ${status}: redirects are not followed` : `the receiver answered ${status}`;
  } catch (err) {
    if (!(err instanceof OutboundFetchError)) throw err;
    refused = err.kind === "refused_address" || err.kind === "invalid_url" || err.kind === "scheme";
    error = err.kind === "too_large" ? `the receiver's answer was larger than ${MAX_RESPONSE_BYTES} bytes` : err.message;
  }
  return { startedAt, durationMs: now().getTime() - startedAt.getTime(), status, error, refused, retryAfter };
}
