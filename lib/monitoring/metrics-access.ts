import { createHash, timingSafeEqual } from "node:crypto";
import { env } from "@/lib/env";

// Who may read /metrics: whoever sends `Authorization: Bearer <METRICS_TOKEN>`. Without the
// setting /metrics is off. The series say what the service does and how much of it (orders,
// refusals, payments), which is no one's business but its operators'.

export type MetricsAccess = "off" | "refused" | "granted";

const digest = (s: string) => createHash("sha256").update(s, "utf8").digest();

export function metricsAccess(authorization: string | null): MetricsAccess {
  const token = env().METRICS_TOKEN;
  if (!token) return "off";
  const sent = /^Bearer +(\S+) *$/i.exec(authorization ?? "")?.[1];
  if (!sent) return "refused";
  // Compared as digests of one length, so the time taken says nothing about the token's length
  // or how much of it matched.
  return timingSafeEqual(digest(sent), digest(token)) ? "granted" : "refused";
}
