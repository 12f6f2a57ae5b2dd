import { env } from "@/lib/env";
import { issueCapability } from "@/lib/orders/capability-tokens";

/**
 * The review page link for the delivered e-mail. The token is minted here, at delivery, so its
 * 7 days start when the sender can first review (the review_token returned at creation may
 * already have run out by then).
 */
export function reviewPageUrl(orderId: string, now = Date.now()): string {
  return `${env().PUBLIC_BASE_URL}/review?token=${encodeURIComponent(issueCapability(orderId, "review", now))}`;
}
