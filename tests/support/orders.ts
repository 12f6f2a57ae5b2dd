import { POST as postQuote } from "@/app/v1/quotes/route";
import { POST as postOrder } from "@/app/v1/orders/route";
import { randomUUID } from "node:crypto";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { newOrderId, newTrackingCode } from "@/lib/ids";
import { address, call, letter, randomIp } from "@/tests/support/api";

/** Quotes a letter and returns its confirmation token. */
export async function quoteToken(body: Record<string, unknown>, opts: { ip?: string; headers?: Record<string, string> } = {}): Promise<string> {
  const res = await call(postQuote, { body, ip: opts.ip, headers: opts.headers });
  if (res.status !== 200) throw new Error(`quote failed: ${JSON.stringify(res.json)}`);
  return res.json.confirmation_token;
}

/** Quotes and sends a sandbox letter (with the API key in `headers`, when given); returns the creation response. */
export async function sendSandboxLetter(over: Record<string, unknown> = {}, opts: { ip?: string; idempotencyKey?: string; headers?: Record<string, string> } = {}) {
  const body = letter(over);
  const ip = opts.ip ?? randomIp();
  const token = await quoteToken(body, { ip, headers: opts.headers });
  const headers: Record<string, string> = { ...opts.headers, ...(opts.idempotencyKey ? { "Idempotency-Key": opts.idempotencyKey } : {}) };
  return call(postOrder, { body: { ...body, confirmation_token: token }, ip, headers });
}

/**
 * Order rows written straight into the table, as earlier days (or another key) would have left
 * them: a screening first-class letter unless `row(i)` says otherwise. Returns their ids.
 */
export async function seedOrderRows(n: number, row: (i: number) => Partial<Prisma.OrderCreateManyInput> = () => ({})): Promise<string[]> {
  const from = address({ name: "Seed Sender", line1: "1 Seed St" });
  const data = Array.from({ length: n }, (_, i) => {
    const over = row(i);
    const createdAt = over.createdAt ?? new Date();
    return {
      id: newOrderId(over.sandbox ?? false),
      sandbox: false,
      status: "screening",
      format: "letter",
      mailClass: "first_class",
      color: false,
      tracking: false,
      removeBranding: false,
      contentKind: "text",
      text: "seeded",
      contentSha256: "0".repeat(64),
      pageCount: 1,
      recipient: address(),
      sender: from,
      priceCents: 99,
      breakdown: [],
      trackingCode: newTrackingCode(),
      quoteId: `qt_seed_${randomUUID()}`,
      updatedAt: createdAt,
      ...over,
      createdAt,
    };
  });
  await db().order.createMany({ data });
  return data.map((d) => d.id);
}

/** Quotes and sends a live letter (credit code or payment link); returns the creation response. */
export async function sendLiveLetter(
  over: Record<string, unknown> = {},
  opts: { ip?: string; idempotencyKey?: string; creditCode?: string; uiMode?: "hosted" | "embedded" } = {},
) {
  const body = letter({ sandbox: false, ...over });
  const ip = opts.ip ?? randomIp();
  const token = await quoteToken(body, { ip });
  const headers: Record<string, string> = opts.idempotencyKey ? { "Idempotency-Key": opts.idempotencyKey } : {};
  const payment = { ...(opts.creditCode ? { credit_code: opts.creditCode } : {}), ...(opts.uiMode ? { checkout_ui_mode: opts.uiMode } : {}) };
  const send = () => call(postOrder, { body: { ...body, ...payment, confirmation_token: token }, ip, headers });
  return Object.assign(await send(), { resend: send, token });
}
