import { signToken, verifyToken } from "@/lib/tokens/signed-token";

// The confirmation token names its quote; what it binds (recipient, content, format, class,
// options, price) is the quote row's fingerprint, so the token itself stays short.
export const CONFIRMATION_TTL_MS = 30 * 60 * 1000;

export function issueConfirmationToken(quoteId: string): string {
  return signToken("ct_", "confirmation", { q: quoteId });
}

export function quoteIdOfConfirmationToken(token: string): string | null {
  const payload = verifyToken("ct_", "confirmation", token);
  return payload && typeof payload.q === "string" ? payload.q : null;
}
