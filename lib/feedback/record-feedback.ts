import { z } from "zod";
import { db } from "@/lib/db";
import { newFeedbackId } from "@/lib/ids";
import type { Caller } from "@/lib/auth/caller";
import { ORDER_ID_FORM } from "@/lib/letters/order-ids";

// POST /v1/feedback: anyone (person or agent) reports a response that looked wrong or a doc
// that disagrees with the service. Enough context to act on: which route, which response (its
// x-request-id), which order, what was expected and what came back.

export const FEEDBACK_KINDS = ["wrong_response", "docs_mismatch", "bug", "other"] as const;

export const FeedbackRequestSchema = z.strictObject({
  kind: z.enum(FEEDBACK_KINDS),
  message: z.string().trim().min(1, { error: "message must say what happened" }).max(5000),
  route: z.string().trim().max(200).optional(),
  request_id: z.string().regex(/^[A-Za-z0-9._:-]{8,100}$/, { error: "request_id must be the x-request-id of the response you report" }).optional(),
  order_id: z.string().regex(ORDER_ID_FORM, { error: "order_id must be an order id (ord_… or ord_test_…)" }).optional(),
  expected: z.string().max(5000).optional(),
  actual: z.string().max(20000).optional(),
  email: z.email().max(254).optional(),
});
export type FeedbackRequest = z.infer<typeof FeedbackRequestSchema>;

export async function recordFeedback(req: FeedbackRequest, caller: Caller, ctx: { requestId: string; userAgent: string | null }) {
  const row = await db().feedback.create({
    data: {
      id: newFeedbackId(),
      kind: req.kind,
      message: req.message,
      route: req.route ?? null,
      requestId: req.request_id ?? null,
      orderId: req.order_id ?? null,
      expected: req.expected ?? null,
      actual: req.actual ?? null,
      email: req.email ?? null,
      actor: caller.actor,
      apiKeyId: caller.key?.id ?? null,
      userAgent: ctx.userAgent?.slice(0, 300) ?? null,
      receivedRequestId: ctx.requestId,
    },
  });
  return {
    status: "ok" as const,
    feedback: { id: row.id, kind: row.kind, received_at: row.createdAt.toISOString() },
    next: ["Thank you: an operator reads every report.", ...(req.email ? [] : ["Add an email next time if you would like an answer."])],
  };
}
