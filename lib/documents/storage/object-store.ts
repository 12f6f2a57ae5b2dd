/**
 * Where uploaded PDFs and proofs live. Two adapters: S3 (any S3-compatible endpoint, chosen
 * when S3_BUCKET is set) and the built-in store in PostgreSQL (the embedded default, shared
 * by every web instance and worker that share the database).
 *
 * Object names are ours, never a caller's: `uploads/<upload_key>`, `proofs/<proof id>.pdf`,
 * `proofs/<proof id>.png`.
 */
export type ObjectStore = {
  readonly kind: "s3" | "fallback";
  /**
   * A URL a client can PUT one PDF to, valid `expiresInSeconds`, and the headers it must send.
   * S3 signs Content-Type (and Content-Length when `contentLength` is given) into the URL, so
   * the bucket itself refuses any other type or size.
   */
  presignUpload(name: string, opts: { expiresInSeconds: number; contentLength?: number }): Promise<PresignedUpload>;
  put(name: string, bytes: Buffer, contentType: string): Promise<void>;
  /** Size and type of a stored object, or null when there is none. */
  head(name: string): Promise<{ size: number; contentType: string | null } | null>;
  /** The bytes, or null when there is none. Throws ObjectTooLarge instead of reading more than maxBytes. */
  get(name: string, maxBytes: number): Promise<Buffer | null>;
  /** Removes the object; removing a missing object is not an error. */
  delete(name: string): Promise<void>;
};

export type PresignedUpload = { url: string; headers: Record<string, string> };

export class ObjectTooLarge extends Error {
  constructor(
    readonly objectName: string,
    readonly size: number,
  ) {
    super(`object ${objectName} is ${size} bytes, more than allowed`);
  }
}
