import { signToken, verifyToken } from "@/lib/tokens/signed-token";

// Capability tokens (spec 2.4): `cap_`, 7 days, told apart by the action they were signed for.
export type CapabilityAction = "cancel" | "review";
export const CAPABILITY_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export function issueCapability(orderId: string, action: CapabilityAction, now = Date.now()): string {
  return signToken("cap_", `capability:${action}`, { o: orderId, e: Math.floor((now + CAPABILITY_TTL_MS) / 1000) });
}

export type CapabilityCheck = { ok: true } | { ok: false; why: "invalid" | "expired" | "other_order" };

export function checkCapability(token: string, orderId: string, action: CapabilityAction, now = Date.now()): CapabilityCheck {
  const payload = verifyToken("cap_", `capability:${action}`, token);
  if (!payload) return { ok: false, why: "invalid" };
  if (payload.o !== orderId) return { ok: false, why: "other_order" };
  if (typeof payload.e !== "number" || payload.e * 1000 <= now) return { ok: false, why: "expired" };
  return { ok: true };
}

export type CapabilityRead = { ok: true; orderId: string } | { ok: false; why: "invalid" | "expired" };

/**
 * The order a token acts on, for actions whose caller names no order (a review derives its
 * order from the token, spec 5.7). The action is part of the signature, so a cancel token
 * never reads as a review token.
 */
export function readCapability(token: string, action: CapabilityAction, now = Date.now()): CapabilityRead {
  const payload = verifyToken("cap_", `capability:${action}`, token);
  if (!payload || typeof payload.o !== "string" || payload.o === "") return { ok: false, why: "invalid" };
  if (typeof payload.e !== "number" || payload.e * 1000 <= now) return { ok: false, why: "expired" };
  return { ok: true, orderId: payload.o };
}

export function issueCapabilities(orderId: string, now = Date.now()) {
  return { cancel_token: issueCapability(orderId, "cancel", now), review_token: issueCapability(orderId, "review", now) };
}
