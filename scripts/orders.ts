// Orders from the command line (`npm run orders -- <command>`), for operators:
//   refuse ORDER_ID "reason the sender will read"   (before hand-off; releases the payment)
//   fail ORDER_ID "what went wrong"                  (any live state; refunds the payment)
//   held                                             (letters held for review, oldest first)
//   release ORDER_ID                                 (a held letter is handed over; a card is captured)
import "dotenv/config";
import { closeDb } from "@/lib/db";
import { ApiError } from "@/lib/http/api-error";
import { failOrder, refuseOrder, releaseHeldOrder } from "@/lib/orders/refuse-or-fail-order";
import { listReviewQueue } from "@/lib/ops/review-queue";
import { stopBoss } from "@/lib/jobs/queues";

const [command, orderId, ...words] = process.argv.slice(2);
const text = words.join(" ").trim();

try {
  if ((command === "refuse" || command === "fail") && orderId && text) {
    await (command === "refuse" ? refuseOrder(orderId, text) : failOrder(orderId, text));
    console.log(`${orderId}: ${command === "refuse" ? "refused; its payment is released" : "failed; its payment is refunded"}.`);
  } else if (command === "held") {
    for (const o of await listReviewQueue(100)) console.log(`${o.id}  held since ${o.heldAt.toISOString()}  ${o.sandbox ? "sandbox" : "live"}  ${o.why}`);
  } else if (command === "release" && orderId) {
    await releaseHeldOrder(orderId);
    console.log(`${orderId}: released and handed over.`);
  } else {
    console.log('Usage: npm run orders -- refuse ORDER_ID "reason"\n       npm run orders -- fail ORDER_ID "cause"\n       npm run orders -- held\n       npm run orders -- release ORDER_ID');
    process.exitCode = command ? 1 : 0;
  }
} catch (err) {
  console.error(err instanceof ApiError ? `${err.code}: ${err.message}` : (err as Error).message);
  process.exitCode = 1;
} finally {
  await stopBoss();
  await closeDb();
}
