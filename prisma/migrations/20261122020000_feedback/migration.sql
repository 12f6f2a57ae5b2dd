-- Reports of wrong responses or docs mismatches (POST /v1/feedback), open to every caller.
CREATE TABLE "feedback" (
    "id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "message" TEXT NOT NULL,
    "route" TEXT,
    "request_id" TEXT,
    "order_id" TEXT,
    "expected" TEXT,
    "actual" TEXT,
    "email" TEXT,
    "actor" TEXT NOT NULL,
    "api_key_id" TEXT,
    "user_agent" TEXT,
    "received_request_id" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "feedback_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "feedback_created_at_idx" ON "feedback"("created_at");
