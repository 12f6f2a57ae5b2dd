-- Issue 8: the operator console (/ops). Operators sign in with an e-mail magic link; only the
-- addresses in OPS_EMAILS may. A link's token is stored as next-auth's hash of it and deleted
-- when used (single use). Every operator action is written to ops_audit_log. Feedback reports
-- an operator has dealt with get a feedback_handling row.
CREATE TABLE "ops_users" (
    "id" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "email_verified" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "ops_users_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "ops_users_email_lower_check" CHECK ("email" = lower("email"))
);
CREATE UNIQUE INDEX "ops_users_email_key" ON "ops_users"("email");

CREATE TABLE "ops_verification_tokens" (
    "token" TEXT NOT NULL,
    "identifier" TEXT NOT NULL,
    "expires" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "ops_verification_tokens_pkey" PRIMARY KEY ("token")
);
CREATE INDEX "ops_verification_tokens_identifier_created_at_idx" ON "ops_verification_tokens"("identifier", "created_at");

CREATE TABLE "ops_audit_log" (
    "id" BIGSERIAL NOT NULL,
    "operator" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "detail" TEXT,
    "at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "ops_audit_log_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "ops_audit_log_at_idx" ON "ops_audit_log"("at");

CREATE TABLE "feedback_handling" (
    "feedback_id" TEXT NOT NULL,
    "handled_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "handled_by" TEXT NOT NULL,
    CONSTRAINT "feedback_handling_pkey" PRIMARY KEY ("feedback_id"),
    CONSTRAINT "feedback_handling_feedback_id_fkey" FOREIGN KEY ("feedback_id") REFERENCES "feedback"("id") ON DELETE CASCADE ON UPDATE CASCADE
);

