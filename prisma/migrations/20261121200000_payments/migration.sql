-- Issue 4: payment links. A payment is one checkout (Stripe or the local rail) for one order or
-- one credit pack; its state follows the money (open -> authorized -> captured, or released /
-- refunded). The local rail keeps its own sessions like a payment processor would, and every
-- inbound payment event is stored once by id.

ALTER TABLE "orders" ADD COLUMN "payment_method" TEXT;
ALTER TABLE "orders" ADD COLUMN "credit_code" TEXT;
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_method_check" CHECK ("payment_method" IN ('credit', 'link'));
-- The worker finds paid orders waiting for screening by status.
CREATE INDEX "orders_status_next_step_at_idx" ON "orders"("status", "next_step_at");

CREATE TABLE "payments" (
    "id" TEXT NOT NULL,
    "purpose" TEXT NOT NULL,
    "order_id" TEXT,
    "pack" TEXT,
    "email" TEXT,
    "rail" TEXT NOT NULL,
    "ui_mode" TEXT NOT NULL,
    "amount_cents" INTEGER NOT NULL,
    "state" TEXT NOT NULL,
    "checkout_session_id" TEXT NOT NULL,
    "payment_intent_id" TEXT,
    "checkout_url" TEXT,
    "client_secret" TEXT,
    "credit_code" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "payments_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "payments_purpose_check" CHECK ("purpose" IN ('order', 'credit_pack')),
    CONSTRAINT "payments_rail_check" CHECK ("rail" IN ('stripe', 'local')),
    CONSTRAINT "payments_ui_mode_check" CHECK ("ui_mode" IN ('hosted', 'embedded')),
    CONSTRAINT "payments_state_check" CHECK ("state" IN ('open', 'authorized', 'captured', 'released', 'refunded')),
    CONSTRAINT "payments_amount_check" CHECK ("amount_cents" > 0),
    CONSTRAINT "payments_target_check" CHECK (("purpose" = 'order') = ("order_id" IS NOT NULL) AND ("purpose" = 'credit_pack') = ("pack" IS NOT NULL))
);
CREATE UNIQUE INDEX "payments_order_id_key" ON "payments"("order_id");
CREATE UNIQUE INDEX "payments_checkout_session_id_key" ON "payments"("checkout_session_id");
CREATE UNIQUE INDEX "payments_payment_intent_id_key" ON "payments"("payment_intent_id");
CREATE UNIQUE INDEX "payments_credit_code_key" ON "payments"("credit_code");
CREATE INDEX "payments_state_idx" ON "payments"("state");

CREATE TABLE "payment_events" (
    "id" TEXT NOT NULL,
    "rail" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "received_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "processed_at" TIMESTAMPTZ(3),

    CONSTRAINT "payment_events_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "local_checkouts" (
    "id" TEXT NOT NULL,
    "client_secret" TEXT NOT NULL,
    "idempotency_key" TEXT NOT NULL,
    "payment_intent_id" TEXT NOT NULL,
    "reference" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "amount_cents" INTEGER NOT NULL,
    "ui_mode" TEXT NOT NULL,
    "capture_method" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "intent_status" TEXT NOT NULL,
    "amount_refunded_cents" INTEGER NOT NULL DEFAULT 0,
    "card_last4" TEXT,
    "email" TEXT,
    "success_url" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "local_checkouts_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "local_checkouts_status_check" CHECK ("status" IN ('open', 'complete', 'expired')),
    CONSTRAINT "local_checkouts_intent_status_check" CHECK ("intent_status" IN ('requires_payment_method', 'requires_capture', 'succeeded', 'canceled'))
);
CREATE UNIQUE INDEX "local_checkouts_client_secret_key" ON "local_checkouts"("client_secret");
CREATE UNIQUE INDEX "local_checkouts_idempotency_key_key" ON "local_checkouts"("idempotency_key");
CREATE UNIQUE INDEX "local_checkouts_payment_intent_id_key" ON "local_checkouts"("payment_intent_id");
