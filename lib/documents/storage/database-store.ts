import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { signValue } from "@/lib/tokens/signed-token";
import { ObjectTooLarge, type ObjectStore } from "@/lib/documents/storage/object-store";

export const UPLOAD_URL_PURPOSE = "upload-url";

/**
 * The built-in store: objects as rows of `stored_objects` in the service's own PostgreSQL, so
 * every web instance and worker sharing the database sees the same uploads and proofs with
 * nothing else to run. Its upload URLs point at our own PUT /v1/uploads/{key}, signed with
 * the key and an expiry (the route checks both and takes the bytes once).
 */
export function createDatabaseStore(): ObjectStore {
  return {
    kind: "fallback",
    async presignUpload(name, { expiresInSeconds }) {
      const key = name.replace(/^uploads\//, "");
      const expires = Math.floor(Date.now() / 1000) + expiresInSeconds;
      const signature = signValue(UPLOAD_URL_PURPOSE, `${key}.${expires}`);
      const url = `${env().PUBLIC_BASE_URL}/v1/uploads/${key}?expires=${expires}&signature=${signature}`;
      return { url, headers: { "Content-Type": "application/pdf" } };
    },
    async put(name, bytes, contentType) {
      await db().storedObject.upsert({
        where: { name },
        create: { name, contentType, size: bytes.length, bytes: new Uint8Array(bytes) },
        update: { contentType, size: bytes.length, bytes: new Uint8Array(bytes) },
      });
    },
    async head(name) {
      const row = await db().storedObject.findUnique({ where: { name }, select: { size: true, contentType: true } });
      return row ? { size: row.size, contentType: row.contentType } : null;
    },
    async get(name, maxBytes) {
      const head = await this.head(name);
      if (!head) return null;
      if (head.size > maxBytes) throw new ObjectTooLarge(name, head.size);
      const row = await db().storedObject.findUnique({ where: { name }, select: { bytes: true } });
      return row ? Buffer.from(row.bytes) : null;
    },
    async delete(name) {
      await db().storedObject.deleteMany({ where: { name } });
    },
  };
}
