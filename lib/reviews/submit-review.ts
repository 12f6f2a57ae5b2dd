import { z } from "zod";
import { db } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { ApiError } from "@/lib/errors/api-error";
import type { Caller } from "@/lib/auth/caller";
import { newReviewId } from "@/lib/ids";
import { US_STATE_CODES } from "@/lib/letters/us-states";
import { REVIEW_CATEGORY_VALUES } from "@/lib/reviews/review-categories";
import { assertReviewOpen, orderForReviewToken, reviewerPlace } from "@/lib/reviews/order-for-review";
import { serializeReview } from "@/lib/reviews/serialize-review";

// POST /v1/reviews and the review page's form: the sender of a delivered letter rates it, once.

const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/;

const line = (label: string, max: number) =>
  z
    .string({ error: `${label} must be a string` })
    .trim()
    .min(1, { error: `${label} is required and cannot be blank` })
    .max(max, { error: `${label} must be at most ${max} characters` })
    .refine((v) => !/[\u0000-\u001f\u007f]/.test(v), { error: `${label} must be one line of plain text` });

export const ReviewRequestSchema = z.strictObject({
  stars: z
    .int({ error: "stars must be a whole number from 1 to 5" })
    .min(1, { error: "stars must be from 1 to 5" })
    .max(5, { error: "stars must be from 1 to 5" }),
  comment: z
    .string({ error: "comment must be a string" })
    .overwrite((s) => s.replace(/\r\n?/g, "\n"))
    .trim()
    .min(1, { error: "comment is required: say how the letter went" })
    .max(2000, { error: "comment must be at most 2000 characters" })
    .refine((v) => !CONTROL.test(v), { error: "comment may contain line breaks but no other control characters" }),
  name: line("name", 80),
  // Left out (or null): the sender's city and state from the order.
  city: line("city", 80).nullish().transform((v) => v ?? undefined),
  state: z
    .string({ error: "state must be a string" })
    .trim()
    .length(2, { error: "state must be exactly 2 letters, e.g. NY" })
    .transform((s) => s.toUpperCase())
    .refine((s) => US_STATE_CODES.has(s), { error: "state must be a USPS state, territory or military code (e.g. NY, PR, AE)" })
    .nullish()
    .transform((v) => v ?? undefined),
  category: z.enum(REVIEW_CATEGORY_VALUES, { error: `category must be one of ${REVIEW_CATEGORY_VALUES.join(", ")}` }),
});
export type ReviewRequest = z.output<typeof ReviewRequestSchema>;

export async function submitReview(token: string | null, req: ReviewRequest, caller: Caller, now = Date.now()) {
  const order = await orderForReviewToken(token, now);
  assertReviewOpen(order);
  const place = reviewerPlace(order);
  try {
    const row = await db().review.create({
      data: {
        id: newReviewId(),
        orderId: order.id,
        stars: req.stars,
        comment: req.comment,
        name: req.name,
        city: req.city ?? place.city,
        state: req.state ?? place.state,
        category: req.category,
      },
    });
    return { status: "ok" as const, review: serializeReview(row) };
  } catch (err) {
    // The unique index on order_id settles two submissions racing for the same order.
    if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === "P2002") {
      throw new ApiError("review_exists", "This order already has a review; the first one is kept.");
    }
    throw err;
  }
}
