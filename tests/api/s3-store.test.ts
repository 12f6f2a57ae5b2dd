import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ObjectTooLarge, type ObjectStore } from "@/lib/documents/storage/object-store";
import { createS3Store } from "@/lib/documents/storage/s3-store";
import { startSigV4Gate, type SigV4Gate } from "@/tests/support/sigv4-gate";

// A real S3-compatible server (s3rver, its default credentials S3RVER/S3RVER) on a fresh folder.
// s3rver does not verify SigV4 signatures, so the presigned-URL cases go through a gate that
// checks them as S3 does (tests/support/sigv4-gate.ts); the rest talk to s3rver directly.
let dir: string;
let s3rver: S3rver;
let gate: SigV4Gate;
let store: ObjectStore;
let gated: ObjectStore;

const credentials = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };
const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
const storeAt = (endpoint: string) =>
  createS3Store({ bucket: "mail-test", region: "us-east-1", endpoint, forcePathStyle: true, ...credentials });
const uploadName = () => `uploads/up_${crypto.randomUUID().replaceAll("-", "")}.pdf`;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "mail-s3rver-"));
  s3rver = new S3rver({ port: 0, address: "127.0.0.1", silent: true, directory: dir, configureBuckets: [{ name: "mail-test" }] });
  const { port } = await s3rver.run();
  const origin = `http://127.0.0.1:${port}`;
  gate = await startSigV4Gate(origin, { [credentials.accessKeyId]: credentials.secretAccessKey });
  store = storeAt(origin);
  gated = storeAt(gate.origin);
});

afterAll(async () => {
  await gate?.close();
  await s3rver?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("S3 object store", () => {
  it("is the s3 kind", () => {
    expect(store.kind).toBe("s3");
  });

  it("puts, heads, gets and deletes an object", async () => {
    const name = uploadName();
    await store.put(name, PDF, "application/pdf");
    expect(await store.head(name)).toEqual({ size: PDF.length, contentType: "application/pdf" });
    expect((await store.get(name, 1024))?.equals(PDF)).toBe(true);
    await store.delete(name);
    expect(await store.head(name)).toBeNull();
    expect(await store.get(name, 1024)).toBeNull();
  });

  it("answers null for a missing object and deletes it without complaint", async () => {
    expect(await store.get("uploads/never-written.pdf", 1024)).toBeNull();
    expect(await store.head("uploads/never-written.pdf")).toBeNull();
    await expect(store.delete("uploads/never-written.pdf")).resolves.toBeUndefined();
  });

  it("refuses to read an object larger than maxBytes", async () => {
    const name = uploadName();
    await store.put(name, PDF, "application/pdf");
    const err = await store.get(name, PDF.length - 1).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ObjectTooLarge);
    expect((err as ObjectTooLarge).size).toBe(PDF.length);
    expect((await store.get(name, PDF.length))?.length).toBe(PDF.length);
  });

  it("surfaces a wrong bucket instead of reporting the object missing", async () => {
    const wrong = createS3Store({ bucket: "no-such-bucket", region: "us-east-1", endpoint: gate.origin, forcePathStyle: true, ...credentials });
    await expect(wrong.get("uploads/x.pdf", 1024)).rejects.toMatchObject({ name: "NoSuchBucket" });
  });
});

describe("presigned uploads", () => {
  const put = (url: string, headers: Record<string, string>, body: Buffer) => fetch(url, { method: "PUT", headers, body: new Uint8Array(body) });

  it("accepts a PUT of the PDF with the returned headers", async () => {
    const name = uploadName();
    const upload = await gated.presignUpload(name, { expiresInSeconds: 300 });
    expect(upload.headers).toEqual({ "Content-Type": "application/pdf", "If-None-Match": "*" });
    const res = await put(upload.url, upload.headers, PDF);
    expect(res.status).toBe(200);
    expect(await store.head(name)).toEqual({ size: PDF.length, contentType: "application/pdf" });
  });

  it("takes one file: the conditional write is signed in, and a second PUT is refused", async () => {
    const name = uploadName();
    const upload = await gated.presignUpload(name, { expiresInSeconds: 300 });
    // Leaving the condition out breaks the signature, so no client can skip it.
    const unconditional = await put(upload.url, { "Content-Type": "application/pdf" }, PDF);
    expect(unconditional.status).toBe(403);
    expect((await put(upload.url, upload.headers, PDF)).status).toBe(200);
    const second = await put(upload.url, upload.headers, Buffer.concat([PDF, Buffer.from("% another file")]));
    expect(second.status).toBe(412);
    expect((await store.head(name))?.size).toBe(PDF.length);
  });

  it("signs the type (and the size when given) into the URL, and nothing that would break a real upload", async () => {
    const plain = new URL((await gated.presignUpload(uploadName(), { expiresInSeconds: 300 })).url);
    expect(plain.searchParams.get("X-Amz-SignedHeaders")).toBe("content-type;host;if-none-match");
    const sized = await gated.presignUpload(uploadName(), { expiresInSeconds: 300, contentLength: PDF.length });
    expect(new URL(sized.url).searchParams.get("X-Amz-SignedHeaders")).toBe("content-length;content-type;host;if-none-match");
    expect(sized.headers).toEqual({ "Content-Type": "application/pdf", "If-None-Match": "*", "Content-Length": String(PDF.length) });
    // A checksum of the empty body signed into the URL makes S3 refuse the actual upload.
    expect([...plain.searchParams.keys()].filter((k) => /checksum/i.test(k))).toEqual([]);
  });

  it("refuses a PUT with another Content-Type", async () => {
    const name = uploadName();
    const upload = await gated.presignUpload(name, { expiresInSeconds: 300 });
    const res = await put(upload.url, { "Content-Type": "text/html", "If-None-Match": "*" }, Buffer.from("<html></html>"));
    expect(res.status).toBe(403);
    expect(await res.text()).toContain("SignatureDoesNotMatch");
    expect(await store.head(name)).toBeNull();
  });

  it("with contentLength, refuses a PUT of another size and accepts the promised one", async () => {
    const name = uploadName();
    const upload = await gated.presignUpload(name, { expiresInSeconds: 300, contentLength: PDF.length });
    const longer = await put(upload.url, { "Content-Type": "application/pdf", "If-None-Match": "*" }, Buffer.concat([PDF, Buffer.from("% more")]));
    expect(longer.status).toBe(403);
    expect(await store.head(name)).toBeNull();
    const exact = await put(upload.url, upload.headers, PDF);
    expect(exact.status).toBe(200);
    expect((await store.head(name))?.size).toBe(PDF.length);
  });

  it("refuses a tampered signature", async () => {
    const name = uploadName();
    const url = new URL((await gated.presignUpload(name, { expiresInSeconds: 300 })).url);
    url.searchParams.set("X-Amz-Signature", "0".repeat(64));
    const res = await put(url.href, { "Content-Type": "application/pdf" }, PDF);
    expect(res.status).toBe(403);
    expect(await store.head(name)).toBeNull();
  });

  it("is refused by the server itself once expired", async () => {
    // s3rver does enforce X-Amz-Date + X-Amz-Expires; talk to it directly to show that.
    const name = uploadName();
    const upload = await store.presignUpload(name, { expiresInSeconds: 1 });
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    const res = await put(upload.url, upload.headers, PDF);
    expect(res.status).toBe(403);
    expect(await res.text()).toContain("Request has expired");
    expect(await store.head(name)).toBeNull();
  });
});
