import { createDatabaseStore } from "@/lib/documents/storage/database-store";
import { s3StoreFromEnv } from "@/lib/documents/storage/s3-store";
import type { ObjectStore } from "@/lib/documents/storage/object-store";

let cached: ObjectStore | undefined;

/** S3 when S3_BUCKET is configured, else the built-in store in PostgreSQL. */
export function objectStore(): ObjectStore {
  cached ??= s3StoreFromEnv() ?? createDatabaseStore();
  return cached;
}
