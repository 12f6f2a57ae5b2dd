import type { Readable } from "node:stream";
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { env } from "@/lib/env";
import { ObjectTooLarge, type ObjectStore } from "@/lib/documents/storage/object-store";

export type S3StoreConfig = {
  bucket: string;
  region: string;
  /** Any S3-compatible endpoint (MinIO, R2, s3rver); unset for AWS itself. */
  endpoint?: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
};

const PDF = "application/pdf";

/** The ObjectStore port on any S3-compatible bucket. */
export function createS3Store(config: S3StoreConfig): ObjectStore {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // By default the SDK would sign a CRC32 of the *empty* body into every presigned PUT, and
    // S3 would then refuse the real upload; many S3-compatible servers reject checksum headers.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  const Bucket = config.bucket;

  return {
    kind: "s3",

    async presignUpload(name, { expiresInSeconds, contentLength }) {
      const sized = contentLength !== undefined;
      // `If-None-Match: *` makes the PUT a conditional write: S3 refuses it (412) once an object
      // exists under the key, so the URL takes one file.
      const command = new PutObjectCommand({ Bucket, Key: name, ContentType: PDF, IfNoneMatch: "*", ...(sized ? { ContentLength: contentLength } : {}) });
      // The presigner leaves these headers unsigned unless told otherwise; signing them is what
      // makes the bucket itself refuse another type, another size, or a second file.
      const url = await getSignedUrl(client, command, {
        expiresIn: expiresInSeconds,
        signableHeaders: new Set(["content-type", "if-none-match", ...(sized ? ["content-length"] : [])]),
      });
      return { url, headers: { "Content-Type": PDF, "If-None-Match": "*", ...(sized ? { "Content-Length": String(contentLength) } : {}) } };
    },

    async put(name, bytes, contentType) {
      await client.send(new PutObjectCommand({ Bucket, Key: name, Body: bytes, ContentType: contentType, ContentLength: bytes.length }));
    },

    async head(name) {
      try {
        const out = await client.send(new HeadObjectCommand({ Bucket, Key: name }));
        return { size: out.ContentLength ?? 0, contentType: out.ContentType ?? null };
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },

    async get(name, maxBytes) {
      let out;
      try {
        out = await client.send(new GetObjectCommand({ Bucket, Key: name }));
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
      // The headers arrive before the body: refuse on the declared size without reading it,
      // and count anyway in case the server does not declare one.
      const body = out.Body as Readable | undefined;
      if (!body) return Buffer.alloc(0);
      if (out.ContentLength !== undefined && out.ContentLength > maxBytes) {
        body.destroy();
        throw new ObjectTooLarge(name, out.ContentLength);
      }
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of body) {
        size += (chunk as Buffer).length;
        if (size > maxBytes) {
          body.destroy();
          throw new ObjectTooLarge(name, size);
        }
        chunks.push(chunk as Buffer);
      }
      return Buffer.concat(chunks, size);
    },

    async delete(name) {
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key: name }));
      } catch (err) {
        // S3 answers 204 for a missing key; some compatible servers answer NoSuchKey.
        if (!isMissing(err)) throw err;
      }
    },
  };
}

/** The S3 store when S3_BUCKET is configured, else null (the caller falls back). */
export function s3StoreFromEnv(): ObjectStore | null {
  const e = env();
  if (!e.S3_BUCKET) return null;
  if (!e.S3_ACCESS_KEY_ID || !e.S3_SECRET_ACCESS_KEY) {
    // env() already refuses this combination; repeated so the types need no assertion.
    throw new Error("Invalid configuration: S3_BUCKET needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY");
  }
  return createS3Store({
    bucket: e.S3_BUCKET,
    region: e.S3_REGION,
    endpoint: e.S3_ENDPOINT,
    accessKeyId: e.S3_ACCESS_KEY_ID,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY,
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
  });
}

// NoSuchBucket is deliberately not "missing": a wrong bucket name must surface, not look
// like an upload that never happened. (HEAD has no body, so a missing bucket there reads as
// NotFound; the first GET or PUT reveals it.)
function isMissing(err: unknown): boolean {
  const name = (err as { name?: string } | null)?.name;
  return name === "NoSuchKey" || name === "NotFound";
}
