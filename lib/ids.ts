import { randomBytes } from "node:crypto";

const ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyz";

// Unbiased random string over [0-9a-z]; 24 characters carry about 124 bits.
export function randomToken(length: number): string {
  let out = "";
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 252 && out.length < length) out += ALPHABET[byte % 36];
    }
  }
  return out;
}

export const newOrderId = (sandbox: boolean) => (sandbox ? "ord_test_" : "ord_") + randomToken(24);
export const newQuoteId = () => "qt_" + randomToken(24);
export const newPaymentId = () => "pay_" + randomToken(24);
export const newApiKeyId = () => "key_" + randomToken(16);
export const newRequestId = () => "req_" + randomToken(20);
export const newFeedbackId = () => "fb_" + randomToken(20);
// The public tracking code is the only thing /t/<code> needs, so it must be unguessable.
export const newTrackingCode = () => randomToken(16);
// Webhook message ids are the `webhook-id` receivers deduplicate on.
export const newWebhookMessageId = () => "msg_" + randomToken(24);
export const newReviewId = () => "rev_" + randomToken(20);
export const newEmailId = () => "em_" + randomToken(20);
// What the development webhook inbox received (/dev/webhooks).
export const newDevWebhookId = () => "dwh_" + randomToken(20);
