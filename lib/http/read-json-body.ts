import { ApiError } from "@/lib/errors/api-error";

/**
 * Reads a JSON body without trusting Content-Length: the stream is cut off as soon as it
 * passes the limit, so an oversized body costs at most `maxBytes` of memory. With `optional`,
 * no body at all (any Content-Type, or none) reads as `{}`.
 */
export async function readJsonBody(request: Request, maxBytes: number, opts: { optional?: boolean } = {}): Promise<unknown> {
  const type = request.headers.get("content-type") ?? "";
  const isJson = /^application\/json\s*(;|$)/i.test(type.trim());
  if (!isJson && !opts.optional) {
    throw new ApiError("unsupported_media_type", type ? `Content-Type \`${type}\` is not accepted; send application/json.` : "No Content-Type header; send application/json.");
  }
  const text = (await readBodyBytes(request, maxBytes)).toString("utf8");
  if (text.trim() === "") {
    if (opts.optional) return {};
    throw new ApiError("invalid_json", "The body is empty; send a JSON object.");
  }
  if (!isJson) {
    throw new ApiError("unsupported_media_type", `Content-Type \`${type || "(none)"}\` is not accepted; send no body, or JSON with Content-Type: application/json.`);
  }
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new ApiError("invalid_json", `The body is not valid JSON: ${(err as Error).message}.`);
  }
}

/** The raw body, refused with body_too_large as soon as it passes maxBytes. */
export async function readBodyBytes(request: Request, maxBytes: number): Promise<Buffer> {
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge(maxBytes);

  const chunks: Uint8Array[] = [];
  let total = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) {
        await reader.cancel().catch(() => {});
        throw tooLarge(maxBytes);
      }
      chunks.push(value);
    }
  }
  return Buffer.concat(chunks);
}

function tooLarge(maxBytes: number) {
  return new ApiError("body_too_large", `The body is larger than ${maxBytes.toLocaleString("en-US")} bytes, the most this route accepts.`);
}
