-- Issue 21: GET /v1/orders (and the MCP tool list_letters) lists the orders an API key created,
-- newest first, a page at a time from the last page's (created_at, id). This index holds each
-- key's orders in that order, so a page is one short range scan from the cursor, however many
-- orders the key or the table has. orders.api_key_id is filled at creation since the first
-- migration; orders sent without a key keep it null and are never listed.
CREATE INDEX "orders_api_key_id_created_at_id_idx" ON "orders"("api_key_id", "created_at", "id");
