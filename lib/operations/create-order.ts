import type { Caller } from "@/lib/auth/caller";
import { ApiError } from "@/lib/errors/api-error";
import { newPaymentId } from "@/lib/ids";
import {
  claimIdempotencyKey,
  completeIdempotencyKey,
  hashRequest,
  releaseIdempotencyKey,
  replaceIdempotentResponse,
  type IdempotencyScope,
} from "@/lib/http/idempotency";
import { throttle } from "@/lib/http/throttle";
import type { OrderRequest } from "@/lib/letters/schemas";
import { FORMAT_LABELS, MAIL_CLASS_LABELS, type Format, type MailClass } from "@/lib/letters/formats";
import { livePrintingConfigured, noRailReason } from "@/lib/fulfillment/carrier-from-env";
import { dollars } from "@/lib/text/dollars";
import { checkConfirmation, insertOrder, type InsertContext, type InsertedOrder, type InsertPlan } from "@/lib/orders/insert-order";
import { getOrderRow } from "@/lib/orders/get-order";
import { serializeOrder } from "@/lib/orders/serialize-order";
import { transition } from "@/lib/orders/transition";
import { debitCredit } from "@/lib/payments/credits/credits";
import { openCheckout, paymentNext, paymentStepFields, pendingPaymentEnvelope } from "@/lib/payments/checkout/open-payment-link";
import { log } from "@/lib/log";
import { presentAdvancedOrder, type CreateOrderOutcome } from "@/lib/http/present-outcomes";
import { BACKSTOP_SECONDS, advanceOrder } from "@/lib/pipeline/advance-order";
import { refusedWebhookUrlReason, webhookAddressesRule } from "@/lib/notifications/webhooks/post-webhook-message";

// The operation behind POST /v1/orders and the MCP tool send_letter: what the request may do
// (key mode, confirmation, webhook URL), its Idempotency-Key and throttle, which payment it
// takes, and, for an order paid in the request, how far the pipeline took it. The order itself
// is written by lib/orders/insert-order.ts; the answer is written from the outcome by
// lib/http/present-outcomes.ts (presentCreatedOrder).

type Body = Record<string, unknown>;

/**
 * POST /v1/orders after validation: key mode, confirmation gate, Idempotency-Key, throttle,
 * a carrier rail for the format, then one transaction that spends the quote, creates the
 * order, takes or opens its payment and stores the response. An order paid at once (credit
 * code, or sandbox) is then screened and handed to its carrier before the response, so the
 * caller learns the outcome (refused, held, submitted, or the carrier's 422 / 503).
 */
export async function createOrder(req: OrderRequest, caller: Caller, idempotencyKey: string | null): Promise<CreateOrderOutcome> {
  const sandbox = req.sandbox ?? false;
  if (caller.key?.mode === "test" && !sandbox) throw new ApiError("sandbox_only_key");
  if (!req.confirmation_token) throw new ApiError("confirmation_required");
  const webhookRefusal = req.webhook_url ? refusedWebhookUrlReason(req.webhook_url) : null;
  if (webhookRefusal) {
    throw new ApiError("validation_error", `Invalid request: webhook_url cannot be called: ${webhookRefusal}. ${webhookAddressesRule()}`);
  }

  const idem: IdempotencyScope | null = idempotencyKey
    ? { scope: caller.key?.id ?? "anonymous", key: idempotencyKey, requestHash: hashRequest(req) }
    : null;
  if (idem) {
    const claim = await claimIdempotencyKey(idem);
    if (claim.kind === "replay") return replay(claim.status, claim.body, claim.orderId, idem);
  }
  let created: InsertedOrder;
  try {
    // After the replay check: a retry of a request already answered is no new order, and must
    // not be turned away by the throttle that its first attempt counted against.
    if (sandbox) await throttle("orders_sandbox", caller);
    const quote = await checkConfirmation(req);
    const ctx: OperationContext = { req, quote, caller, idem };
    // Nothing is created or charged for a letter no carrier here can mail.
    const noRail = noRailReason(sandbox, quote.format as Format, quote.mailClass as MailClass);
    if (noRail) throw new ApiError("no_rail_for_format", `${noRail} Nothing was created or charged.`);
    if (!sandbox && !req.credit_code) return { kind: "awaiting_payment", body: await insertLinkOrder(ctx) };
    created = sandbox ? await insertSandboxOrder(ctx) : await insertCreditOrder(ctx, req.credit_code!);
  } catch (err) {
    if (idem) await releaseIdempotencyKey(idem).catch(() => {});
    throw err;
  }
  return answerPaidOrder(created.orderId, created.body, false, idem);
}

type OperationContext = InsertContext & { idem: IdempotencyScope | null };

/** Writes the order, keeping its creation response as the Idempotency-Key's answer in the same transaction. */
function insertRecorded(ctx: OperationContext, plan: Omit<InsertPlan, "record">) {
  const { idem } = ctx;
  return insertOrder(ctx, { ...plan, record: idem ? (tx, created) => completeIdempotencyKey(tx, idem, { status: CREATED, ...created }) : undefined });
}

/** The HTTP status an order's creation was answered with, as its idempotent record keeps it. */
const CREATED = 201;

/**
 * An order paid in the request is screened and handed to its carrier before the answer, which
 * then says what happened and replaces the Idempotency-Key's stored answer, unless it keeps the
 * creation's (a carrier outage's 503 is not stored, so that a retry reads the order as it is by
 * then). If the pipeline breaks, the order is already safe with its jobs: the creation answer
 * stands.
 */
