-- The development webhook inbox (/dev/webhooks): what it received, and whether each message's
-- Standard Webhooks signature verified on arrival. Never written in production.
CREATE TABLE "dev_webhook_inbox" (
    "id" TEXT NOT NULL,
    "headers" JSONB NOT NULL,
    "body" BYTEA NOT NULL,
    "message_id" TEXT,
    "order_id" TEXT,
    "verified" BOOLEAN NOT NULL,
    "verdict" TEXT NOT NULL,
    "received_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "dev_webhook_inbox_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "dev_webhook_inbox_received_at_idx" ON "dev_webhook_inbox"("received_at");
