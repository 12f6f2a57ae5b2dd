import { describe, expect, it } from "vitest";
import { POST as postUploads } from "@/app/v1/uploads/route";
import { PUT as putUpload } from "@/app/v1/uploads/[key]/route";
import { POST as postQuote } from "@/app/v1/quotes/route";
import { POST as postOrder } from "@/app/v1/orders/route";
import { db } from "@/lib/db";
import { objectStore } from "@/lib/documents/storage/object-store-from-env";
import { sweepStaleDocuments } from "@/lib/documents/sweep-stale-documents";
import { saveProof } from "@/lib/documents/proofs";
import { call, letter, randomIp } from "@/tests/support/api";
import { hugePdf, validPdf } from "@/tests/support/pdfs";

/** PUTs bytes to an upload URL the way a client would, through the route handler. */
async function put(url: string, bytes: Buffer, contentType = "application/pdf") {
  const key = new URL(url).pathname.split("/").pop()!;
  const req = new Request(url, { method: "PUT", body: new Uint8Array(bytes), headers: { "content-type": contentType, "x-mail-client-ip": randomIp() } });
  const res = await putUpload(req, { params: Promise.resolve({ key }) });
  return { status: res.status, json: await res.json() };
}

async function newUpload(ip = randomIp()) {
  const res = await call(postUploads, { method: "POST", ip });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json;
}

