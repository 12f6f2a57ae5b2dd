import type { EmailProviderSendVerificationRequestParams } from "next-auth/providers/email";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { randomToken } from "@/lib/ids";
import { log } from "@/lib/log";
import { sendMail } from "@/lib/notifications/email/mail-transport";
import { isOperator, normalizeEmail } from "@/lib/ops/operators";

/** How long a sign-in link works. */
export const SIGN_IN_LINK_MINUTES = 15;
/** At most this many links per address in SIGN_IN_LINK_MINUTES: nobody can flood an operator's inbox. */
export const SIGN_IN_LINKS_PER_WINDOW = 5;

/**
 * next-auth's sendVerificationRequest: the magic link goes out through our own mail transport
 * (SMTP_URL, or the development mailbox). Addresses outside OPS_EMAILS get nothing, and their
 * requester sees the same "check your e-mail" page as an operator: the page tells no one which
 * addresses are operators. The link always points at PUBLIC_BASE_URL, whatever Host header the
 * request that asked for it carried.
 */
export async function sendSignInLink(params: Pick<EmailProviderSendVerificationRequestParams, "identifier" | "url" | "expires">): Promise<void> {
  const to = normalizeEmail(params.identifier);
  if (!isOperator(to)) {
    log.info({ to }, "operator sign-in asked for an address outside OPS_EMAILS; no link sent");
    return;
  }
  const since = new Date(Date.now() - SIGN_IN_LINK_MINUTES * 60_000);
  const recent = await db().opsVerificationToken.count({ where: { identifier: to, createdAt: { gt: since } } });
  if (recent >= SIGN_IN_LINKS_PER_WINDOW) {
    log.warn({ to }, "too many operator sign-in links asked for one address; no link sent");
    return;
  }
  const link = pinnedLink(params.url);
  const minutes = Math.max(1, Math.round((params.expires.getTime() - Date.now()) / 60_000));
  const text = [
    "Sign in to the operator console of the mail service:",
    "",
    link,
    "",
    `The link works once, within ${minutes} minutes. If you did not ask for it, ignore this e-mail: nobody can sign in without it.`,
  ].join("\n");
  const html = `<!doctype html><html lang="en"><body style="font-family:Arial,Helvetica,sans-serif;color:#1c1917">
<p>Sign in to the operator console of the mail service:</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 16px;background:#1c1917;color:#ffffff;text-decoration:none;border-radius:4px">Sign in</a></p>
<p style="font-size:13px;color:#57534e">The link works once, within ${minutes} minutes. If you did not ask for it, ignore this e-mail: nobody can sign in without it.</p>
</body></html>`;
  await sendMail({ id: `dm_${randomToken(20)}`, to, subject: "Sign in to the operator console", html, text });
}

/** next-auth builds the link from the request's origin; ours is PUBLIC_BASE_URL. */
export function pinnedLink(url: string): string {
  const u = new URL(url);
  return new URL(`${u.pathname}${u.search}`, `${env().PUBLIC_BASE_URL}/`).toString();
}

function escapeHtml(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}
