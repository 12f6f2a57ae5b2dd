-- Issue 16: two-key screening. Each order keeps what screening saw (the classifier's score and
-- category, the intent frame's signals, a hosted second opinion when one was asked), for the
-- operator's review queue. Every release or refusal by a person is kept as a label, which
-- `npm run screening -- export-labels` writes out in the corpus format for the next training.
ALTER TABLE "orders" ADD COLUMN "screening" JSONB;

CREATE TABLE "screening_labels" (
    "order_id" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "category" TEXT,
    "decided_by" TEXT NOT NULL,
    "screening" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "screening_labels_pkey" PRIMARY KEY ("order_id"),
    CONSTRAINT "screening_labels_label_check" CHECK ("label" IN ('refuse', 'allow')),
    CONSTRAINT "screening_labels_category_check" CHECK (("label" = 'refuse') = ("category" IS NOT NULL)),
    CONSTRAINT "screening_labels_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "screening_labels_created_at_idx" ON "screening_labels"("created_at");
