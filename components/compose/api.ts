import { createMailClient, type MailSchemas } from "@/lib/client/mail-client";

// The browser's side of the public /v1 API: the typed client (lib/client, generated from the
// OpenAPI document), on this page's own origin, and one way to read any of its answers: the
// operation's typed body, or the error envelope, with the HTTP status and Retry-After.

export const api = createMailClient({ baseUrl: "" });

type Meta = { http: number; retryAfterSeconds: number | null };
/** What failed, as the service's error envelope says (or `network_error` when it could not be reached). */
export type Envelope = { status: string; code?: MailSchemas["ErrorEnvelope"]["code"] | "network_error"; reason?: string; next?: string[] };
/** An answer: `ok` and the operation's typed success body, or not `ok` and the error envelope; with the HTTP status and Retry-After. */
export type Answer<D> = ({ ok: true } & D & Meta) | ({ ok: false } & Envelope & Meta);

const UNREACHABLE: Envelope = {
  status: "failed",
  code: "network_error",
  reason: "The service could not be reached.",
  next: ["Check your connection and try again."],
};

/**
 * Waits for one call of the client and gives its answer whatever happened: the body the service
 * sent (typed by the operation), an envelope for a body that is not JSON, or `network_error` when
 * the service cannot be reached. An abort is rethrown: the caller asked for it.
 */
export async function settle<D>(call: Promise<{ data?: D; error?: unknown; response: Response }>): Promise<Answer<D>> {
  try {
    const { data, error, response } = await call;
    const retry = Number(response.headers.get("retry-after"));
    const meta = { http: response.status, retryAfterSeconds: Number.isFinite(retry) && retry > 0 ? retry : null };
    if (response.ok && data !== undefined) return { ok: true, ...data, ...meta };
    const envelope = isEnvelope(error) ? error : { status: "failed", reason: `The service answered HTTP ${response.status} without a readable body.`, next: ["Try again in a moment."] };
    return { ok: false, ...envelope, ...meta };
  } catch (err) {
    if (err instanceof DOMException && err.name === "AbortError") throw err;
    return { ok: false, ...UNREACHABLE, http: 0, retryAfterSeconds: null };
  }
}

/** A link the service gave (absolute, on the deployment's public URL) as a path on this page's own origin. */
export const samePath = (url: string) => {
  const u = new URL(url, "http://x");
  return u.pathname + u.search;
};

const isEnvelope = (value: unknown): value is Envelope => typeof value === "object" && value !== null && typeof (value as Envelope).status === "string";

/** "3:45 PM (in 2 h 10 min)", or with the date when it is not today: a Retry-After as a time. */
export function retryAfterText(seconds: number, now = new Date()): string {
  const at = new Date(now.getTime() + seconds * 1000);
  const sameDay = at.toDateString() === now.toDateString();
  const when = sameDay
    ? at.toLocaleTimeString(undefined, { hour: "numeric", minute: "2-digit" })
    : at.toLocaleString(undefined, { weekday: "short", month: "short", day: "numeric", hour: "numeric", minute: "2-digit" });
  const mins = Math.ceil(seconds / 60);
  const span = seconds < 60 ? `${seconds} s` : mins < 60 ? `${mins} min` : `${Math.floor(mins / 60)} h${mins % 60 ? ` ${mins % 60} min` : ""}`;
  return `${when} (in ${span})`;
}
