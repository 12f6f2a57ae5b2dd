-- Issue 4: credit accounts and their ledger. Balances are never stored: they are the sum of
-- the ledger, counted under a row lock on the account so concurrent spends cannot overdraw it.

CREATE TABLE "credit_accounts" (
    "code" TEXT NOT NULL,
    "face_expires_at" TIMESTAMPTZ(3) NOT NULL,
    "bonus_expires_at" TIMESTAMPTZ(3) NOT NULL,
    "source" TEXT NOT NULL,
    "email" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "credit_accounts_pkey" PRIMARY KEY ("code")
);

CREATE TABLE "credit_ledger" (
    "id" BIGSERIAL NOT NULL,
    "code" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "face_cents" INTEGER NOT NULL,
    "bonus_cents" INTEGER NOT NULL,
    "order_id" TEXT,
    "note" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "credit_ledger_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "credit_ledger_code_fkey" FOREIGN KEY ("code") REFERENCES "credit_accounts"("code") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "credit_ledger_kind_check" CHECK ("kind" IN ('grant', 'debit', 'release', 'refund'))
);
CREATE INDEX "credit_ledger_code_idx" ON "credit_ledger"("code");
-- An order is debited once and gives its value back once (release or refund, never both).
CREATE UNIQUE INDEX "credit_ledger_order_debit_key" ON "credit_ledger"("order_id") WHERE "kind" = 'debit';
CREATE UNIQUE INDEX "credit_ledger_order_return_key" ON "credit_ledger"("order_id") WHERE "kind" IN ('release', 'refund');
