import { createHmac, timingSafeEqual } from "node:crypto";
import { env } from "@/lib/env";

// Tokens are `<prefix><payload>.<signature>`: base64url JSON and an HMAC-SHA256 over both,
// keyed per purpose, so a token signed for one purpose (cancel) never verifies for another
// (review, confirmation), even with the same prefix.

function purposeKey(purpose: string): Buffer {
  return createHmac("sha256", env().SIGNING_SECRET).update(`token-purpose:${purpose}`).digest();
}

function sign(purpose: string, data: string): string {
  return createHmac("sha256", purposeKey(purpose)).update(data).digest("base64url");
}

/** A bare signature over `data` for `purpose` (for URLs that carry their fields separately). */
export function signValue(purpose: string, data: string): string {
  return sign(purpose, data);
}

/** Whether `signature` is signValue(purpose, data), compared in constant time. */
export function verifyValue(purpose: string, data: string, signature: string): boolean {
  const given = Buffer.from(signature);
  const expected = Buffer.from(sign(purpose, data));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function signToken(prefix: string, purpose: string, payload: Record<string, unknown>): string {
  const body = prefix + Buffer.from(JSON.stringify(payload)).toString("base64url");
  return `${body}.${sign(purpose, body)}`;
}

/** The payload if the token carries a valid signature for this purpose, else null. */
export function verifyToken(prefix: string, purpose: string, token: string): Record<string, unknown> | null {
  if (!token.startsWith(prefix)) return null;
  const dot = token.lastIndexOf(".");
  if (dot <= prefix.length) return null;
  const body = token.slice(0, dot);
  // Compare the signature text itself: decoding first would let other spellings of the same
  // bytes (ignored padding bits, skipped characters) verify too.
  const given = Buffer.from(token.slice(dot + 1));
  const expected = Buffer.from(sign(purpose, body));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const payload = JSON.parse(Buffer.from(body.slice(prefix.length), "base64url").toString("utf8"));
    return payload && typeof payload === "object" ? payload : null;
  } catch {
    return null;
  }
}
