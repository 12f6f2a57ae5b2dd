import { countOpenFeedback } from "@/lib/ops/feedback-inbox";
import { countTroubles } from "@/lib/ops/ops-logs";
import { countHeldOrders } from "@/lib/ops/review-queue";

/** The console's front page: what waits for a person. */
export async function getOpsDashboard() {
  const [held, openFeedback, troubles] = await Promise.all([countHeldOrders(), countOpenFeedback(), countTroubles()]);
  return { held, openFeedback, ...troubles };
}
