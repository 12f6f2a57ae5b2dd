import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as postUploads } from "@/app/v1/uploads/route";
import { PUT as putUpload } from "@/app/v1/uploads/[key]/route";
import { POST as postQuote } from "@/app/v1/quotes/route";
import { GET as getProof } from "@/app/v1/proofs/[file]/route";
import { db } from "@/lib/db";
import { call, letter, randomIp } from "@/tests/support/api";
import { startSigV4Gate, type SigV4Gate } from "@/tests/support/sigv4-gate";
import { validPdf } from "@/tests/support/pdfs";

// The whole upload path with S3 configured: a real S3-protocol server (s3rver) behind a gate
// that checks SigV4 signatures as S3 does (s3rver itself does not). The settings are set
// before anything in this file reads the configuration (env() reads it once, on first use).
let dir: string;
let s3rver: S3rver;
let gate: SigV4Gate;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "mail-s3rver-"));
  s3rver = new S3rver({ port: 0, address: "127.0.0.1", silent: true, directory: dir, configureBuckets: [{ name: "mail-uploads" }] });
  const { port } = await s3rver.run();
  gate = await startSigV4Gate(`http://127.0.0.1:${port}`, { S3RVER: "S3RVER" });
  Object.assign(process.env, {
    S3_BUCKET: "mail-uploads",
    S3_REGION: "us-east-1",
    S3_ENDPOINT: gate.origin,
    S3_ACCESS_KEY_ID: "S3RVER",
    S3_SECRET_ACCESS_KEY: "S3RVER",
    S3_FORCE_PATH_STYLE: "1",
  });
});

afterAll(async () => {
  await gate?.close();
  await s3rver?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("uploads and proofs with S3 configured", () => {
  it("presigns an S3 PUT; the letter quotes from the uploaded object; proofs live in the bucket", async () => {
    const ip = randomIp();
    const up = await call(postUploads, { method: "POST", ip });
    expect(up.status, JSON.stringify(up.json)).toBe(200);
    expect(up.json).toMatchObject({ method: "PUT", expires_in: 900, max_bytes: 10485760, headers: { "Content-Type": "application/pdf", "If-None-Match": "*" } });
    const url = new URL(up.json.upload_url);
    expect(url.origin).toBe(gate.origin);
    expect(url.pathname).toBe(`/mail-uploads/uploads/${up.json.upload_key}`);
    expect(url.searchParams.get("X-Amz-SignedHeaders")).toBe("content-type;host;if-none-match");
    expect((await db().upload.findUniqueOrThrow({ where: { key: up.json.upload_key } })).storage).toBe("s3");

    // The bucket refuses another content type: the type is part of the signature.
    const pdf = await validPdf(3);
    const wrong = await fetch(up.json.upload_url, { method: "PUT", body: new Uint8Array(pdf), headers: { ...up.json.headers, "Content-Type": "text/plain" } });
    expect(wrong.status).toBe(403);

    const ok = await fetch(up.json.upload_url, { method: "PUT", body: new Uint8Array(pdf), headers: up.json.headers });
    expect(ok.status).toBe(200);
    // One-shot, as on the built-in store: the bucket refuses a second file under the key.
    const again = await fetch(up.json.upload_url, { method: "PUT", body: new Uint8Array(pdf), headers: up.json.headers });
    expect(again.status).toBe(412);

    const quote = await call(postQuote, { body: letter({ text: undefined, upload_key: up.json.upload_key }), ip });
    expect(quote.status, JSON.stringify(quote.json)).toBe(200);
    expect(quote.json.quote.page_count).toBe(3);

    const file = `${quote.json.proof.id}.pdf`;
    const proof = await getProof(new Request(quote.json.proof.pdf_url, { headers: { "x-mail-client-ip": ip } }), { params: Promise.resolve({ file }) });
    expect(proof.status).toBe(200);
    expect(Buffer.from(await proof.arrayBuffer()).subarray(0, 5).toString()).toBe("%PDF-");
  });

  it("signs the size in when content_length is given, so the bucket refuses another size", async () => {
    const pdf = await validPdf(1);
    const up = await call(postUploads, { body: { content_length: pdf.length } });
    expect(up.json.headers).toEqual({ "Content-Type": "application/pdf", "If-None-Match": "*", "Content-Length": String(pdf.length) });
    const longer = Buffer.concat([pdf, Buffer.from("\n% padding\n")]);
    const { "Content-Length": _, ...headers } = up.json.headers;
    expect((await fetch(up.json.upload_url, { method: "PUT", body: new Uint8Array(longer), headers })).status).toBe(403);
    expect((await fetch(up.json.upload_url, { method: "PUT", body: new Uint8Array(pdf), headers })).status).toBe(200);
  });

  it("hard-refuses the keyless sink PUT /v1/uploads/{key}", async () => {
    const up = await call(postUploads, { method: "POST" });
    const req = new Request(`http://mail.test/v1/uploads/${up.json.upload_key}`, {
      method: "PUT",
      body: new Uint8Array(await validPdf(1)),
      headers: { "content-type": "application/pdf", "x-mail-client-ip": randomIp() },
    });
    const res = await putUpload(req, { params: Promise.resolve({ key: up.json.upload_key }) });
    expect(res.status).toBe(403);
    expect((await res.json()).code).toBe("upload_sink_disabled");
  });
});
