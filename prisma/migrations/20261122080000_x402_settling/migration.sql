-- x402 purchases are written BEFORE their payment is settled. A paid purchase's row is created
-- in state 'settling' (no credit code yet) once the facilitator has verified the payment, keyed
-- uniquely by the payer's EIP-3009 nonce as before: only the request that creates it asks the
-- facilitator to settle, and a settlement whose answer was lost, or whose mint failed, leaves the
-- row behind so that the same payment retried (or the worker's sweep) finishes it. The row turns
-- 'settled' in the transaction that mints its code. The row therefore gets its own id, and
-- credit_code becomes nullable (still unique, still a foreign key). tx_hash may stay null on a
-- settled row only when the facilitator never reported the transaction (a lost answer whose
-- nonce the chain later showed spent); payment_payload and payment_requirements keep what is
-- needed to ask the facilitator again. Existing rows are all minted: they become 'settled'.
ALTER TABLE "x402_purchases" DROP CONSTRAINT "x402_purchases_payment_check";
ALTER TABLE "x402_purchases" DROP CONSTRAINT "x402_purchases_pkey";
ALTER TABLE "x402_purchases" ADD COLUMN "id" BIGSERIAL NOT NULL;
ALTER TABLE "x402_purchases" ADD CONSTRAINT "x402_purchases_pkey" PRIMARY KEY ("id");
ALTER TABLE "x402_purchases" ALTER COLUMN "credit_code" DROP NOT NULL;
CREATE UNIQUE INDEX "x402_purchases_credit_code_key" ON "x402_purchases"("credit_code");

ALTER TABLE "x402_purchases"
    ADD COLUMN "state" TEXT NOT NULL DEFAULT 'settled',
    ADD COLUMN "payment_payload" JSONB,
    ADD COLUMN "payment_requirements" JSONB,
    ADD COLUMN "valid_before" TIMESTAMPTZ(3),
    ADD COLUMN "settle_attempts" INTEGER NOT NULL DEFAULT 0,
    ADD COLUMN "lease_until" TIMESTAMPTZ(3),
    ADD COLUMN "last_error" TEXT;

ALTER TABLE "x402_purchases" ADD CONSTRAINT "x402_purchases_payment_check" CHECK (
    ("sandbox" AND "state" = 'settled' AND "credit_code" IS NOT NULL AND "tx_hash" IS NULL AND "nonce" IS NULL)
    OR (NOT "sandbox" AND "network" IS NOT NULL AND "asset" IS NOT NULL AND "payer" IS NOT NULL AND "nonce" IS NOT NULL
        AND "pay_to" IS NOT NULL AND "amount" IS NOT NULL AND "payload_hash" IS NOT NULL
        AND (("state" = 'settling' AND "credit_code" IS NULL) OR ("state" = 'settled' AND "credit_code" IS NOT NULL)))
);
CREATE INDEX "x402_purchases_state_created_at_idx" ON "x402_purchases"("state", "created_at");
