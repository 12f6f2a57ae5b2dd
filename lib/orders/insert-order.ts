import type { Order, Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/db";
import { newOrderId, newTrackingCode } from "@/lib/ids";
import { ApiError } from "@/lib/errors/api-error";
import type { Caller } from "@/lib/auth/caller";
import type { OrderRequest } from "@/lib/letters/schemas";
import { letterFingerprint } from "@/lib/quotes/letter-fingerprint";
import type { LetterSnapshot } from "@/lib/quotes/prepare-letter";
import type { BreakdownLine } from "@/lib/quotes/pricing";
import { getProofLinks } from "@/lib/documents/proofs";
import { markUploadUsed } from "@/lib/documents/uploads";
import { publicAddress } from "@/lib/letters/public-address";
import { quoteIdOfConfirmationToken } from "@/lib/quotes/confirmation-token";
import { issueCapabilities } from "@/lib/orders/capability-tokens";
import { newWebhookSecret } from "@/lib/orders/queue-order-notifications";
import { serializeOrder, trackingUrl } from "@/lib/orders/serialize-order";
import { enforceSendingCaps, senderFingerprint } from "@/lib/limits/sending-caps";

// An order written from its confirmed quote, in one transaction: the quote spent, the sending
// caps checked, the order created, its payment taken or opened (the caller's plan), and the
// creation response recorded (the caller's hook: the operation's idempotent response). Which
// payment, which throttle and which idempotency record are the operation's (lib/operations/create-order.ts).

/** The quote an order prints: its letter, price and proof, exactly as the sender saw them. */
export type ConfirmedQuote = {
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
export async function checkConfirmation(req: OrderRequest): Promise<ConfirmedQuote> {
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

export type InsertContext = { req: OrderRequest; quote: ConfirmedQuote; caller: Caller };

export type InsertPlan = {
  paymentMethod: "credit" | "link" | null;
  creditCode?: string;
  /** Moves the new draft order on, inside the creating transaction, and gives the order as it then is (transition's answer). */
  pay: (tx: Prisma.TransactionClient, id: string, now: Date) => Promise<Order>;
  /** status, reason, next and payment fields of the response. */
  respond: () => Record<string, unknown>;
  /** Records the creation answer in the same transaction (the operation's idempotent answer), so that no order is without it. */
  record?: (tx: Prisma.TransactionClient, created: InsertedOrder) => Promise<void>;
};

/** The new order's id, and the answer that describes it as created. */
export type InsertedOrder = { orderId: string; body: Record<string, unknown> };

/** Spends the quote, creates the order from it and stores the idempotent response, in one transaction. */
export async function insertOrder({ req, quote, caller }: InsertContext, plan: InsertPlan): Promise<InsertedOrder> {
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
    const row = await plan.pay(tx, id, now);
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
    if (plan.record) await plan.record(tx, { orderId: id, body });
    return body;
  });
  return { orderId: id, body };
}
