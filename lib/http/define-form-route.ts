import { ApiError } from "@/lib/errors/api-error";
import { readBodyBytes } from "@/lib/http/read-json-body";
import { log } from "@/lib/log";

// The wrapper of the site's forms that work without JavaScript (the review, cancel and credit
// purchase forms): a plain form post, the same lib call as the API route, and a 303, back to the
// page the form is on or on to a payment page. Only codes and field names travel back in the
// query, never text the page would echo as a message; the page words each code itself.

export type FormRouteSpec = {
  /** The page the form is on: every answer but a redirect is a 303 back to it. */
  page: string;
  /** Where on the page to land ("#buy"). */
  anchor?: string;
  /** The query key that carries an error code back. */
  errorKey?: string;
  maxBytes: number;
  /** What the log calls this form when it fails unexpectedly. */
  name: string;
  /**
   * The query sent back to the page: `answer` (an error code and field names, or done=1) and
   * what the page needs with it, such as the token or the values typed. `form` is empty when the
   * body could not be read. Without it, the answer alone.
   */
  backQuery?: (form: URLSearchParams, answer: Record<string, string>, done: boolean) => URLSearchParams;
};

/** What a form's handler answers: done (back to the page with done=1), refused (back with an error code and field names), or a page to go on to. */
export type FormAnswer = { done: true } | { refused: Record<string, string> } | { redirect: string };

export function defineFormRoute(spec: FormRouteSpec, handle: (form: URLSearchParams, request: Request) => Promise<FormAnswer>) {
  const errorKey = spec.errorKey ?? "error";
  const backTo = (form: URLSearchParams, answer: Record<string, string>, done = false): Response => {
    const query = spec.backQuery ? spec.backQuery(form, answer, done) : new URLSearchParams(answer);
    // A relative Location: the browser resolves it against the page it posted from.
    return seeOther(`${spec.page}?${query}${spec.anchor ?? ""}`);
  };
  return async (request: Request): Promise<Response> => {
    let form: URLSearchParams;
    try {
      form = new URLSearchParams((await readBodyBytes(request, spec.maxBytes)).toString("utf8"));
    } catch (err) {
      if (err instanceof ApiError) return backTo(new URLSearchParams(), { [errorKey]: err.code });
      throw err;
    }
    try {
      const answer = await handle(form, request);
      if ("redirect" in answer) return seeOther(answer.redirect);
      return "done" in answer ? backTo(form, { done: "1" }, true) : backTo(form, answer.refused);
    } catch (err) {
      if (err instanceof ApiError) return backTo(form, { [errorKey]: err.code });
      log.error({ err }, `${spec.name} failed`);
      return backTo(form, { [errorKey]: "internal_error" });
    }
  };
}

function seeOther(location: string): Response {
  return new Response(null, { status: 303, headers: { Location: location, "cache-control": "no-store" } });
}

/** The fields of a form that a zod error names, among `fields`: "stars,comment". */
export function refusedFields(issues: { path: PropertyKey[] }[], fields: readonly string[]): string {
  return [...new Set(issues.map((i) => String(i.path[0] ?? "")).filter((f) => fields.includes(f)))].join(",");
}
