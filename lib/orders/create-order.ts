import type { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { newOrderId, newTrackingCode } from "@/lib/ids";
import { ApiError } from "@/lib/http/api-error";
import type { Caller } from "@/lib/http/define-route";
import {
  claimIdempotencyKey,
  completeIdempotencyKey,
  hashRequest,
  releaseIdempotencyKey,
  type IdempotencyScope,
} from "@/lib/http/idempotency";
import { throttle } from "@/lib/http/throttle";
import type { OrderRequest } from "@/lib/letters/schemas";
import { letterFingerprint } from "@/lib/letters/letter-fingerprint";
import type { LetterSnapshot } from "@/lib/letters/prepare-letter";
import type { BreakdownLine } from "@/lib/quotes/pricing";
import { getProofLinks } from "@/lib/documents/proofs";
import { markUploadUsed } from "@/lib/documents/uploads";
import { publicAddress } from "@/lib/letters/public-address";
import type { Format, MailClass } from "@/lib/letters/formats";
import { quoteIdOfConfirmationToken } from "@/lib/quotes/confirmation-token";
import { issueCapabilities } from "@/lib/orders/capability-tokens";
import { serializeOrder, trackingUrl } from "@/lib/orders/serialize-order";
import { transition } from "@/lib/orders/transition";
import { expectedDeliveryDate } from "@/lib/fulfillment/delivery-estimate";
import { isSandboxHold, sandboxTrackingNumber } from "@/lib/fulfillment/sandbox-carrier";
import { getOrderRow } from "@/lib/orders/get-order";

export type CreateOrderResult = { http: number; body: Record<string, unknown> };

/**
 * POST /v1/orders after validation: key mode, confirmation gate, throttle, Idempotency-Key,
 * then one transaction that spends the quote, creates the order and stores the response.
 */
export async function createOrder(req: OrderRequest, caller: Caller, idempotencyKey: string | null): Promise<CreateOrderResult> {
  const sandbox = req.sandbox ?? false;
  if (caller.key?.mode === "test" && !sandbox) throw new ApiError("sandbox_only_key");
  if (!req.confirmation_token) throw new ApiError("confirmation_required");
  if (sandbox) await throttle("orders_sandbox", caller);

  const idem: IdempotencyScope | null = idempotencyKey
    ? { scope: caller.key?.id ?? "anonymous", key: idempotencyKey, requestHash: hashRequest(req) }
    : null;
  if (idem) {
    const claim = await claimIdempotencyKey(idem);
    if (claim.kind === "replay") return replay(claim.body, claim.orderId);
  }
  try {
    const quote = await checkConfirmation(req);
    if (!sandbox) throw new ApiError("live_orders_unavailable");
    return await insertSandboxOrder(req, quote, caller, idem);
  } catch (err) {
    if (idem) await releaseIdempotencyKey(idem).catch(() => {});
    throw err;
  }
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

async function insertSandboxOrder(
  req: OrderRequest,
  quote: ConfirmedQuote,
  caller: Caller,
  idem: IdempotencyScope | null,
): Promise<CreateOrderResult> {
  const id = newOrderId(true);
  const trackingCode = newTrackingCode();
  const capability = issueCapabilities(id);
  const { letter } = quote;
  const quoteId = quote.id;
  const hold = isSandboxHold(letter.to);
  const proof = await getProofLinks(quote.proofId);
  const now = new Date();

  const order = await db().$transaction(async (tx) => {
    // Spending the quote is the single-use check that holds under concurrency.
    const spent = await tx.quote.updateMany({ where: { id: quoteId, usedAt: null }, data: { usedAt: now, orderId: id } });
    if (spent.count !== 1) throw new ApiError("confirmation_used");

    await tx.order.create({
      data: {
        id,
        sandbox: true,
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
        priceCents: quote.priceCents,
        breakdown: quote.breakdown,
        trackingCode,
        quoteId,
        apiKeyId: caller.key?.id ?? null,
        clientIp: caller.ip,
        createdAt: now,
        updatedAt: now,
        events: { create: { kind: "status", fromStatus: null, toStatus: "draft", cause: "order placed (sandbox)", occurredAt: now } },
      },
    });
    if (req.upload_key) await markUploadUsed(tx, req.upload_key, id);
    await transition(tx, id, "draft", "screening", "sandbox: free, no payment needed");
    if (!hold) {
      await transition(tx, id, "screening", "submitted", "handed to the sandbox carrier", {
        trackingNumber: sandboxTrackingNumber(quote.format as Format),
        expectedDeliveryDate: expectedDeliveryDate(quote.mailClass as MailClass, now),
        nextStepAt: new Date(now.getTime() + env().SANDBOX_STEP_SECONDS * 1000),
      });
    }
    const row = await tx.order.findUniqueOrThrow({ where: { id } });
    const body = {
      status: "ok",
      order: serializeOrder(row),
      tracking_url: trackingUrl(trackingCode),
      proof,
      ...(letter.verification.to.changed ? { corrected_to: publicAddress(letter.to) } : {}),
      ...(letter.verification.from.changed ? { corrected_from: publicAddress(letter.from) } : {}),
      capability,
      replayed: false,
      ...(hold ? { next: ["Sandbox hold: this order waits before hand-off until you cancel it with DELETE /v1/orders/{id}."] } : {}),
    };
    if (idem) await completeIdempotencyKey(tx, idem, { status: 201, body, orderId: id });
    return body;
  });
  return { http: 201, body: order };
}

/** An idempotent replay: the original response, with the order as it is now. */
async function replay(original: Record<string, unknown>, orderId: string | null): Promise<CreateOrderResult> {
  const row = orderId ? await getOrderRow(orderId) : null;
  return { http: 200, body: { ...original, ...(row ? { order: serializeOrder(row) } : {}), replayed: true } };
}
