// Orders from the command line (`npm run orders -- <command>`), for operators:
//   refuse ORDER_ID [CATEGORY] "reason the sender will read"
//                                                    (before hand-off; releases the payment; a held
//                                                    letter's refusal is kept as a screening label,
//                                                    in CATEGORY or the screener's own)
//   fail ORDER_ID "what went wrong"                  (any live state; refunds the payment)
//   held                                             (letters held for review, oldest first)
//   release ORDER_ID                                 (a held letter is handed over; a card is captured;
//                                                    kept as a screening label: lawful)
// Releases and refusals are recorded in the audit log as the shell's user (ops:<user>@cli).
import "@/scripts/support/cli-database";
import { closeDb, db } from "@/lib/db";
import { ApiError } from "@/lib/errors/api-error";
import { failOrder } from "@/lib/pipeline/refuse-or-fail-order";
import { listReviewQueue, readScreeningEvidence, refuseByOperator, releaseByOperator, suggestedRefusal } from "@/lib/ops/review-queue";
import { isRefusalCategory } from "@/lib/screening/screener";
import { stopBoss } from "@/lib/jobs/queues";

const [command, orderId, ...rest] = process.argv.slice(2);
const category = isRefusalCategory(rest[0]) ? rest[0] : null;
const text = (category ? rest.slice(1) : rest).join(" ").trim();
const operator = `${process.env.USER || "operator"}@cli`;

try {
  if (command === "refuse" && orderId && text) {
    const order = await db().order.findUnique({ where: { id: orderId }, select: { screening: true } });
    await refuseByOperator(orderId, text, operator, category ?? suggestedRefusal(readScreeningEvidence(order?.screening ?? null)).category);
    console.log(`${orderId}: refused; its payment is released.`);
  } else if (command === "fail" && orderId && text) {
    await failOrder(orderId, text);
    console.log(`${orderId}: failed; its payment is refunded.`);
  } else if (command === "held") {
    for (const o of await listReviewQueue(100)) console.log(`${o.id}  held since ${o.heldAt.toISOString()}  ${o.sandbox ? "sandbox" : "live"}  ${o.why}`);
  } else if (command === "release" && orderId) {
    await releaseByOperator(orderId, operator);
    console.log(`${orderId}: released and handed over.`);
  } else {
    console.log('Usage: npm run orders -- refuse ORDER_ID [CATEGORY] "reason"\n       npm run orders -- fail ORDER_ID "cause"\n       npm run orders -- held\n       npm run orders -- release ORDER_ID');
    process.exitCode = command ? 1 : 0;
  }
} catch (err) {
  console.error(err instanceof ApiError ? `${err.code}: ${err.message}` : (err as Error).message);
  process.exitCode = 1;
} finally {
  await stopBoss();
  await closeDb();
}
