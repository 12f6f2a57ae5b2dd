-- CreateTable
CREATE TABLE "api_keys" (
    "id" TEXT NOT NULL,
    "mode" TEXT NOT NULL,
    "hash" TEXT NOT NULL,
    "hint" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "scopes" TEXT[],
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "disabled_at" TIMESTAMPTZ(3),
    "last_used_at" TIMESTAMPTZ(3),

    CONSTRAINT "api_keys_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "quotes" (
    "id" TEXT NOT NULL,
    "fingerprint" TEXT NOT NULL,
    "sandbox" BOOLEAN NOT NULL,
    "format" TEXT NOT NULL,
    "mail_class" TEXT NOT NULL,
    "price_cents" INTEGER NOT NULL,
    "breakdown" JSONB NOT NULL,
    "page_count" INTEGER NOT NULL,
    "api_key_id" TEXT,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),
    "order_id" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "quotes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "orders" (
    "id" TEXT NOT NULL,
    "sandbox" BOOLEAN NOT NULL,
    "status" TEXT NOT NULL,
    "format" TEXT NOT NULL,
    "mail_class" TEXT NOT NULL,
    "color" BOOLEAN NOT NULL,
    "tracking" BOOLEAN NOT NULL,
    "handwriting" TEXT,
    "remove_branding" BOOLEAN NOT NULL,
    "font" TEXT,
    "content_kind" TEXT NOT NULL,
    "text" TEXT,
    "content_sha256" TEXT NOT NULL,
    "page_count" INTEGER NOT NULL,
    "recipient" JSONB NOT NULL,
    "sender" JSONB NOT NULL,
    "email" TEXT,
    "webhook_url" TEXT,
    "price_cents" INTEGER NOT NULL,
    "breakdown" JSONB NOT NULL,
    "tracking_number" TEXT,
    "tracking_code" TEXT NOT NULL,
    "expected_delivery_date" TEXT,
    "refusal_reason" TEXT,
    "quote_id" TEXT NOT NULL,
    "api_key_id" TEXT,
    "client_ip" TEXT,
    "carrier_step" INTEGER NOT NULL DEFAULT 0,
    "next_step_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "orders_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "order_events" (
    "id" BIGSERIAL NOT NULL,
    "order_id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "from_status" TEXT,
    "to_status" TEXT,
    "cause" TEXT NOT NULL,
    "description" TEXT,
    "city" TEXT,
    "state" TEXT,
    "zip" TEXT,
    "occurred_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "order_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "idempotency_records" (
    "scope" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "request_hash" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "locked_until" TIMESTAMPTZ(3) NOT NULL,
    "response_status" INTEGER,
    "response_body" JSONB,
    "order_id" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "idempotency_records_pkey" PRIMARY KEY ("scope","key")
);

-- CreateTable
CREATE TABLE "rate_limits" (
    "key" VARCHAR(255) NOT NULL,
    "points" INTEGER NOT NULL DEFAULT 0,
    "expire" BIGINT,

    CONSTRAINT "rate_limits_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE UNIQUE INDEX "api_keys_hash_key" ON "api_keys"("hash");

-- CreateIndex
CREATE UNIQUE INDEX "quotes_order_id_key" ON "quotes"("order_id");

-- CreateIndex
CREATE UNIQUE INDEX "orders_tracking_code_key" ON "orders"("tracking_code");

-- CreateIndex
CREATE UNIQUE INDEX "orders_quote_id_key" ON "orders"("quote_id");

-- CreateIndex
CREATE INDEX "orders_next_step_at_idx" ON "orders"("next_step_at");

-- CreateIndex
CREATE INDEX "order_events_order_id_occurred_at_idx" ON "order_events"("order_id", "occurred_at");

-- AddForeignKey
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE CASCADE ON UPDATE CASCADE;
