import type { Metadata } from "next";
import { requestSignInLink } from "@/app/ops/actions";
import { one } from "@/components/ops/ops-ui";
import { inputClass, linkClass, primaryButton } from "@/components/ui/controls";
import { Notice } from "@/components/ui/notice";
import { auth } from "@/lib/ops/auth";
import { isOperator } from "@/lib/ops/operators";
import { safeReturnPath } from "@/lib/ops/require-operator";
import { SIGN_IN_LINK_MINUTES } from "@/lib/ops/send-sign-in-link";
import { messageFor } from "@/lib/http/message-for";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Sign in" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

// next-auth's error codes (its `error` page parameter) in words an operator can act on.
const ERRORS: Record<string, string> = {
  email: "Enter your whole e-mail address, like alice@example.com, then send the form again.",
  Verification: `That sign-in link has expired or was already used: each link works once, within ${SIGN_IN_LINK_MINUTES} minutes. Ask for a new one below.`,
  AccessDenied: "This address may not use the operator console (any more). Ask whoever runs the service to add it to OPS_EMAILS, then ask for a new link.",
  Configuration: "Signing in failed on our side. Ask for a new link in a minute; if it fails again, the server log says why.",
};

/** Operators sign in with a link sent by e-mail; nobody else has an account here. */
export default async function OpsSignInPage({ searchParams }: Props) {
  const q = await searchParams;
  const next = safeReturnPath(one(q.next));
  const errorCode = one(q.error);
  const error = errorCode ? messageFor(ERRORS, errorCode, ERRORS.Configuration) : null;
  const email = (await auth())?.user?.email;
  const signedIn = email && isOperator(email) ? email : null;
  const emailError = errorCode === "email";
  return (
    <section className="max-w-md">
      <h1 className="text-2xl font-semibold tracking-tight">Operator sign-in</h1>
      <p className="mt-1 text-sm text-stone-600">For the people who run this service. Senders never need an account.</p>
      {one(q.sent) === "1" ? (
        <Notice tone="ok" testId="sign-in-sent">
          Check your e-mail. If this address may use the console, a sign-in link is on its way; it works once, within {SIGN_IN_LINK_MINUTES} minutes. Nothing after a few minutes? Check the address and ask again.
        </Notice>
      ) : null}
      {one(q.signed_out) === "1" ? <Notice tone="ok">You are signed out.</Notice> : null}
      {error && !emailError ? <Notice tone="error">{error}</Notice> : null}
      {signedIn ? (
        <Notice tone="info">
          You are signed in as {signedIn}.{" "}
          <a className={linkClass} href={next}>
            Open the console
          </a>
          .
        </Notice>
      ) : null}
      <form action={requestSignInLink} className="mt-6 rounded-lg border border-stone-200 bg-white p-4">
        <input type="hidden" name="next" value={next} />
        <label htmlFor="ops-email" className="block font-medium">
          Your e-mail address
        </label>
        <input
          id="ops-email"
          name="email"
          type="email"
          required
          maxLength={254}
          autoComplete="email"
          aria-invalid={emailError || undefined}
          aria-describedby={emailError ? "ops-email-error" : "ops-email-help"}
          className={`mt-1 ${inputClass}`}
        />
        {emailError ? (
          <p id="ops-email-error" role="alert" className="mt-1 text-sm text-red-800">
            {ERRORS.email}
          </p>
        ) : (
          <p id="ops-email-help" className="mt-1 text-sm text-stone-600">
            We e-mail you a link that signs you in.
          </p>
        )}
        <button type="submit" className={`mt-4 ${primaryButton}`}>
          Send me a sign-in link
        </button>
      </form>
    </section>
  );
}
