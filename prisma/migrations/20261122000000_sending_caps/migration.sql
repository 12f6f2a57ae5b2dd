-- Sending caps (spec 8.2): live orders are counted per actor (the API key, else the client
-- address) and per sender fingerprint (the actor plus the sender e-mail, else the return
-- address) over the current UTC day and month. Both keys are stored on the order so that the
-- count is an index range scan; they stay null on sandbox orders, which are never capped.

ALTER TABLE "orders" ADD COLUMN "actor" TEXT;
ALTER TABLE "orders" ADD COLUMN "sender_fingerprint" TEXT;

CREATE INDEX "orders_actor_created_at_idx" ON "orders"("actor", "created_at");
CREATE INDEX "orders_sender_fingerprint_created_at_idx" ON "orders"("sender_fingerprint", "created_at");

-- Live orders placed before this migration count from the day it runs, keyed exactly as
-- lib/limits/sending-caps.ts keys new ones.
UPDATE "orders"
SET "actor" = CASE WHEN "api_key_id" IS NOT NULL THEN 'key:' || "api_key_id" ELSE 'ip:' || "client_ip" END
WHERE "sandbox" = false AND ("api_key_id" IS NOT NULL OR "client_ip" IS NOT NULL);

UPDATE "orders"
SET "sender_fingerprint" = "actor" || CASE
    WHEN "email" IS NOT NULL THEN '|email:' || lower(btrim("email"))
    ELSE '|from:' || regexp_replace(lower(btrim("sender"->>'name')), '\s+', ' ', 'g')
      || '|' || regexp_replace(lower(btrim("sender"->>'line1')), '\s+', ' ', 'g')
      || '|' || left(btrim("sender"->>'zip'), 5)
  END
WHERE "actor" IS NOT NULL;
