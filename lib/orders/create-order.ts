import type { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/db";
import { newOrderId, newPaymentId, newTrackingCode } from "@/lib/ids";
import { ApiError } from "@/lib/errors/api-error";
import type { Caller } from "@/lib/auth/caller";
import {
  claimIdempotencyKey,
  completeIdempotencyKey,
  hashRequest,
  releaseIdempotencyKey,
  type IdempotencyScope,
} from "@/lib/http/idempotency";
import { throttle } from "@/lib/http/throttle";
import type { OrderRequest } from "@/lib/letters/schemas";
import { letterFingerprint } from "@/lib/quotes/letter-fingerprint";
import type { LetterSnapshot } from "@/lib/quotes/prepare-letter";
import type { BreakdownLine } from "@/lib/quotes/pricing";
import { getProofLinks } from "@/lib/documents/proofs";
import { markUploadUsed } from "@/lib/documents/uploads";
import { publicAddress } from "@/lib/letters/public-address";
import { FORMAT_LABELS, MAIL_CLASS_LABELS, type Format, type MailClass } from "@/lib/letters/formats";
import { debitCredit } from "@/lib/payments/credits/credits";
import { openCheckout, paymentNext, paymentStepFields, pendingPaymentEnvelope } from "@/lib/payments/checkout/open-payment-link";
import { dollars } from "@/lib/text/dollars";
import { livePrintingConfigured, noRailReason } from "@/lib/fulfillment/carrier-from-env";
import { quoteIdOfConfirmationToken } from "@/lib/quotes/confirmation-token";
import { issueCapabilities } from "@/lib/orders/capability-tokens";
import { newWebhookSecret } from "@/lib/orders/queue-order-notifications";
import { refusedUrlReason } from "@/lib/net/safe-fetch";
import { serializeOrder, trackingUrl } from "@/lib/orders/serialize-order";
import { transition } from "@/lib/orders/transition";
import { getOrderRow } from "@/lib/orders/get-order";
import { BACKSTOP_SECONDS, finishPaidOrder } from "@/lib/pipeline/finish-paid-order";
import { enforceSendingCaps, senderFingerprint } from "@/lib/limits/sending-caps";

export type CreateOrderResult = { http: number; body: Record<string, unknown>; headers?: Record<string, string>; orderId?: string };

/**
 * POST /v1/orders after validation: key mode, confirmation gate, Idempotency-Key, throttle,
 * a carrier rail for the format, then one transaction that spends the quote, creates the
 * order, takes or opens its payment and stores the response. An order paid at once (credit
 * code, or sandbox) is then screened and handed to its carrier before the response, so the
 * caller learns the outcome (refused, held, submitted, or the carrier's 422 / 503).
 */
export async function createOrder(req: OrderRequest, caller: Caller, idempotencyKey: string | null): Promise<CreateOrderResult> {
  const sandbox = req.sandbox ?? false;
  if (caller.key?.mode === "test" && !sandbox) throw new ApiError("sandbox_only_key");
  if (!req.confirmation_token) throw new ApiError("confirmation_required");
  const webhookRefusal = req.webhook_url ? refusedUrlReason(req.webhook_url) : null;
  if (webhookRefusal) {
    throw new ApiError("validation_error", `Invalid request: webhook_url cannot be called: ${webhookRefusal}. Webhooks go only to public internet addresses.`);
  }

  const idem: IdempotencyScope | null = idempotencyKey
    ? { scope: caller.key?.id ?? "anonymous", key: idempotencyKey, requestHash: hashRequest(req) }
    : null;
  if (idem) {
    const claim = await claimIdempotencyKey(idem);
    if (claim.kind === "replay") return replay(claim.status, claim.body, claim.orderId, idem);
  }
  let created: CreateOrderResult;
  try {
    // After the replay check: a retry of a request already answered is no new order, and must
    // not be turned away by the throttle that its first attempt counted against.
    if (sandbox) await throttle("orders_sandbox", caller);
    const quote = await checkConfirmation(req);
    const ctx = { req, quote, caller, idem };
    // Nothing is created or charged for a letter no carrier here can mail.
    const noRail = noRailReason(sandbox, quote.format as Format, quote.mailClass as MailClass);
    if (noRail) throw new ApiError("no_rail_for_format", `${noRail} Nothing was created or charged.`);
    if (!sandbox && !req.credit_code) return await insertLinkOrder(ctx);
    created = sandbox ? await insertSandboxOrder(ctx) : await insertCreditOrder(ctx, req.credit_code!);
  } catch (err) {
    if (idem) await releaseIdempotencyKey(idem).catch(() => {});
    throw err;
  }
  return finishPaidOrder(created, idem);
}

/** The quote an order prints: its letter, price and proof, exactly as the sender saw them. */
type ConfirmedQuote = {
  id: string;
  format: string;
  mailClass: string;
  priceCents: number;
  breakdown: BreakdownLine[];
  pageCount: number;
  proofId: string | null;
  letter: LetterSnapshot;
};

/**
 * The confirmation gate (spec 4.1 rule 2): the token must name an unused, unexpired quote of
 * this very letter. The comparison needs nothing but the request, so a confirmed order is
 * never fetched, verified or laid out a second time: it prints the quote's proof.
 */
async function checkConfirmation(req: OrderRequest): Promise<ConfirmedQuote> {
  const quoteId = quoteIdOfConfirmationToken(req.confirmation_token!);
  if (!quoteId) throw new ApiError("confirmation_invalid");
  const quote = await db().quote.findUnique({ where: { id: quoteId } });
  if (!quote || !quote.letter) throw new ApiError("confirmation_invalid");
  if (quote.usedAt) throw new ApiError("confirmation_used", `This confirmation_token already mailed order ${quote.orderId}. Re-quote, do not resend.`);
  if (quote.expiresAt.getTime() <= Date.now()) throw new ApiError("confirmation_expired");
  if (letterFingerprint(req) !== quote.fingerprint) {
    throw new ApiError("confirmation_mismatch", "The letter differs from the one quoted (recipient, sender, content, format, class, options or sandbox changed). Quote the letter as you will send it.");
  }
  return {
    id: quote.id,
    format: quote.format,
    mailClass: quote.mailClass,
    priceCents: quote.priceCents,
    breakdown: quote.breakdown as unknown as BreakdownLine[],
    pageCount: quote.pageCount,
    proofId: quote.proofId,
    letter: quote.letter as unknown as LetterSnapshot,
  };
}

type InsertContext = { req: OrderRequest; quote: ConfirmedQuote; caller: Caller; idem: IdempotencyScope | null };

/**
 * Sandbox: free and immediate (spec 4.1 rule 8). It goes the live way from here on (the real
 * screener, spec 8.3, then the hand-off), to the simulated carrier.
 */
async function insertSandboxOrder(ctx: InsertContext): Promise<CreateOrderResult> {
  return insertOrder(ctx, {
    paymentMethod: null,
    pay: (tx, id) => transition(tx, id, "draft", "screening", "sandbox: free, no payment needed", {}, { jobDelaySeconds: BACKSTOP_SECONDS }),
    respond: () => ({ status: "ok" }),
  });
}

/** Live, paid with a credit code: debited in the same transaction as the order (spec 4.1 rule 6). */
async function insertCreditOrder(ctx: InsertContext, code: string): Promise<CreateOrderResult> {
  let charged = { faceCents: 0, bonusCents: 0, remainingCents: 0 };
  return insertOrder(ctx, {
    paymentMethod: "credit",
    creditCode: code,
    pay: async (tx, id) => {
      // Throws 402 with nothing written: the whole transaction, quote spend included, rolls back.
      charged = await debitCredit(tx, code, ctx.quote.priceCents, id);
      await transition(tx, id, "draft", "screening", `paid ${dollars(ctx.quote.priceCents)} with credit code ${code}`, {}, { jobDelaySeconds: BACKSTOP_SECONDS });
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
async function insertLinkOrder(ctx: InsertContext): Promise<CreateOrderResult> {
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
  const result = await insertOrder(ctx, {
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
      await transition(tx, id, "draft", "pending_payment", `payment link opened (${rail} rail, ${uiMode})`);
    },
    respond: () => ({ ...pendingPaymentEnvelope(ctx.quote.priceCents), checkout_ui_mode: uiMode }),
  });
  const step = paymentStepFields(uiMode, session.url, session.clientSecret);
  const next = [paymentNext(rail, uiMode, session.clientSecret), ...(result.body.next as string[])];
  return { http: result.http, body: { ...result.body, ...step, next } };
}

function liveNext(): string[] {
  return [
    "The letter is screened, then handed to the carrier; follow it at tracking_url.",
    ...(livePrintingConfigured() ? [] : ["No live print-and-mail carrier is configured on this deployment: the letter goes to the sandbox carrier and is not printed."]),
  ];
}

type InsertPlan = {
  paymentMethod: "credit" | "link" | null;
  creditCode?: string;
  /** Moves the new draft order on, inside the creating transaction. */
  pay: (tx: Prisma.TransactionClient, id: string, now: Date) => Promise<void>;
  /** status, reason, next and payment fields of the response. */
  respond: () => Record<string, unknown>;
};

/** Spends the quote, creates the order from it and stores the idempotent response, in one transaction. */
async function insertOrder({ req, quote, caller, idem }: InsertContext, plan: InsertPlan): Promise<CreateOrderResult> {
  const sandbox = req.sandbox ?? false;
  const id = newOrderId(sandbox);
  const trackingCode = newTrackingCode();
  const capability = issueCapabilities(id);
  const webhookSecret = req.webhook_url ? newWebhookSecret() : null;
  const { letter } = quote;
  const quoteId = quote.id;
  const proof = await getProofLinks(quote.proofId);
  const now = new Date();

  const body = await db().$transaction(async (tx) => {
    // Spending the quote is the single-use check that holds under concurrency.
    const spent = await tx.quote.updateMany({ where: { id: quoteId, usedAt: null }, data: { usedAt: now, orderId: id } });
    if (spent.count !== 1) throw new ApiError("confirmation_used");
    // Live letters only (spec 8.2), checked before this order's row exists so that it counts the
    // orders committed before it; a refusal rolls everything back, the quote spend included.
    const caps = sandbox ? null : { actor: caller.actor, senderFingerprint: senderFingerprint(caller.actor, req.email, letter.from) };
    if (caps) await enforceSendingCaps(tx, { ...caps, priceCents: quote.priceCents, now });

    await tx.order.create({
      data: {
        id,
        sandbox,
        status: "draft",
        format: quote.format,
        mailClass: quote.mailClass,
        color: letter.color,
        tracking: letter.tracking,
        handwriting: letter.handwriting ?? null,
        removeBranding: letter.removeBranding,
        font: letter.font,
        contentKind: letter.contentKind,
        contentSource: letter.contentSource,
        text: letter.text,
        contentSha256: letter.contentSha256,
        pageCount: quote.pageCount,
        proofId: quote.proofId,
        recipient: letter.to as unknown as Prisma.InputJsonValue,
        sender: letter.from as unknown as Prisma.InputJsonValue,
        addressVerification: letter.verification as unknown as Prisma.InputJsonValue,
        email: req.email ?? null,
        webhookUrl: req.webhook_url ?? null,
        webhookSecret,
        priceCents: quote.priceCents,
        breakdown: quote.breakdown,
        trackingCode,
        quoteId,
        apiKeyId: caller.key?.id ?? null,
        clientIp: caller.ip,
        paymentMethod: plan.paymentMethod,
        creditCode: plan.creditCode ?? null,
        actor: caps?.actor ?? null,
        senderFingerprint: caps?.senderFingerprint ?? null,
        createdAt: now,
        updatedAt: now,
        events: { create: { kind: "status", fromStatus: null, toStatus: "draft", cause: sandbox ? "order placed (sandbox)" : "order placed", occurredAt: now } },
      },
    });
    if (req.upload_key) await markUploadUsed(tx, req.upload_key, id);
    await plan.pay(tx, id, now);
    const row = await tx.order.findUniqueOrThrow({ where: { id } });
    const { status, ...rest } = plan.respond();
    const body = {
      status,
      ...rest,
      order: serializeOrder(row),
      tracking_url: trackingUrl(trackingCode),
      proof,
      ...(letter.verification.to.changed ? { corrected_to: publicAddress(letter.to) } : {}),
      ...(letter.verification.from.changed ? { corrected_from: publicAddress(letter.from) } : {}),
      capability,
      // Signs this order's webhooks (Standard Webhooks). Given here, with the creation response
      // and its idempotent replays, and nowhere else.
      ...(webhookSecret ? { webhook_secret: webhookSecret } : {}),
      replayed: false,
    };
    if (idem) await completeIdempotencyKey(tx, idem, { status: 201, body, orderId: id });
    return body;
  });
  return { http: 201, body, orderId: id };
}

/**
 * An idempotent replay: the original response with the order as it is now. It never carries a
 * payment URL or client secret (spec 3); once the order is paid it is no longer action_required.
 */
async function replay(status: number, original: Record<string, unknown>, orderId: string | null, idem: IdempotencyScope): Promise<CreateOrderResult> {
  const row = orderId ? await getOrderRow(orderId) : null;
  // Handed over but not yet taken by the carrier (it was down): the retry tries again, under
  // the same carrier key, and answers with the outcome. It cannot mail a second piece.
  if (row && row.status === "submitted" && !row.providerId) return finishPaidOrder({ http: 200, body: { ...original, replayed: true }, orderId: row.id }, idem);
  const body: Record<string, unknown> = { ...original, ...(row ? { order: serializeOrder(row) } : {}), replayed: true };
  if (original.status === "action_required" && row && row.status !== "pending_payment") {
    body.status = "ok";
    delete body.reason;
    delete body.next;
  }
  // A stored failure (the carrier's 422, a deliberate stop) replays as it was answered.
  return { http: status >= 400 ? status : 200, body };
}
