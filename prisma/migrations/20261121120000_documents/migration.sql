-- Issue 3: uploads, the built-in object store, proofs, and address verification kept with orders.

-- The built-in object store (used when no S3 bucket is configured): shared by every instance.
CREATE TABLE "stored_objects" (
    "name" TEXT NOT NULL,
    "content_type" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "bytes" BYTEA NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "stored_objects_pkey" PRIMARY KEY ("name")
);

-- One row per upload URL issued by POST /v1/uploads.
CREATE TABLE "uploads" (
    "key" TEXT NOT NULL,
    "storage" TEXT NOT NULL,
    "url_expires_at" TIMESTAMPTZ(3) NOT NULL,
    "received_at" TIMESTAMPTZ(3),
    "size_bytes" INTEGER,
    "order_id" TEXT,
    "api_key_id" TEXT,
    "client_ip" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "uploads_pkey" PRIMARY KEY ("key")
);
CREATE INDEX "uploads_unused_created_at_idx" ON "uploads"("created_at") WHERE "order_id" IS NULL;

-- The exact PDF that will print, for a quote (and the order made from it), and its thumbnail.
CREATE TABLE "proofs" (
    "id" TEXT NOT NULL,
    "pdf_sha256" TEXT NOT NULL,
    "page_count" INTEGER NOT NULL,
    "notes" JSONB NOT NULL DEFAULT '[]',
    "thumbnail_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "proofs_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "proofs_created_at_idx" ON "proofs"("created_at");

ALTER TABLE "quotes" ADD COLUMN "proof_id" TEXT;
-- The letter as prepared at quote time (verified addresses, content, options): the order made
-- from the quote prints exactly this, so nothing is fetched, verified or laid out twice.
ALTER TABLE "quotes" ADD COLUMN "letter" JSONB;
CREATE INDEX "quotes_unused_created_at_idx" ON "quotes"("created_at") WHERE "order_id" IS NULL;
CREATE INDEX "quotes_proof_id_idx" ON "quotes"("proof_id");

ALTER TABLE "orders" ADD COLUMN "proof_id" TEXT;
CREATE INDEX "orders_proof_id_idx" ON "orders"("proof_id");
ALTER TABLE "orders" ADD COLUMN "content_source" TEXT;
ALTER TABLE "orders" ADD COLUMN "address_verification" JSONB;
