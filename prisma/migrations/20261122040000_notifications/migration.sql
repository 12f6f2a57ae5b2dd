-- Notifications (issue 6): signed webhooks with every attempt logged, order e-mails, and the
-- development mailbox that stands in for SMTP when none is configured.
ALTER TABLE "orders" ADD COLUMN "webhook_secret" TEXT;
ALTER TABLE "orders" ADD COLUMN "webhook_stopped_at" TIMESTAMPTZ(3);

CREATE TABLE "webhook_deliveries" (
    "id" TEXT NOT NULL,
    "order_id" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "state" TEXT NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMPTZ(3),
    "last_status" INTEGER,
    "last_error" TEXT,
    "delivered_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "webhook_deliveries_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "webhook_deliveries_state_check" CHECK ("state" IN ('pending', 'delivered', 'failed'))
);
CREATE INDEX "webhook_deliveries_order_id_created_at_idx" ON "webhook_deliveries"("order_id", "created_at");

CREATE TABLE "webhook_attempts" (
    "id" BIGSERIAL NOT NULL,
    "delivery_id" TEXT NOT NULL,
    "attempt" INTEGER NOT NULL,
    "started_at" TIMESTAMPTZ(3) NOT NULL,
    "duration_ms" INTEGER NOT NULL,
    "response_status" INTEGER,
    "error" TEXT,
    "retry_at" TIMESTAMPTZ(3),
    CONSTRAINT "webhook_attempts_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "webhook_attempts_delivery_id_fkey" FOREIGN KEY ("delivery_id") REFERENCES "webhook_deliveries"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "webhook_attempts_delivery_id_attempt_key" ON "webhook_attempts"("delivery_id", "attempt");

CREATE TABLE "order_emails" (
    "id" TEXT NOT NULL,
    "order_id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "to" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "last_error" TEXT,
    "message_id" TEXT,
    "sent_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "order_emails_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "order_emails_state_check" CHECK ("state" IN ('pending', 'sent', 'failed'))
);
CREATE UNIQUE INDEX "order_emails_order_id_kind_key" ON "order_emails"("order_id", "kind");

CREATE TABLE "dev_mailbox" (
    "id" TEXT NOT NULL,
    "to" TEXT NOT NULL,
    "from" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "html" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "dev_mailbox_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "dev_mailbox_created_at_idx" ON "dev_mailbox"("created_at");
