import { createHmac } from "node:crypto";
import { env } from "@/lib/env";

// Who may use the operator console: the addresses in OPS_EMAILS, compared in lower case. Every
// console request checks it, so an address taken out (after a restart) loses its open sessions
// at once rather than when they expire.

export function normalizeEmail(email: string): string {
  return email.normalize("NFKC").trim().toLowerCase();
}

export function isOperator(email: string | null | undefined): boolean {
  if (!email) return false;
  return env().OPS_EMAILS.includes(normalizeEmail(email));
}

/** How an operator is named in order events and the audit log. */
export function operatorTag(email: string): string {
  return `ops:${normalizeEmail(email)}`;
}

// A fixed label: the derived secret changes only when SIGNING_SECRET does.
const AUTH_SECRET_LABEL = "physical-mail/ops-auth-secret/v1";

/**
 * next-auth's secret: AUTH_SECRET when set, otherwise an HMAC of SIGNING_SECRET with a fixed
 * label, so that one secret runs the service and the session key is not the token key itself.
 */
export function opsAuthSecret(): string {
  const e = env();
  return e.AUTH_SECRET ?? createHmac("sha256", e.SIGNING_SECRET).update(AUTH_SECRET_LABEL).digest("hex");
}
