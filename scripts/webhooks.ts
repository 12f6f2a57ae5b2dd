// Webhooks from the command line (`npm run webhooks -- <command>`), for developers and operators:
//   resend MESSAGE_ID       (a logged message again, now, to its order's webhook_url: the same
//                            webhook-id and body, signed afresh; recorded as its next attempt)
//   test ORDER_ID URL       (a signed test.ping about the order, as it is now, to any URL; signed
//                            with the order's webhook_secret; recorded nowhere)
// Both go through the sender of every webhook (lib/notifications/webhooks/post-webhook-message.ts):
// the same signing, 10 s timeout, answer cap and address rules (loopback only outside production).
// Exit codes: 0 the receiver answered 2xx; 1 it did not (its answer, or why none came, is
// printed); 2 nothing was sent (an unknown id, a refused URL, a stopped order, wrong usage).
import "@/scripts/support/cli-database";
import { closeDb } from "@/lib/db";
import { stopBoss } from "@/lib/jobs/queues";
import { resendWebhookMessage } from "@/lib/notifications/webhooks/deliver-webhook";
import { webhookAddressesRule } from "@/lib/notifications/webhooks/post-webhook-message";
import { sendTestWebhook, TEST_EVENT_TYPE } from "@/lib/notifications/webhooks/send-test-webhook";

const USAGE = "Usage: npm run webhooks -- resend MESSAGE_ID\n       npm run webhooks -- test ORDER_ID URL";
const NOT_SENT = 2;

const [command, id, url, ...extra] = process.argv.slice(2);

/** Where a message went, without its query string (a receiver's URL may carry a token there). */
function shown(target: string): string {
  try {
    const u = new URL(target);
    return `${u.origin}${u.pathname}`;
  } catch {
    return target;
  }
}

/** The receiver's answer, and the exit code it makes. */
function answered(status: number | null, error: string | null, durationMs: number): number {
  if (error === null) {
    console.log(`  accepted: HTTP ${status} in ${durationMs} ms`);
    return 0;
  }
  console.error(`  not accepted: ${error} (after ${durationMs} ms)`);
  return 1;
}

async function resend(messageId: string): Promise<number> {
  const outcome = await resendWebhookMessage(messageId);
  if (outcome.kind === "not_found") {
    console.error(`No webhook message ${messageId}. Message ids (msg_…) are listed under webhook_deliveries in GET /v1/orders/{id}, and are each message's webhook-id header.`);
    return NOT_SENT;
  }
  if (outcome.kind === "stopped") {
    console.error(`${messageId} (${outcome.type} of ${outcome.orderId}) was not sent: the receiver answered 410 Gone to an earlier message, so nothing more goes to it.`);
    return NOT_SENT;
  }
  console.log(`${messageId} (${outcome.type} of ${outcome.orderId}) sent again to ${shown(outcome.url)}, recorded as attempt ${outcome.attempt}:`);
  return answered(outcome.status, outcome.error, outcome.durationMs);
}

async function test(orderId: string, target: string): Promise<number> {
  const outcome = await sendTestWebhook(orderId, target);
  if (outcome.kind === "order_not_found") {
    console.error(`No order ${orderId}.`);
    return NOT_SENT;
  }
  if (outcome.kind === "no_secret") {
    console.error(`${orderId} was created without webhook_url, so it has no webhook_secret to sign a test with. Use an order created with a webhook_url.`);
    return NOT_SENT;
  }
  if (outcome.kind === "refused_url") {
    console.error(`Not sent: ${outcome.reason}. ${webhookAddressesRule()}`);
    return NOT_SENT;
  }
  console.log(`${TEST_EVENT_TYPE} ${outcome.messageId} about ${orderId} sent to ${shown(target)}, signed with its webhook_secret:`);
  return answered(outcome.status, outcome.error, outcome.durationMs);
}

async function main(): Promise<number> {
  if (command === "resend" && id && !url) return resend(id);
  if (command === "test" && id && url && extra.length === 0) return test(id, url);
  (command ? console.error : console.log)(USAGE);
  return command ? NOT_SENT : 0;
}

process.exitCode = await main()
  .catch((err: Error) => {
    console.error(err.message);
    return 1;
  })
  .finally(async () => {
    await stopBoss();
    await closeDb();
  });
