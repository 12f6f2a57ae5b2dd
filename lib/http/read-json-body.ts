import type { z } from "zod";
import { ApiError } from "@/lib/http/api-error";
import { describeZodError } from "@/lib/http/describe-zod-error";

/**
 * Reads a JSON body without trusting Content-Length: the stream is cut off as soon as it
 * passes the limit, so an oversized body costs at most `maxBytes` of memory.
 */
export async function readJsonBody(request: Request, maxBytes: number): Promise<unknown> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^application\/json\s*(;|$)/i.test(type.trim())) {
    throw new ApiError("unsupported_media_type", type ? `Content-Type \`${type}\` is not accepted; send application/json.` : "No Content-Type header; send application/json.");
  }
  const text = (await readBodyBytes(request, maxBytes)).toString("utf8");
  if (text.trim() === "") throw new ApiError("invalid_json", "The body is empty; send a JSON object.");
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

/** For routes whose body is optional: no body (or an empty one) is `{}`; anything else must be JSON that fits the schema. */
export async function readOptionalJsonBody<T extends z.ZodType>(request: Request, schema: T, maxBytes = 4096): Promise<z.infer<T>> {
  const bytes = await readBodyBytes(request, maxBytes);
  let value: unknown = {};
  if (bytes.toString("utf8").trim() !== "") {
    const type = request.headers.get("content-type") ?? "";
    if (!/^application\/json\s*(;|$)/i.test(type.trim())) {
      throw new ApiError("unsupported_media_type", "Send no body, or a JSON body with Content-Type: application/json.");
    }
    try {
      value = JSON.parse(bytes.toString("utf8"));
    } catch (err) {
      throw new ApiError("invalid_json", `The body is not valid JSON: ${(err as Error).message}.`);
    }
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new ApiError("validation_error", describeZodError(parsed.error, "body"));
  return parsed.data;
}
