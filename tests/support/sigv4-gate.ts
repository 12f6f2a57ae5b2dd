import { createHash, createHmac } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A reverse proxy that checks presigned (query-string) SigV4 signatures the way S3 does, then
 * passes the request on. s3rver 3.7 checks the access key and the expiry of a presigned URL
 * but never the signature itself, so without this gate a test could not tell whether a
 * presigned PUT really binds its Content-Type and Content-Length.
 *
 * Written from the SigV4 documentation, independently of the SDK that signs: canonical
 * request = method, the path as sent, the sorted query without X-Amz-Signature, each signed
 * header as received, the signed header list, the payload hash (UNSIGNED-PAYLOAD unless the
 * URL names one). Requests signed in the Authorization header pass unchecked.
 *
 * It also answers S3's conditional write, which s3rver lacks: a PUT with `If-None-Match: *`
 * onto a key that already holds an object is refused with 412 PreconditionFailed.
 */
export type SigV4Gate = { origin: string; close(): Promise<void> };

export async function startSigV4Gate(upstream: string, secrets: Record<string, string>): Promise<SigV4Gate> {
  const target = new URL(upstream);
  const refuse = (req: http.IncomingMessage, res: http.ServerResponse, status: number, code: string) => {
    res.writeHead(status, { "content-type": "application/xml" });
    res.end(`<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code></Error>`);
    req.resume();
  };
  const exists = (path: string) =>
    new Promise<boolean>((resolve) => {
      const head = http.request({ host: target.hostname, port: target.port, method: "HEAD", path }, (answer) => {
        answer.resume();
        resolve(answer.statusCode === 200);
      });
      head.on("error", () => resolve(false));
      head.end();
    });
  const server = http.createServer(async (req, res) => {
    const refusal = presignedRefusal(req, secrets);
    if (refusal) return refuse(req, res, 403, refusal);
    if (req.method === "PUT" && req.headers["if-none-match"] === "*" && (await exists(req.url ?? "/"))) {
      return refuse(req, res, 412, "PreconditionFailed");
    }
    const forward = http.request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on("error", () => res.writeHead(502).end());
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** null when the request is not presigned or its signature matches; else S3's error code. */
function presignedRefusal(req: http.IncomingMessage, secrets: Record<string, string>): string | null {
  const [path, rawQuery = ""] = (req.url ?? "/").split("?", 2);
  const params = rawQuery
    .split("&")
    .filter(Boolean)
    .map((pair) => {
      const at = pair.indexOf("=");
      return at === -1 ? [decodeURIComponent(pair), ""] : [decodeURIComponent(pair.slice(0, at)), decodeURIComponent(pair.slice(at + 1))];
    });
  const get = (name: string) => params.find(([k]) => k === name)?.[1];
  const provided = get("X-Amz-Signature");
  if (!provided) return null;

  const [accessKeyId, date, region, service] = (get("X-Amz-Credential") ?? "").split("/");
  const secret = secrets[accessKeyId];
  if (!secret) return "InvalidAccessKeyId";
  const signedHeaders = get("X-Amz-SignedHeaders") ?? "";

  const canonicalQuery = params
    .filter(([k]) => k !== "X-Amz-Signature")
    .map(([k, v]) => [uriEncode(k), uriEncode(v)])
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join("&");
  const canonicalHeaders = signedHeaders
    .split(";")
    .map((name) => `${name}:${String(req.headers[name] ?? "").trim().replace(/\s+/g, " ")}\n`)
    .join("");
  const canonicalRequest = [req.method, path, canonicalQuery, canonicalHeaders, signedHeaders, get("X-Amz-Content-Sha256") ?? "UNSIGNED-PAYLOAD"].join("\n");

  const scope = `${date}/${region}/${service}/aws4_request`;
  const stringToSign = ["AWS4-HMAC-SHA256", get("X-Amz-Date"), scope, sha256Hex(canonicalRequest)].join("\n");
  let key: Buffer = hmac(`AWS4${secret}`, date);
  for (const part of [region, service, "aws4_request"]) key = hmac(key, part);
  const expected = createHmac("sha256", key).update(stringToSign).digest("hex");
  return expected === provided ? null : "SignatureDoesNotMatch";
}

function uriEncode(s: string): string {
  return encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

const sha256Hex = (s: string) => createHash("sha256").update(s).digest("hex");
const hmac = (key: string | Buffer, data: string) => createHmac("sha256", key).update(data).digest();
