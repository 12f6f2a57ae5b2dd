import { describe, expect, it } from "vitest";
import { DELETE as deleteOrder } from "@/app/v1/orders/[id]/route";
import { POST as payLocal } from "@/app/pay/local/confirm/route";
import { db } from "@/lib/db";
import { handOverOrder } from "@/lib/fulfillment/hand-over-order";
import { screenOrder } from "@/lib/screening/screen-order";
import { settleEndedOrderPayments } from "@/lib/payments/settle-order-payment";
import { call } from "@/tests/support/api";
import { sendLiveLetter } from "@/tests/support/orders";

// Issue 17's crash window: the hand-off captures the card at the rail, then commits the order's
// move to `submitted`. A worker killed between the two (here, a fault injected right after the
// rail's answer, which rolls the transaction back exactly as a dropped connection does) leaves
// the rail charged and our records saying "authorized", in `screening`. Whatever happens next,
// the money must end as the order did: kept for a letter handed over, refunded for a canceled one.

const card = { card_number: "4242 4242 4242 4242", expiry: "12/39", cvc: "123" };
const sessionOf = (paymentUrl: string) => paymentUrl.split("/pay/")[1];
const checkout = (id: string) => db().localCheckout.findUniqueOrThrow({ where: { id } });
const paymentOf = (orderId: string) => db().payment.findUniqueOrThrow({ where: { orderId } });
const orderOf = (id: string) => db().order.findUniqueOrThrow({ where: { id } });

async function crashAfterCapture() {
  const res = await sendLiveLetter();
  const id = res.json.order.id as string;
  const sessionId = sessionOf(res.json.payment_url);
  expect((await call(payLocal, { body: { session_id: sessionId, ...card } })).status).toBe(200);
  const killed = handOverOrder(id, "screening", { faults: { afterCapture: () => { throw new Error("worker killed after the rail captured"); } } });
  await expect(killed).rejects.toThrow("worker killed");
  // The rail charged; our records do not know.
  expect((await checkout(sessionId)).intentStatus).toBe("succeeded");
  expect((await orderOf(id)).status).toBe("screening");
  expect((await paymentOf(id)).state).toBe("authorized");
  return { id, sessionId, cancelToken: res.json.capability.cancel_token as string };
}

describe("a worker killed between the rail's capture and the commit", () => {
  it("a cancel that follows refunds the charge (it answered canceled and left the card charged, the sweep failing every minute)", async () => {
    const { id, sessionId, cancelToken } = await crashAfterCapture();
    const canceled = await call(deleteOrder, { method: "DELETE", params: { id }, headers: { "X-Capability-Token": cancelToken } });
    expect(canceled.status).toBe(200);
    expect(canceled.json.order.status).toBe("canceled");
    expect(await checkout(sessionId)).toMatchObject({ intentStatus: "succeeded", amountRefundedCents: 99 });
    expect((await paymentOf(id)).state).toBe("refunded");
    // Nothing is left for the sweep to do, and nothing is refunded twice.
    await settleEndedOrderPayments();
    expect(await checkout(sessionId)).toMatchObject({ amountRefundedCents: 99 });
  });

  it("a resumed job hands the letter over and records the capture, charging once", async () => {
    const { id, sessionId } = await crashAfterCapture();
    await screenOrder(id);
    expect((await orderOf(id)).status).toBe("submitted");
    expect((await paymentOf(id)).state).toBe("captured");
    expect(await checkout(sessionId)).toMatchObject({ intentStatus: "succeeded", amountRefundedCents: 0 });
  });

  it("an order that ends otherwise (refused by an operator, failed) is refunded by the sweep from the rail's truth", async () => {
    const { id, sessionId } = await crashAfterCapture();
    // The order ends without our code settling it at once (a crash again, or an older release).
    await db().order.update({ where: { id }, data: { status: "failed" } });
    await settleEndedOrderPayments();
    expect(await checkout(sessionId)).toMatchObject({ intentStatus: "succeeded", amountRefundedCents: 99 });
    expect((await paymentOf(id)).state).toBe("refunded");
  });
});
