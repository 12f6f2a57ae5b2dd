"use server";

import { AuthError } from "next-auth";
import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { z } from "zod";
import { ApiError } from "@/lib/errors/api-error";
import { log } from "@/lib/log";
import { signIn, signOut } from "@/lib/ops/auth";
import { OPS_SIGN_IN_PATH } from "@/lib/ops/auth-config";
import { markFeedbackHandled, reopenFeedback } from "@/lib/ops/feedback-inbox";
import { disableKeyByOperator, issueKeyByOperator, type IssueKeyResult } from "@/lib/ops/manage-keys";
import { requireOperator, safeReturnPath } from "@/lib/ops/require-operator";
import { refuseByOperator, releaseByOperator, RefusalReasonSchema } from "@/lib/ops/review-queue";
import { isRefusalCategory } from "@/lib/screening/screener";
import { isOrderId } from "@/lib/letters/order-ids";

// The console's forms. Each one works without JavaScript (a plain POST answered with a 303),
// and each checks the operator first: a server action is a public endpoint of its own.

const field = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === "string" ? v : "";
};

const withParams = (path: string, params: Record<string, string>) => `${path}${path.includes("?") ? "&" : "?"}${new URLSearchParams(params)}`;

export async function requestSignInLink(form: FormData): Promise<void> {
  const next = safeReturnPath(field(form, "next"));
  const email = field(form, "email").trim();
  if (!z.email().max(254).safeParse(email).success) redirect(withParams(OPS_SIGN_IN_PATH, { error: "email", next }));
  // The same answer whatever happens to the address, so that the page tells nobody which
  // addresses are operators (lib/ops/send-sign-in-link.ts); a failure is only logged.
  try {
    const outcome = await signIn("email", { email, redirectTo: next, redirect: false });
    if (typeof outcome === "string" && /[?&]error=/.test(outcome)) log.warn({ outcome }, "operator sign-in request failed");
  } catch (err) {
    if (!(err instanceof AuthError)) throw err;
    log.warn({ err: err.message }, "operator sign-in request failed");
  }
  redirect(withParams(OPS_SIGN_IN_PATH, { sent: "1" }));
}

export async function signOutOperator(): Promise<void> {
  await signOut({ redirectTo: withParams(OPS_SIGN_IN_PATH, { signed_out: "1" }) });
}

/** Where a review form goes back to: the queue, or the order's own page. */
function reviewBack(form: FormData): string {
  const back = safeReturnPath(field(form, "back"));
  return back.startsWith("/ops/orders/") ? back : "/ops/review";
}

export async function releaseHeld(form: FormData): Promise<void> {
  const back = reviewBack(form);
  const operator = await requireOperator(back);
  const orderId = field(form, "order_id");
  if (!isOrderId(orderId)) redirect(withParams(back, { error: "order_not_found" }));
  let code: string | null = null;
  try {
    await releaseByOperator(orderId, operator);
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    code = err.code;
  }
  redirect(withParams(back, code ? { error: code, order: orderId } : { released: orderId }));
}

export async function refuseHeld(form: FormData): Promise<void> {
  const back = reviewBack(form);
  const operator = await requireOperator(back);
  const orderId = field(form, "order_id");
  if (!isOrderId(orderId)) redirect(withParams(back, { error: "order_not_found" }));
  const reason = RefusalReasonSchema.safeParse(field(form, "reason"));
  if (!reason.success) {
    redirect(withParams(back, { error: field(form, "reason").trim().length > 500 ? "reason_too_long" : "reason_too_short", order: orderId }));
  }
  const category = field(form, "category");
  if (!isRefusalCategory(category)) redirect(withParams(back, { error: "category_missing", order: orderId }));
  let code: string | null = null;
  try {
    await refuseByOperator(orderId, reason.data, operator, category);
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    code = err.code;
  }
  redirect(withParams(back, code ? { error: code, order: orderId } : { refused: orderId }));
}

function feedbackBack(form: FormData): string {
  const back = safeReturnPath(field(form, "back"));
  return back.startsWith("/ops/feedback") ? back : "/ops/feedback";
}

export async function markHandled(form: FormData): Promise<void> {
  const back = feedbackBack(form);
  const operator = await requireOperator(back);
  const id = field(form, "feedback_id");
  const ok = /^fb_[0-9a-z]{20}$/.test(id) && (await markFeedbackHandled(id, operator));
  redirect(withParams(back, ok ? { handled: id } : { error: "feedback_not_found" }));
}

export async function reopenReport(form: FormData): Promise<void> {
  const back = feedbackBack(form);
  const operator = await requireOperator(back);
  const id = field(form, "feedback_id");
  const ok = /^fb_[0-9a-z]{20}$/.test(id) && (await reopenFeedback(id, operator));
  redirect(withParams(back, ok ? { reopened: id } : { error: "feedback_not_open" }));
}

/** useActionState's action: the new key comes back in the response that issued it, and nowhere else. */
export async function issueKey(_previous: IssueKeyResult | null, form: FormData): Promise<IssueKeyResult> {
  const operator = await requireOperator("/ops/keys");
  const result = await issueKeyByOperator({ label: field(form, "label"), mode: field(form, "mode"), scopes: form.getAll("scopes") }, operator);
  if (result.ok) revalidatePath("/ops/keys");
  return result;
}

export async function disableKey(form: FormData): Promise<void> {
  const operator = await requireOperator("/ops/keys");
  const id = field(form, "key_id");
  const ok = /^key_[0-9a-z]{16}$/.test(id) && (await disableKeyByOperator(id, operator));
  redirect(withParams("/ops/keys", ok ? { disabled: id } : { error: "key_not_found" }));
}
