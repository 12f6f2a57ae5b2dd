import type { IncomingMessage, ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import { ApiError } from "@/lib/errors/api-error";

// What Next.js answers with a bare 500 (or an empty 400) before any route of ours runs: a
// method it does not know (TRACE, PROPFIND), a request target that is not a path (`GET *`),
// and a path whose percent-escapes do not decode (`/v1/orders/%`). The web server
// (scripts/web.ts) answers those here, with the envelope every other failure has.

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
const ALLOW = [...METHODS].join(", ");
const CONTROL = /[\u0000-\u001f\u007f]/;

/** Answers a request no route can serve and returns true; false for everything else. */
export function answerMalformedRequest(req: IncomingMessage, res: ServerResponse): boolean {
  const refusal = refusalOf(req);
  if (!refusal) return false;
  const { err, headers } = refusal;
  const body = JSON.stringify(err.envelope());
  res.writeHead(err.http, {
    "content-type": "application/json",
    "content-length": Buffer.byteLength(body),
    "cache-control": "no-store",
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    connection: "close",
    ...headers,
  });
  res.end(req.method === "HEAD" ? undefined : body);
  // The body of a refused request is never read: drop it rather than parse it.
  req.resume();
  return true;
}

function refusalOf(req: IncomingMessage): { err: ApiError; headers?: Record<string, string> } | null {
  const method = req.method ?? "";
  if (!METHODS.has(method)) return { err: new ApiError("method_not_allowed", `The method ${printable(method)} is not served here; use ${ALLOW}.`), headers: { allow: ALLOW } };
  const target = req.url ?? "";
  if (!target.startsWith("/") || target.startsWith("//")) return { err: new ApiError("validation_error", "The request target must be a path such as /v1/orders.") };
  const path = target.split("?")[0];
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return { err: new ApiError("validation_error", "The path holds a malformed percent-escape (a % must be followed by two hex digits of valid UTF-8).") };
  }
  if (CONTROL.test(decoded)) return { err: new ApiError("validation_error", "The path holds a control character.") };
  const query = target.slice(path.length + 1);
  if (query) {
    try {
      decodeURIComponent(query.replace(/\+/g, " "));
    } catch {
      return { err: new ApiError("validation_error", "The query string holds a malformed percent-escape.") };
    }
  }
  return null;
}

const printable = (s: string) => s.replace(/[^A-Za-z0-9_-]/g, "?").slice(0, 20);

/**
 * Node's HTTP parser refuses what is not HTTP at all (an unknown method such as FOO, a bad
 * header line) before any handler runs, with an empty 400. This answers those with the
 * envelope too (the server's `clientError` event); a socket already gone is just closed.
 */
export function answerUnparsableRequest(err: NodeJS.ErrnoException, socket: Duplex): void {
  if (!socket.writable || (err.code === "ECONNRESET")) {
    socket.destroy();
    return;
  }
  const tooLarge = err.code === "HPE_HEADER_OVERFLOW";
  const envelope = new ApiError("validation_error", tooLarge ? "The request headers are too large." : "The request is not valid HTTP (an unknown method, or a malformed request line or header).").envelope();
  const body = JSON.stringify(envelope);
  socket.end(
    `HTTP/1.1 ${tooLarge ? "431 Request Header Fields Too Large" : "400 Bad Request"}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\ncache-control: no-store\r\nx-content-type-options: nosniff\r\nconnection: close\r\n\r\n${body}`,
  );
}
