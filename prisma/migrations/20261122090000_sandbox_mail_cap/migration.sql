-- Sandbox e-mail is capped per recipient address (lib/notifications/queue-order-notifications.ts):
-- the first message of every sandbox letter with an e-mail counts that address's letters of the
-- last 24 hours. Without this index each count reads the whole table.
CREATE INDEX "order_emails_lower_to_created_at_idx" ON "order_emails" (lower("to"), "created_at");