describe("POST /v1/uploads (built-in store)", () => {
  it("returns the spec's shape: a signed one-shot PUT URL for 900 seconds and 10 MB", async () => {
    const up = await newUpload();
    expect(up).toMatchObject({
      status: "ok",
      method: "PUT",
      headers: { "Content-Type": "application/pdf" },
      expires_in: 900,
      max_bytes: 10485760,
    });
    expect(up.upload_key).toMatch(/^up_[0-9a-f]{32}\.pdf$/);
    expect(up.upload_url).toMatch(new RegExp(`^http://mail\\.test/v1/uploads/${up.upload_key.replace(".", "\\.")}\\?expires=\\d+&signature=`));
    expect(up.next.length).toBeGreaterThan(0);
    const row = await db().upload.findUniqueOrThrow({ where: { key: up.upload_key } });
    expect(row).toMatchObject({ storage: "fallback", receivedAt: null, orderId: null });
  });

  it("takes the PDF once, then a letter quotes and sends with its upload_key", async () => {
    const ip = randomIp();
    const up = await newUpload(ip);
    const pdf = await validPdf(2);
    const first = await put(up.upload_url, pdf);
    expect(first.status).toBe(201);
    expect(first.json).toMatchObject({ status: "ok", upload_key: up.upload_key, size_bytes: pdf.length });

    const again = await put(up.upload_url, pdf);
    expect(again.status).toBe(409);
    expect(again.json.code).toBe("upload_already_received");

    const body = letter({ text: undefined, upload_key: up.upload_key });
    const quote = await call(postQuote, { body, ip });
    expect(quote.status, JSON.stringify(quote.json)).toBe(200);
    expect(quote.json.quote.page_count).toBe(2);
    const order = await call(postOrder, { body: { ...body, confirmation_token: quote.json.confirmation_token }, ip });
    expect(order.status, JSON.stringify(order.json)).toBe(201);
    const row = await db().upload.findUniqueOrThrow({ where: { key: up.upload_key } });
    expect(row.orderId).toBe(order.json.order.id);
    const orderRow = await db().order.findUniqueOrThrow({ where: { id: order.json.order.id } });
    expect(orderRow.contentSource).toBe(`upload:${up.upload_key}`);
  });

  it("refuses a key not of the upload-key form with 400 before touching storage", async () => {
    for (const key of ["up_123.pdf", "up_" + "A".repeat(32) + ".pdf", "../secrets", "up_" + "a".repeat(32) + ".exe"]) {
      const url = `http://mail.test/v1/uploads/${encodeURIComponent(key)}`;
      const req = new Request(url, { method: "PUT", body: "x", headers: { "content-type": "application/pdf", "x-mail-client-ip": randomIp() } });
      const res = await putUpload(req, { params: Promise.resolve({ key }) });
      expect(res.status, key).toBe(400);
      expect((await res.json()).code, key).toBe("invalid_upload_key");
    }
  });

  it("refuses an altered or unsigned URL, a wrong type, a non-PDF and more than 10 MB", async () => {
    const up = await newUpload();
    const url = new URL(up.upload_url);
    const unsigned = `${url.origin}${url.pathname}`;
    expect((await put(unsigned, await validPdf())).json.code).toBe("invalid_upload_url");
    const later = new URL(up.upload_url);
    later.searchParams.set("expires", String(Number(later.searchParams.get("expires")) + 3600));
    expect((await put(later.toString(), await validPdf())).json.code).toBe("invalid_upload_url");

    const wrongType = await put(up.upload_url, await validPdf(), "text/plain");
    expect(wrongType.status).toBe(400);
    expect(wrongType.json.code).toBe("unsupported_media_type");
    // What to do next names the PDF's type, not the JSON the other routes take.
    expect(wrongType.json.next.join(" ")).toMatch(/application\/pdf/);
    expect(wrongType.json.next.join(" ")).not.toMatch(/json/i);

    const notPdf = await put(up.upload_url, Buffer.from("hello"));
    expect(notPdf.status).toBe(400);
    expect(notPdf.json.code).toBe("invalid_pdf");

    const big = await put(up.upload_url, await hugePdf(10.2));
    expect(big.status).toBe(400);
    expect(big.json.code).toBe("body_too_large");
    // None of those stored anything: the URL still takes the real file.
    expect((await put(up.upload_url, await validPdf())).status).toBe(201);
  });

  it("answers upload_not_found when a letter names a key nothing was uploaded to", async () => {
    const up = await newUpload();
    const res = await call(postQuote, { body: letter({ text: undefined, upload_key: up.upload_key }) });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ code: "upload_not_found", reason: expect.stringMatching(/PUT the PDF to its upload_url first/) });
    const never = await call(postQuote, { body: letter({ text: undefined, upload_key: "up_" + "0".repeat(32) + ".pdf" }) });
    expect(never.json.code).toBe("upload_not_found");
  });

  it("throttles POST /v1/uploads at 10 a minute per caller", async () => {
    const ip = randomIp();
    for (let i = 0; i < 10; i++) expect((await call(postUploads, { method: "POST", ip })).status).toBe(200);
    const res = await call(postUploads, { method: "POST", ip });
    expect(res.status).toBe(429);
    expect(res.json.code).toBe("rate_limited");
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("accepts an optional content_length and refuses nonsense in the body", async () => {
    expect((await call(postUploads, { body: { content_length: 1234 } })).status).toBe(200);
    const bad = await call(postUploads, { body: { content_length: 20_000_000 } });
    expect(bad.status).toBe(400);
    expect(bad.json.reason).toMatch(/content_length must be at most 10485760/);
    const unknown = await call(postUploads, { body: { bytes: 5 } });
    expect(unknown.json).toMatchObject({ code: "validation_error", reason: expect.stringMatching(/unknown field "bytes"/) });
    const notJson = await call(postUploads, { rawBody: "content_length=5", headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(notJson.json.code).toBe("unsupported_media_type");
    const broken = await call(postUploads, { rawBody: "{", headers: { "content-type": "application/json" } });
    expect(broken.json.code).toBe("invalid_json");
    // No body at all is the spec's call, whatever Content-Type a client puts on it.
    expect((await call(postUploads, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" } })).status).toBe(200);
  });
});

describe("the 30-day sweep", () => {
  it("deletes uploads no order used and the proofs of quotes never sent, and keeps the rest", async () => {
    const ip = randomIp();
    const stale = await newUpload(ip);
    await put(stale.upload_url, await validPdf());
    const used = await newUpload(ip);
    await put(used.upload_url, await validPdf());
    const body = letter({ text: undefined, upload_key: used.upload_key });
    const usedQuote = await call(postQuote, { body, ip });
    await call(postOrder, { body: { ...body, confirmation_token: usedQuote.json.confirmation_token }, ip });
    const unsentQuote = await call(postQuote, { body: letter({ text: "Never sent." }), ip });

    const old = new Date(Date.now() - 31 * 86_400_000);
    await db().upload.updateMany({ where: { key: { in: [stale.upload_key, used.upload_key] } }, data: { createdAt: old } });
    await db().quote.updateMany({ where: { id: { in: [usedQuote.json.quote.id, unsentQuote.json.quote.id] } }, data: { createdAt: old } });
    await db().proof.updateMany({ where: { id: { in: [usedQuote.json.proof.id, unsentQuote.json.proof.id] } }, data: { createdAt: old } });
    // A proof whose quote was never written (the quote failed after saving it) goes too.
    const stray = await saveProof(await validPdf(), 1, []);
    await db().proof.update({ where: { id: stray.id }, data: { createdAt: old } });

    const swept = await sweepStaleDocuments();
    expect(swept.uploads).toBeGreaterThanOrEqual(1);
    expect(await db().upload.findUnique({ where: { key: stale.upload_key } })).toBeNull();
    expect(await objectStore().head(`uploads/${stale.upload_key}`)).toBeNull();
    expect(await db().upload.findUnique({ where: { key: used.upload_key } })).not.toBeNull();

    const unsent = await db().quote.findUniqueOrThrow({ where: { id: unsentQuote.json.quote.id } });
    expect(unsent.proofId).toBeNull();
    expect(unsent.letter).toBeNull();
    expect(await db().proof.findUnique({ where: { id: unsentQuote.json.proof.id } })).toBeNull();
    expect(await objectStore().head(`proofs/${unsentQuote.json.proof.id}.pdf`)).toBeNull();
    expect(await db().proof.findUnique({ where: { id: stray.id } })).toBeNull();
    const sent = await db().quote.findUniqueOrThrow({ where: { id: usedQuote.json.quote.id } });
    expect(sent.proofId).toBe(usedQuote.json.proof.id);
    expect(await objectStore().head(`proofs/${usedQuote.json.proof.id}.pdf`)).not.toBeNull();
  });
});
