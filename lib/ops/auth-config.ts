import type { NextAuthConfig } from "next-auth";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { opsAdapter } from "@/lib/ops/ops-adapter";
import { isOperator, opsAuthSecret } from "@/lib/ops/operators";
import { SIGN_IN_LINK_MINUTES, sendSignInLink } from "@/lib/ops/send-sign-in-link";

// Operator sign-in (next-auth v5): an e-mail magic link, JWT sessions, only the addresses in
// OPS_EMAILS. Customers never sign in. The configuration is built on first use (lib/ops/auth.ts),
// not at import, so that `next build` needs no database or secrets. It imports nothing of
// next-auth at run time, so that tests can drive it through @auth/core directly.

export const OPS_SIGN_IN_PATH = "/ops/sign-in";
/** Operator sessions are short: a lost laptop is locked out by the next working day. */
const SESSION_HOURS = 12;

export function opsAuthConfig(): NextAuthConfig {
  const e = env();
  return {
    secret: opsAuthSecret(),
    basePath: "/api/auth",
    // Every URL next-auth builds comes from PUBLIC_BASE_URL (required in production): the route
    // handler rewrites each request to it and sign-in links always point at it, so the Host
    // header a client sends never steers them.
    trustHost: true,
    // Decided once from the configured base, so that the route handler and server components
    // always agree on the cookie names (__Secure- over https).
    useSecureCookies: e.PUBLIC_BASE_URL.startsWith("https://"),
    adapter: opsAdapter(),
    session: { strategy: "jwt", maxAge: SESSION_HOURS * 60 * 60 },
    pages: { signIn: OPS_SIGN_IN_PATH, verifyRequest: `${OPS_SIGN_IN_PATH}?sent=1`, error: OPS_SIGN_IN_PATH },
    providers: [
      {
        id: "email",
        type: "email",
        name: "E-mail",
        from: e.MAIL_FROM,
        maxAge: SIGN_IN_LINK_MINUTES * 60,
        sendVerificationRequest: (params) => sendSignInLink(params),
        options: {},
      },
    ],
    callbacks: {
      // Asking for a link is always "accepted" (the link is only sent to operators); using one
      // checks the list again, in case the address was removed since.
      signIn: ({ user, email }) => Boolean(email?.verificationRequest) || isOperator(user.email),
      // Only paths of this service, and only the console: never an open redirect.
      redirect: ({ url, baseUrl }) => {
        const target = url.startsWith("/") && !url.startsWith("//") ? new URL(url, baseUrl) : safeUrl(url);
        if (target && target.origin === new URL(baseUrl).origin && target.pathname.startsWith("/ops")) return target.toString();
        return `${baseUrl}/ops`;
      },
    },
    logger: {
      error: (err) => log.warn({ err: { name: err.name, message: err.message } }, "operator sign-in refused or failed"),
      warn: (code) => log.warn({ code }, "next-auth warning"),
      debug: () => {},
    },
  };
}

function safeUrl(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}
