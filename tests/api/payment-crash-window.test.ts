import { describe, expect, it } from "vitest";
import { DELETE as deleteOrder } from "@/app/v1/orders/[id]/route";
import { POST as payLocal } from "@/app/pay/local/confirm/route";
import { db } from "@/lib/db";
import { submitToCarrier } from "@/lib/pipeline/submit-to-carrier";
import { LocalCheckout } from "@/lib/payments/checkout/local-checkout";
import { screenOrder } from "@/lib/pipeline/screen-order";
import { captureAcceptedOrderPayments, settleEndedOrderPayments } from "@/lib/payments/checkout/settle-order-payment";
import { call } from "@/tests/support/api";
import { sendLiveLetter } from "@/tests/support/orders";

// Issue 17's crash window: a card is charged at the rail, then the charge is recorded. A process
// killed between the two (here, a fault injected right after the rail's answer) leaves the rail
// charged and our records saying "authorized". Whatever happens next, the money must end as the
// order did: kept, once, for a letter the carrier took; refunded for one that ends.

const card = { card_number: "4242 4242 4242 4242", expiry: "12/39", cvc: "123" };
const sessionOf = (paymentUrl: string) => paymentUrl.split("/pay/")[1];
const checkout = (id: string) => db().localCheckout.findUniqueOrThrow({ where: { id } });
const paymentOf = (orderId: string) => db().payment.findUniqueOrThrow({ where: { orderId } });
const orderOf = (id: string) => db().order.findUniqueOrThrow({ where: { id } });

async function paidLetter() {
  const res = await sendLiveLetter();
  const sessionId = sessionOf(res.json.payment_url);
  expect((await call(payLocal, { body: { session_id: sessionId, ...card } })).status).toBe(200);
  return { id: res.json.order.id as string, sessionId, cancelToken: res.json.capability.cancel_token as string };
}

/** Screened, handed over, accepted by the carrier, charged at the rail: and killed before recording the charge. */
async function crashAfterCapture() {
  const letter = await paidLetter();
  await screenOrder(letter.id);
  expect((await checkout(letter.sessionId)).intentStatus).toBe("requires_capture"); // not charged at the hand-off
  const result = await submitToCarrier(letter.id, { afterCapture: () => { throw new Error("killed after the rail captured"); } });
  expect(result.kind).toBe("accepted");
  expect((await checkout(letter.sessionId)).intentStatus).toBe("succeeded");
  expect((await orderOf(letter.id)).providerId).toBeTruthy();
  expect((await paymentOf(letter.id)).state).toBe("authorized"); // the record lags the rail
  return letter;
}

describe("a process killed between the rail's capture and its record", () => {
  it("the payments sweep records the capture from the rail, charging once", async () => {
    const { id, sessionId } = await crashAfterCapture();
    await captureAcceptedOrderPayments();
    expect((await paymentOf(id)).state).toBe("captured");
    expect(await checkout(sessionId)).toMatchObject({ intentStatus: "succeeded", amountRefundedCents: 0 });
    await captureAcceptedOrderPayments(); // nothing left to do
    expect((await paymentOf(id)).state).toBe("captured");
  });

  it("an order that then ends (failed by the reconcile loop, say) is refunded from the rail's truth", async () => {
    const { id, sessionId } = await crashAfterCapture();
    await db().order.update({ where: { id }, data: { status: "failed" } });
    await settleEndedOrderPayments();
    expect(await checkout(sessionId)).toMatchObject({ intentStatus: "succeeded", amountRefundedCents: 99 });
    expect((await paymentOf(id)).state).toBe("refunded");
  });

  it("a cancel of a letter charged at the rail but not recorded (the hand-off of an older release) refunds it, once", async () => {
    const { id, sessionId, cancelToken } = await paidLetter();
    const payment = await paymentOf(id);
    await new LocalCheckout().capture(payment.paymentIntentId!); // the rail charged; the process died
    expect((await paymentOf(id)).state).toBe("authorized");
    const canceled = await call(deleteOrder, { method: "DELETE", params: { id }, headers: { "X-Capability-Token": cancelToken } });
    expect(canceled.json.order.status).toBe("canceled");
    expect(await checkout(sessionId)).toMatchObject({ intentStatus: "succeeded", amountRefundedCents: 99 });
    expect((await paymentOf(id)).state).toBe("refunded");
    await settleEndedOrderPayments();
    expect(await checkout(sessionId)).toMatchObject({ amountRefundedCents: 99 });
  });
});
