-- Reviews by senders of delivered letters (POST /v1/reviews), one per order. GET /v1/reviews
-- publishes the 4- and 5-star reviews of delivered live orders, newest first.
CREATE TABLE "reviews" (
    "id" TEXT NOT NULL,
    "order_id" TEXT NOT NULL,
    "stars" INTEGER NOT NULL,
    "comment" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "city" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "category" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "reviews_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "reviews_order_id_fkey" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "reviews_stars_check" CHECK ("stars" BETWEEN 1 AND 5)
);
-- One review per order: a second submission, even a concurrent one, fails on this index.
CREATE UNIQUE INDEX "reviews_order_id_key" ON "reviews"("order_id");
-- The public wall reads the newest first.
CREATE INDEX "reviews_created_at_idx" ON "reviews"("created_at");