async function answerPaidOrder(orderId: string, body: Body, replayed: boolean, idem: IdempotencyScope | null): Promise<CreateOrderOutcome> {
  const advance = await advanceOrder(orderId).catch((err: unknown) => {
    log.error({ err, orderId }, "screening or hand-off in the request failed; the order's jobs take over");
    return null;
  });
  const outcome = { kind: "advanced" as const, body, advance, replayed };
  const { stored } = presentAdvancedOrder(outcome);
  if (idem && stored) await replaceIdempotentResponse(idem, stored);
  return outcome;
}

/**
 * Sandbox: free and immediate (spec 4.1 rule 8). It goes the live way from here on (the real
 * screener, spec 8.3, then the hand-off), to the simulated carrier.
 */
async function insertSandboxOrder(ctx: OperationContext): Promise<InsertedOrder> {
  return insertRecorded(ctx, {
    paymentMethod: null,
    pay: (tx, id) => transition(tx, id, "draft", "screening", "sandbox: free, no payment needed", {}, { jobDelaySeconds: BACKSTOP_SECONDS }),
    respond: () => ({ status: "ok" }),
  });
}

/** Live, paid with a credit code: debited in the same transaction as the order (spec 4.1 rule 6). */
async function insertCreditOrder(ctx: OperationContext, code: string): Promise<InsertedOrder> {
  let charged = { faceCents: 0, bonusCents: 0, remainingCents: 0 };
  return insertRecorded(ctx, {
    paymentMethod: "credit",
    creditCode: code,
    pay: async (tx, id) => {
      // Throws 402 with nothing written: the whole transaction, quote spend included, rolls back.
      charged = await debitCredit(tx, code, ctx.quote.priceCents, id);
      return transition(tx, id, "draft", "screening", `paid ${dollars(ctx.quote.priceCents)} with credit code ${code}`, {}, { jobDelaySeconds: BACKSTOP_SECONDS });
    },
    respond: () => ({
      status: "ok",
      credit: { code, charged_cents: charged.faceCents + charged.bonusCents, bonus_spent_cents: charged.bonusCents, face_spent_cents: charged.faceCents, balance_cents: charged.remainingCents },
      next: liveNext(),
    }),
  });
}

/**
 * Live, paid through a payment link (spec 4.1 rule 7). The checkout is opened before the order
 * is written, keyed on the quote, so a retry reopens the same session and never a second one.
 * Its URL or client secret is returned once and kept out of the stored idempotent response: a
 * replay answers `action_required` without them (spec 3), and GET /v1/orders/{id} resumes.
 */
async function insertLinkOrder(ctx: OperationContext): Promise<Body> {
  const uiMode = ctx.req.checkout_ui_mode ?? "hosted";
  const to = ctx.quote.letter.to;
  const { rail, session } = await openCheckout({
    reference: ctx.quote.id,
    amountCents: ctx.quote.priceCents,
    description: `${FORMAT_LABELS[ctx.quote.format as Format]} to ${to.city}, ${to.state} (${MAIL_CLASS_LABELS[ctx.quote.mailClass as MailClass]})`,
    uiMode,
    capture: "manual",
    email: ctx.req.email ?? null,
    idempotencyKey: `order-${ctx.quote.id}-${uiMode}`,
  });
  const result = await insertRecorded(ctx, {
    paymentMethod: "link",
    pay: async (tx, id) => {
      await tx.payment.create({
        data: {
          id: newPaymentId(),
          purpose: "order",
          orderId: id,
          email: ctx.req.email ?? null,
          rail,
          uiMode,
          amountCents: ctx.quote.priceCents,
          state: "open",
          checkoutSessionId: session.id,
          checkoutUrl: session.url,
          clientSecret: session.clientSecret,
        },
      });
      return transition(tx, id, "draft", "pending_payment", `payment link opened (${rail} rail, ${uiMode})`);
    },
    respond: () => ({ ...pendingPaymentEnvelope(ctx.quote.priceCents), checkout_ui_mode: uiMode }),
  });
  const step = paymentStepFields(uiMode, session.url, session.clientSecret);
  const next = [paymentNext(rail, uiMode, session.clientSecret), ...(result.body.next as string[])];
  return { ...result.body, ...step, next };
}

function liveNext(): string[] {
  return [
    "The letter is screened, then handed to the carrier; follow it at tracking_url.",
    ...(livePrintingConfigured() ? [] : ["No live print-and-mail carrier is configured on this deployment: the letter goes to the sandbox carrier and is not printed."]),
  ];
}

/**
 * An idempotent replay: the original response with the order as it is now. It never carries a
 * payment URL or client secret (spec 3); once the order is paid it is no longer action_required.
 */
async function replay(status: number, original: Body, orderId: string | null, idem: IdempotencyScope): Promise<CreateOrderOutcome> {
  const row = orderId ? await getOrderRow(orderId) : null;
  // Handed over but not yet taken by the carrier (it was down): the retry tries again, under
  // the same carrier key, and answers with the outcome. It cannot mail a second piece.
  if (row && row.status === "submitted" && !row.providerId) return answerPaidOrder(row.id, { ...original, replayed: true }, true, idem);
  const body: Body = { ...original, ...(row ? { order: serializeOrder(row) } : {}), replayed: true };
  if (original.status === "action_required" && row && row.status !== "pending_payment") {
    body.status = "ok";
    delete body.reason;
    delete body.next;
  }
  return { kind: "replayed", status, body };
}
