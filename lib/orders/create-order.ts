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
import { prepareLetter, type PreparedLetter } from "@/lib/letters/prepare-letter";
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
    const { letter, quoteId } = await checkConfirmation(req);
    if (!sandbox) throw new ApiError("live_orders_unavailable");
    return await insertSandboxOrder(req, letter, quoteId, caller, idem);
  } catch (err) {
    if (idem) await releaseIdempotencyKey(idem).catch(() => {});
    throw err;
  }
}

/** The confirmation gate (spec 4.1 rule 2): the token must name an unused, unexpired quote of this very letter. */
async function checkConfirmation(req: OrderRequest): Promise<{ letter: PreparedLetter; quoteId: string }> {
  const quoteId = quoteIdOfConfirmationToken(req.confirmation_token!);
  if (!quoteId) throw new ApiError("confirmation_invalid");
  const quote = await db().quote.findUnique({ where: { id: quoteId } });
  if (!quote) throw new ApiError("confirmation_invalid");
  if (quote.usedAt) throw new ApiError("confirmation_used", `This confirmation_token already mailed order ${quote.orderId}. Re-quote, do not resend.`);
  if (quote.expiresAt.getTime() <= Date.now()) throw new ApiError("confirmation_expired");
  const letter = await prepareLetter(req);
  if (letter.fingerprint !== quote.fingerprint) {
    const what = letter.price.priceCents !== quote.priceCents
      ? ` It was quoted at ${quote.priceCents}¢ and now costs ${letter.price.priceCents}¢.`
      : "";
    throw new ApiError("confirmation_mismatch", `The letter differs from the one quoted (recipient, sender, content, format, class, options or sandbox changed).${what}`);
  }
  return { letter, quoteId };
}

async function insertSandboxOrder(
  req: OrderRequest,
  letter: PreparedLetter,
  quoteId: string,
  caller: Caller,
  idem: IdempotencyScope | null,
): Promise<CreateOrderResult> {
  const id = newOrderId(true);
  const trackingCode = newTrackingCode();
  const capability = issueCapabilities(id);
  const hold = isSandboxHold(letter.to);
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
        format: letter.format,
        mailClass: letter.mailClass,
        color: letter.color,
        tracking: letter.tracking,
        handwriting: letter.handwriting ?? null,
        removeBranding: letter.removeBranding,
        font: letter.font,
        contentKind: "text",
        text: letter.text,
        contentSha256: letter.contentSha256,
        pageCount: letter.pageCount,
        recipient: letter.to as unknown as Prisma.InputJsonValue,
        sender: letter.from as unknown as Prisma.InputJsonValue,
        email: req.email ?? null,
        webhookUrl: req.webhook_url ?? null,
        priceCents: letter.price.priceCents,
        breakdown: letter.price.breakdown,
        trackingCode,
        quoteId,
        apiKeyId: caller.key?.id ?? null,
        clientIp: caller.ip,
        createdAt: now,
        updatedAt: now,
        events: { create: { kind: "status", fromStatus: null, toStatus: "draft", cause: "order placed (sandbox)", occurredAt: now } },
      },
    });
    await transition(tx, id, "draft", "screening", "sandbox: free, no payment needed");
    if (!hold) {
      await transition(tx, id, "screening", "submitted", "handed to the sandbox carrier", {
        trackingNumber: sandboxTrackingNumber(letter.format),
        expectedDeliveryDate: expectedDeliveryDate(letter.mailClass, now),
        nextStepAt: new Date(now.getTime() + env().SANDBOX_STEP_SECONDS * 1000),
      });
    }
    const row = await tx.order.findUniqueOrThrow({ where: { id } });
    const body = {
      status: "ok",
      order: serializeOrder(row),
      tracking_url: trackingUrl(trackingCode),
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
