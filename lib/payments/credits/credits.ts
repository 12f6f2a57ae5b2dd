import { Prisma } from "@/lib/generated/prisma/client";
import { db } from "@/lib/db";
import { randomToken } from "@/lib/ids";
import { ApiError } from "@/lib/errors/api-error";
import { CREDIT_CODE_FORM } from "@/lib/letters/credit-code-form";
import { paymentEvents } from "@/lib/metrics/metrics";

// Prepaid credit (spec 2.5): face value lasts 5 years, bonus value 12 months and is spent
// first. The ledger is the only truth; a balance is its sum, counted while the account row is
// locked, so parallel spends against one code queue up instead of overdrawing it.

type Tx = Prisma.TransactionClient;

export type CreditBalance = {
  code: string;
  faceCents: number;
  bonusCents: number;
  faceExpiresAt: Date;
  bonusExpiresAt: Date;
};

export const newCreditCode = () => `cc-${randomToken(4)}-${randomToken(4)}-${randomToken(4)}`;

function addMonths(d: Date, months: number): Date {
  const out = new Date(d);
  out.setUTCMonth(out.getUTCMonth() + months);
  return out;
}

/** Creates a code holding `faceCents` (5 years) and `bonusCents` (12 months). */
export async function mintCredit(
  input: { faceCents: number; bonusCents: number; source: "pack" | "x402" | "x402_sandbox" | "operator"; email?: string | null; note: string },
  tx: Tx = db(),
): Promise<CreditBalance> {
  if (!Number.isInteger(input.faceCents) || !Number.isInteger(input.bonusCents) || input.faceCents < 0 || input.bonusCents < 0 || input.faceCents + input.bonusCents === 0) {
    throw new Error("a credit grant is a positive whole number of cents");
  }
  const now = new Date();
  const code = newCreditCode();
  const account = await tx.creditAccount.create({
    data: {
      code,
      faceExpiresAt: addMonths(now, 60),
      bonusExpiresAt: addMonths(now, 12),
      source: input.source,
      email: input.email ?? null,
      entries: { create: { kind: "grant", faceCents: input.faceCents, bonusCents: input.bonusCents, note: input.note } },
    },
  });
  return { code, faceCents: input.faceCents, bonusCents: input.bonusCents, faceExpiresAt: account.faceExpiresAt, bonusExpiresAt: account.bonusExpiresAt };
}

/** The spendable balance now: each bucket's ledger sum, or 0 once that bucket has expired. */
async function balanceOf(tx: Tx, code: string, now: Date): Promise<CreditBalance | null> {
  const account = await tx.creditAccount.findUnique({ where: { code } });
  if (!account) return null;
  const sums = await tx.creditLedger.aggregate({ where: { code }, _sum: { faceCents: true, bonusCents: true } });
  return {
    code,
    faceCents: account.faceExpiresAt > now ? Math.max(0, sums._sum.faceCents ?? 0) : 0,
    bonusCents: account.bonusExpiresAt > now ? Math.max(0, sums._sum.bonusCents ?? 0) : 0,
    faceExpiresAt: account.faceExpiresAt,
    bonusExpiresAt: account.bonusExpiresAt,
  };
}

/** GET /v1/credits/{code}: the spec's shape (4.7); the code is looked up in lower case. */
export async function readCreditBalance(rawCode: string) {
  const code = rawCode.trim().toLowerCase();
  // Checked before any lookup; the form also bounds the length.
  if (!CREDIT_CODE_FORM.test(code)) {
    throw new ApiError("validation_error", "Invalid path: code must look like cc-xxxx-xxxx-xxxx (letters and digits).");
  }
  const balance = await balanceOf(db(), code, new Date());
  if (!balance) throw new ApiError("credit_not_found", `No credit account has the code ${code}.`);
  return {
    status: "ok" as const,
    code,
    balance_cents: balance.faceCents + balance.bonusCents,
    face_cents: balance.faceCents,
    bonus_cents: balance.bonusCents,
    bonus_expires_at: balance.bonusExpiresAt.toISOString(),
    face_expires_at: balance.faceExpiresAt.toISOString(),
  };
}

/**
 * Spends `cents` from a code for an order, bonus first, inside the caller's transaction (the
 * order and its debit commit together or not at all). Throws 402 credit_code_unknown or
 * insufficient_credit, having written nothing.
 */
export async function debitCredit(tx: Tx, code: string, cents: number, orderId: string): Promise<{ faceCents: number; bonusCents: number; remainingCents: number }> {
  // The row lock makes every spend on this code wait for the one before it to commit.
  const locked = await tx.$queryRaw<{ code: string; source: string }[]>`SELECT code, source FROM credit_accounts WHERE code = ${code} FOR UPDATE`;
  if (locked.length === 0) throw new ApiError("credit_code_unknown", `No credit account has the code ${code}; nothing was charged.`);
  // A sandbox x402 purchase mints a code for free, to try the handshake: it must never mail a real letter.
  if (locked[0].source === "x402_sandbox") throw new ApiError("sandbox_credit_code", `The code ${code} was minted by a sandbox x402 purchase (nothing was paid) and cannot pay for live letters; nothing was charged.`);
  const balance = (await balanceOf(tx, code, new Date()))!;
  const available = balance.faceCents + balance.bonusCents;
  if (available < cents) {
    throw new ApiError("insufficient_credit", `The code ${code} holds ${available}¢ and this letter costs ${cents}¢; nothing was charged.`);
  }
  const bonusCents = Math.min(balance.bonusCents, cents);
  const faceCents = cents - bonusCents;
  await tx.creditLedger.create({ data: { code, kind: "debit", faceCents: -faceCents, bonusCents: -bonusCents, orderId, note: `letter ${orderId}` } });
  paymentEvents.inc({ kind: "credit_debited" });
  return { faceCents, bonusCents, remainingCents: available - cents };
}

/**
 * Gives an order's debit back to the buckets it came from: `release` when the order never
 * mailed (refused, canceled), `refund` when it failed after. At most once per order, whoever
 * calls it and however often; an order paid otherwise has no debit and nothing happens.
 */
export async function returnCredit(tx: Tx, orderId: string, kind: "release" | "refund"): Promise<boolean> {
  const debit = await tx.creditLedger.findFirst({ where: { orderId, kind: "debit" } });
  if (!debit) return false;
  const inserted = await tx.$executeRaw`
    INSERT INTO credit_ledger (code, kind, face_cents, bonus_cents, order_id, note)
    VALUES (${debit.code}, ${kind}, ${-debit.faceCents}, ${-debit.bonusCents}, ${orderId}, ${`${kind} of letter ${orderId}`})
    ON CONFLICT DO NOTHING`;
  if (inserted === 1) paymentEvents.inc({ kind: kind === "release" ? "credit_released" : "credit_refunded" });
  return inserted === 1;
}
