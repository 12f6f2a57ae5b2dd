-- Issue 7: credit packs bought with x402 agent payments (POST /v1/x402/credits). One row per
-- minted code. A paid purchase is known both by its settlement transaction and by the payer's
-- EIP-3009 authorization nonce; each is unique, so one payment can never mint two codes, and a
-- replayed payment finds the code it already minted. Sandbox purchases (no payment) keep the
-- payment columns empty. Addresses, nonces and hashes are stored in lower case.
CREATE TABLE "x402_purchases" (
    "credit_code" TEXT NOT NULL,
    "pack" TEXT NOT NULL,
    "sandbox" BOOLEAN NOT NULL,
    "network" TEXT,
    "asset" TEXT,
    "payer" TEXT,
    "nonce" TEXT,
    "pay_to" TEXT,
    "amount" TEXT,
    "tx_hash" TEXT,
    "payload_hash" TEXT,
    "email" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "x402_purchases_pkey" PRIMARY KEY ("credit_code"),
    CONSTRAINT "x402_purchases_credit_code_fkey" FOREIGN KEY ("credit_code") REFERENCES "credit_accounts"("code") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "x402_purchases_payment_check" CHECK (
        ("sandbox" AND "tx_hash" IS NULL AND "nonce" IS NULL)
        OR (NOT "sandbox" AND "network" IS NOT NULL AND "asset" IS NOT NULL AND "payer" IS NOT NULL AND "nonce" IS NOT NULL
            AND "pay_to" IS NOT NULL AND "amount" IS NOT NULL AND "tx_hash" IS NOT NULL AND "payload_hash" IS NOT NULL)
    )
);
CREATE UNIQUE INDEX "x402_purchases_network_tx_hash_key" ON "x402_purchases"("network", "tx_hash");
CREATE UNIQUE INDEX "x402_purchases_network_asset_payer_nonce_key" ON "x402_purchases"("network", "asset", "payer", "nonce");
