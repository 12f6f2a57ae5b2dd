// The browser's side of the public /v1 API: one call helper that always yields the envelope,
// and the small formatting the compose, pay and confirmation pages share.

// The compose fields import the one money formatter from here.

export type Envelope = { status: string; code?: string; reason?: string; next?: string[] };
export type ApiAnswer = Envelope & Record<string, unknown> & { http: number; retryAfterSeconds: number | null };

const UNREACHABLE: Envelope = {
  status: "failed",
  code: "network_error",
  reason: "The service could not be reached.",
  next: ["Check your connection and try again."],
};

export async function callApi(
  method: "GET" | "POST" | "DELETE",
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
  signal?: AbortSignal,
): Promise<ApiAnswer> {
  try {
    const res = await fetch(path, {
      method,
      headers: body === undefined ? headers : { "content-type": "application/json", ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
      cache: "no-store",
    });
    const retry = Number(res.headers.get("retry-after"));
    const parsed = (await res.json().catch(() => ({ status: "failed", reason: `The service answered HTTP ${res.status} without a readable body.`, next: ["Try again in a moment."] }))) as Envelope & Record<string, unknown>;
    return { ...parsed, http: res.status, retryAfterSeconds: Number.isFinite(retry) && retry > 0 ? retry : null };
  } catch (err) {
    if (err instanceof DOMException && err.name === "AbortError") throw err;
    return { ...UNREACHABLE, http: 0, retryAfterSeconds: null };
  }
}

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
