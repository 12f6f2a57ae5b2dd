import { db } from "@/lib/db";
import { recordOpsAction } from "@/lib/ops/record-ops-action";

// The feedback inbox: reports from POST /v1/feedback (and the MCP tool), newest first, with all
// the context they came with. An operator marks a report handled once dealt with.

export const FEEDBACK_PER_PAGE = 30;
export const FEEDBACK_VIEWS = ["open", "handled", "all"] as const;
export type FeedbackView = (typeof FEEDBACK_VIEWS)[number];

type FeedbackRow = {
  id: string;
  kind: string;
  message: string;
  route: string | null;
  request_id: string | null;
  order_id: string | null;
  expected: string | null;
  actual: string | null;
  email: string | null;
  actor: string;
  api_key_id: string | null;
  user_agent: string | null;
  received_request_id: string;
  created_at: Date;
  handled_at: Date | null;
  handled_by: string | null;
};

export async function listFeedback(view: FeedbackView = "open", page = 1) {
  const p = Math.min(Math.max(1, Math.floor(page) || 1), 1000);
  const rows = await db().$queryRaw<FeedbackRow[]>`
    SELECT f.id, f.kind, f.message, f.route, f.request_id, f.order_id, f.expected, f.actual, f.email, f.actor,
           f.api_key_id, f.user_agent, f.received_request_id, f.created_at, h.handled_at, h.handled_by
      FROM feedback f LEFT JOIN feedback_handling h ON h.feedback_id = f.id
     WHERE ${view} = 'all' OR (${view} = 'open' AND h.feedback_id IS NULL) OR (${view} = 'handled' AND h.feedback_id IS NOT NULL)
     ORDER BY f.created_at DESC, f.id DESC
     LIMIT ${FEEDBACK_PER_PAGE + 1} OFFSET ${(p - 1) * FEEDBACK_PER_PAGE}`;
  return {
    view,
    page: p,
    hasNext: rows.length > FEEDBACK_PER_PAGE,
    reports: rows.slice(0, FEEDBACK_PER_PAGE).map((r) => ({
      id: r.id,
      kind: r.kind,
      message: r.message,
      route: r.route,
      requestId: r.request_id,
      orderId: r.order_id,
      expected: r.expected,
      actual: r.actual,
      email: r.email,
      actor: r.actor,
      apiKeyId: r.api_key_id,
      userAgent: r.user_agent,
      receivedRequestId: r.received_request_id,
      createdAt: r.created_at,
      handledAt: r.handled_at,
      handledBy: r.handled_by,
    })),
  };
}

export async function countOpenFeedback(): Promise<number> {
  const [row] = await db().$queryRaw<{ n: bigint }[]>`
    SELECT count(*) AS n FROM feedback f WHERE NOT EXISTS (SELECT 1 FROM feedback_handling h WHERE h.feedback_id = f.id)`;
  return Number(row?.n ?? 0);
}

/** Marks a report handled; false when there is no such report. Marking twice keeps the first. */
export async function markFeedbackHandled(id: string, operator: string): Promise<boolean> {
  return db().$transaction(async (tx) => {
    if (!(await tx.feedback.findUnique({ where: { id }, select: { id: true } }))) return false;
    const inserted = await tx.$executeRaw`
      INSERT INTO feedback_handling (feedback_id, handled_by) VALUES (${id}, ${operator}) ON CONFLICT (feedback_id) DO NOTHING`;
    if (inserted) await recordOpsAction(tx, operator, "feedback.handle", id);
    return true;
  });
}

/** Puts a handled report back in the open list; false when it was not marked handled. */
export async function reopenFeedback(id: string, operator: string): Promise<boolean> {
  return db().$transaction(async (tx) => {
    const { count } = await tx.feedbackHandling.deleteMany({ where: { feedbackId: id } });
    if (count) await recordOpsAction(tx, operator, "feedback.reopen", id);
    return count === 1;
  });
}
