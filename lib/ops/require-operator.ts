import { redirect } from "next/navigation";
import { auth } from "@/lib/ops/auth";
import { OPS_SIGN_IN_PATH } from "@/lib/ops/auth-config";
import { isOperator, normalizeEmail } from "@/lib/ops/operators";

/**
 * The operator behind this request, or a redirect to the sign-in page. Every /ops page and
 * every ops server action calls it first (a layout alone does not guard its pages' actions).
 * OPS_EMAILS is checked again here, so a removed address loses its open sessions at the restart
 * that applies the new list, not 12 hours later.
 */
export async function requireOperator(returnTo = "/ops"): Promise<string> {
  const session = await auth();
  const email = session?.user?.email;
  if (!email) redirect(`${OPS_SIGN_IN_PATH}?${new URLSearchParams({ next: safeReturnPath(returnTo) })}`);
  if (!isOperator(email)) redirect(`${OPS_SIGN_IN_PATH}?error=AccessDenied`);
  return normalizeEmail(email);
}

/** A console path to come back to after signing in; anything else is /ops. */
export function safeReturnPath(value: unknown): string {
  return typeof value === "string" && /^\/ops(\/[\w\-./?=&%]*)?$/.test(value) && !value.includes("..") && !value.startsWith("/ops/sign-in") ? value : "/ops";
}
