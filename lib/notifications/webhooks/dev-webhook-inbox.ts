import { Webhook, WebhookVerificationError } from "standardwebhooks";
import { db } from "@/lib/db";
import { env, isDevelopment } from "@/lib/env";
import { newDevWebhookId } from "@/lib/ids";

// The development webhook inbox: a receiver on the service itself, so that webhooks can be
// tried on a laptop with nothing else running. It keeps what it receives (the newest
// DEV_INBOX_KEEPS messages) and checks each one on arrival the way a customer's receiver
// would: the Standard Webhooks signature, in constant time (the standardwebhooks library), with
// the webhook_secret of the order the message is about. /dev/webhooks lists them.

export const DEV_INBOX_PATH = "/dev/webhooks/inbox";
/** Our own messages are a few kilobytes; anything past this is refused with 400 body_too_large. */
export const DEV_INBOX_MAX_BODY_BYTES = 256 * 1024;
/** Older messages are dropped as new ones arrive. */
export const DEV_INBOX_KEEPS = 200;
export const VERIFIED = "signature verified";

/** Open wherever the development mailbox could be: never in production. */
export function devWebhookInboxOpen(): boolean {
  return isDevelopment();
}

/** What to give as webhook_url to send an order's webhooks here. */
export function devWebhookInboxUrl(): string {
  return `${env().PUBLIC_BASE_URL}${DEV_INBOX_PATH}`;
}

export type InboxReceipt = { id: string; verified: boolean; verdict: string; orderId: string | null };

/** Keeps one POST to the inbox, with whether its signature verifies now, as it arrives. */
export async function receiveDevWebhook(body: Buffer, headers: Headers): Promise<InboxReceipt> {
  const kept: Record<string, string> = {};
  headers.forEach((value, name) => (kept[name.toLowerCase()] = value));
  const check = await checkSignature(body, kept);
  const id = newDevWebhookId();
  await db().devWebhook.create({ data: { id, headers: kept, body: new Uint8Array(body), messageId: kept["webhook-id"] ?? null, ...check } });
  await db().$executeRaw`DELETE FROM dev_webhook_inbox WHERE id IN (SELECT id FROM dev_webhook_inbox ORDER BY received_at DESC, id DESC OFFSET ${DEV_INBOX_KEEPS})`;
  return { id, ...check };
}

type Check = { verified: boolean; verdict: string; orderId: string | null };

async function checkSignature(body: Buffer, headers: Record<string, string>): Promise<Check> {
  const missing = ["webhook-id", "webhook-timestamp", "webhook-signature"].filter((h) => !headers[h]);
  if (missing.length) return { verified: false, verdict: `not verified: no ${missing.join(", ")} header`, orderId: null };
  const order = await signingOrder(headers["webhook-id"], body);
  if (!order) return { verified: false, verdict: "not verified: its webhook-id is no message of this service's and its body names no order here, so there is no secret to check it with", orderId: null };
  if (!order.webhookSecret) return { verified: false, verdict: `not verified: ${order.id} was created without webhook_url, so it has no webhook_secret`, orderId: order.id };
  try {
    new Webhook(order.webhookSecret).verify(body, headers, { jsonParse: false });
    return { verified: true, verdict: VERIFIED, orderId: order.id };
  } catch (err) {
    if (!(err instanceof WebhookVerificationError)) throw err;
    return { verified: false, verdict: `not verified: ${whyNot(err.message)} (checked with ${order.id}'s webhook_secret)`, orderId: order.id };
  }
}

/**
 * The order whose secret signs this message: the one that sent the message with this
 * webhook-id, else (a test message from `npm run webhooks -- test`) the order its body names.
 * Either way the signature decides: a body altered to name another order does not verify.
 */
async function signingOrder(messageId: string, body: Buffer) {
  const sent = await db().webhookDelivery.findUnique({ where: { id: messageId }, select: { orderId: true } });
  const orderId = sent?.orderId ?? namedOrderId(body);
  return orderId ? db().order.findUnique({ where: { id: orderId }, select: { id: true, webhookSecret: true } }) : null;
}

function namedOrderId(body: Buffer): string | null {
  try {
    const id = (JSON.parse(body.toString("utf8")) as { data?: { order?: { id?: unknown } } })?.data?.order?.id;
    return typeof id === "string" && id.length <= 100 ? id : null;
  } catch {
    return null;
  }
}

const WHY: Record<string, string> = {
  "No matching signature found": "the signature does not match this body, webhook-id and webhook-timestamp",
  "Message timestamp too old": "webhook-timestamp is more than 5 minutes old",
  "Message timestamp too new": "webhook-timestamp is more than 5 minutes ahead",
  "Invalid Signature Headers": "webhook-timestamp is not a number of seconds",
};
const whyNot = (message: string) => WHY[message] ?? message;

export type InboxMessage = {
  id: string;
  receivedAt: Date;
  messageId: string | null;
  orderId: string | null;
  /** The body's `type`, when it is JSON that has one. */
  type: string | null;
  verified: boolean;
  verdict: string;
  headers: [string, string][];
  /** Indented when the body is JSON; otherwise as received (UTF-8). */
  body: string;
};

/** What the inbox holds, newest first. */
export async function listDevWebhooks(limit = DEV_INBOX_KEEPS): Promise<InboxMessage[]> {
  const rows = await db().devWebhook.findMany({ orderBy: [{ receivedAt: "desc" }, { id: "desc" }], take: limit });
  return rows.map((r) => {
    const text = Buffer.from(r.body).toString("utf8");
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    const type = (parsed as { type?: unknown } | undefined)?.type;
    return {
      id: r.id,
      receivedAt: r.receivedAt,
      messageId: r.messageId,
      orderId: r.orderId,
      type: typeof type === "string" ? type : null,
      verified: r.verified,
      verdict: r.verdict,
      headers: Object.entries(r.headers as Record<string, string>).sort(([a], [b]) => a.localeCompare(b)),
      body: parsed === undefined ? text : JSON.stringify(parsed, null, 2),
    };
  });
}
