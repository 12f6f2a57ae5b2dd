import type { EmailProviderSendVerificationRequestParams } from "next-auth/providers/email";
import { RateLimiterPostgres, RateLimiterRes } from "rate-limiter-flexible";
import { pgPool } from "@/lib/db";
import { env } from "@/lib/env";
import { randomToken } from "@/lib/ids";
import { log } from "@/lib/log";
import { sendMail, type OutgoingMail } from "@/lib/notifications/email/mail-transport";
import { isOperator, normalizeEmail } from "@/lib/ops/operators";

/** How long a sign-in link works. */
export const SIGN_IN_LINK_MINUTES = 15;
/** At most this many links per address in SIGN_IN_LINK_MINUTES: nobody can flood an operator's inbox. */
export const SIGN_IN_LINKS_PER_WINDOW = 5;

/**
 * next-auth's sendVerificationRequest: the magic link goes out through our own mail transport
 * (SMTP_URL, or the development mailbox). Addresses outside OPS_EMAILS get nothing, and their
 * requester sees the same "check your e-mail" page as an operator: the page tells no one which
 * addresses are operators, and neither does how long it takes to come back. So every address,
 * operator or not, takes a slot of its limit (one write to the throttle store), and the
 * operator's mail is sent after the answer rather than before it: an SMTP server's pace never
 * shows in the answer. The link always points at PUBLIC_BASE_URL, whatever Host header the
 * request that asked for it carried.
 */
export async function sendSignInLink(params: Pick<EmailProviderSendVerificationRequestParams, "identifier" | "url" | "expires">): Promise<void> {
  const to = normalizeEmail(params.identifier);
  const allowed = await takeSignInLinkSlot(to);
  if (!isOperator(to)) {
    log.info({ to }, "operator sign-in asked for an address outside OPS_EMAILS; no link sent");
    return;
  }
  if (!allowed) {
    log.warn({ to }, `more than ${SIGN_IN_LINKS_PER_WINDOW} operator sign-in links asked for one address in ${SIGN_IN_LINK_MINUTES} minutes; no link sent`);
    return;
  }
  const mail = signInMail(to, pinnedLink(params.url), params.expires);
  // Not awaited (see above). The link is not put on the mail queue: a job row would keep the
  // link in clear in the database, where only its hash is stored. If this process dies before
  // the mail leaves, the operator asks again.
  void sendMail(mail).catch((err: unknown) => log.warn({ err, to }, "operator sign-in link could not be sent"));
}

let signInLinkLimiter: RateLimiterPostgres | undefined;

/**
 * Counts one link for the address and says whether it is within the limit. The count is one
 * atomic upsert in the shared throttle table (rate_limits), so requests racing for one address
 * cannot all pass a read-then-write check. If the store cannot be reached, no link goes out.
 */
async function takeSignInLinkSlot(address: string): Promise<boolean> {
  signInLinkLimiter ??= new RateLimiterPostgres({
    storeClient: pgPool(),
    storeType: "pool",
    tableName: "rate_limits",
    tableCreated: true, // created by the migrations
    keyPrefix: "ops_sign_in_link",
    points: SIGN_IN_LINKS_PER_WINDOW,
    duration: SIGN_IN_LINK_MINUTES * 60,
  });
  try {
    await signInLinkLimiter.consume(address);
    return true;
  } catch (err) {
    if (!(err instanceof RateLimiterRes)) log.warn({ err }, "the throttle store cannot be reached; no operator sign-in link sent");
    return false;
  }
}

function signInMail(to: string, link: string, expires: Date): OutgoingMail {
  const minutes = Math.max(1, Math.round((expires.getTime() - Date.now()) / 60_000));
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
  return { id: `dm_${randomToken(20)}`, to, subject: "Sign in to the operator console", html, text };
}

/** next-auth builds the link from the request's origin; ours is PUBLIC_BASE_URL. */
export function pinnedLink(url: string): string {
  const u = new URL(url);
  return new URL(`${u.pathname}${u.search}`, `${env().PUBLIC_BASE_URL}/`).toString();
}

function escapeHtml(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}
