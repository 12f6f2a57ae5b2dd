import http from "node:http";
import type { AddressInfo } from "node:net";
import { randomBytes } from "node:crypto";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LobCarrier, postcardSides } from "@/lib/fulfillment/lob-carrier";
import type { CarrierPiece } from "@/lib/fulfillment/carrier";
import { renderTextLetter } from "@/lib/documents/render-text-letter";
import type { Format, MailClass } from "@/lib/letters/formats";
import { startFakeLob, type FakeLob } from "@/tests/support/fake-lob";
import { inkByHalf } from "@/tests/support/ink";
import { openWithPdfjs } from "@/lib/documents/pdfjs";

// The Lob adapter against a local Lob that speaks Lob's wire format: what Lob receives for each
// format and class, and what the worker is told for each way a call can end.

const from = { name: "Ada Sender", line1: "1 Main St", line2: undefined, city: "Springfield", state: "IL", zip: "62701", country: "US" as const };
const to = { name: "Bob Recipient", line1: "200 Elm Ave", line2: "Apt 4", city: "Albany", state: "NY", zip: "12207-1234", country: "US" as const };
const MESSAGE = "Greetings from the coast. The weather is lovely and the water is warm.";

let fake: FakeLob;
let lob: LobCarrier;
beforeAll(async () => {
  fake = await startFakeLob();
  lob = new LobCarrier({ apiKey: fake.apiKey, baseUrl: fake.url, timeoutMs: 2_000 });
});
afterAll(() => fake.close());

const orderId = () => `ord_${randomBytes(12).toString("hex")}`;

async function piece(format: Format, mailClass: MailClass = "first_class", over: Partial<CarrierPiece> = {}): Promise<CarrierPiece> {
  const doc = format === "notecard" ? { pdf: Buffer.from("%PDF-"), pageCount: 1 } : await renderTextLetter({ format, text: MESSAGE, font: "helvetica", from, to });
  return { orderId: orderId(), format, mailClass, color: false, removeBranding: false, handwriting: null, pageCount: doc.pageCount, to, from, pdf: doc.pdf, ...over };
}

const piecesOf = (id: string) => fake.pieces().filter((p) => p.fields["metadata[order_id]"] === id);

describe("the fake Lob", () => {
  // The adapter's tests mean something only if the fake refuses what Lob refuses.
  it("answers in Lob's error envelope: 401 for a wrong key, 422 for a missing to or use_type", async () => {
    const post = (key: string, body: object) =>
      fetch(`${fake.url}/letters`, {
        method: "POST",
        headers: { authorization: `Basic ${Buffer.from(`${key}:`).toString("base64")}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      }).then(async (res) => ({ status: res.status, body: await res.json() }));
    const address = { name: "Bob", address_line1: "200 Elm Ave", address_city: "Albany", address_state: "NY", address_zip: "12207" };
    expect(await post("test_nope", {})).toEqual({ status: 401, body: { error: { message: expect.any(String), status_code: 401, code: "unauthorized" } } });
    expect(await post(fake.apiKey, { from: address, color: false, use_type: "operational" })).toEqual({ status: 422, body: { error: { message: "to is required", status_code: 422, code: "invalid" } } });
    expect((await post(fake.apiKey, { to: address, from: address, color: false })).body.error.message).toBe("use_type is required");
  });
});

describe("rails Lob does not have", () => {
  it("answers no rail for notecards, Priority, and postcards in any class but First-Class", () => {
    expect(lob.noRailReason("notecard", "first_class")).toMatch(/notecards.*handwrit/i);
    expect(lob.noRailReason("letter", "priority")).toMatch(/Priority/);
    expect(lob.noRailReason("letter_windowed", "priority")).toMatch(/Priority/);
    for (const mailClass of ["certified", "certified_err", "priority"] as const) expect(lob.noRailReason("postcard_6x9", mailClass)).toMatch(/postcards/i);
    for (const format of ["letter", "letter_windowed"] as const) {
      for (const mailClass of ["first_class", "certified", "certified_err"] as const) expect(lob.noRailReason(format, mailClass)).toBeNull();
    }
    expect(lob.noRailReason("postcard_4x6", "first_class")).toBeNull();
  });

  it.each([
    ["notecard", "first_class"],
    ["letter", "priority"],
    ["postcard_4x6", "certified"],
  ] as const)("refuses a %s by %s without sending anything to Lob", async (format, mailClass) => {
    const before = fake.requests().length;
    const out = await lob.submit(await piece(format, mailClass));
    expect(out.kind).toBe("rejected");
    expect(fake.requests()).toHaveLength(before);
  });
});

describe("letters", () => {
  it.each([
    ["letter", "first_class", "insert_blank_page", undefined],
    ["letter", "certified", "insert_blank_page", "certified"],
    ["letter", "certified_err", "insert_blank_page", "certified_return_receipt"],
    ["letter_windowed", "first_class", "top_first_page", undefined],
    ["letter_windowed", "certified", "top_first_page", "certified"],
    ["letter_windowed", "certified_err", "top_first_page", "certified_return_receipt"],
  ] as const)("mails a %s %s with address_placement %s and extra_service %s", async (format, mailClass, placement, extra) => {
    const p = await piece(format, mailClass, { color: format === "letter" });
    const out = await lob.submit(p);
    expect(out).toMatchObject({ kind: "accepted", providerId: expect.stringMatching(/^ltr_/) });
    if (out.kind !== "accepted") return;

    const [got] = piecesOf(p.orderId);
    expect(got.id).toBe(out.providerId);
    expect(got.idempotencyKey).toBe(p.orderId);
    expect(got.fields).toMatchObject({
      "to[name]": "Bob Recipient",
      "to[address_line1]": "200 Elm Ave",
      "to[address_line2]": "Apt 4",
      "to[address_city]": "Albany",
      "to[address_state]": "NY",
      "to[address_zip]": "12207-1234",
      "to[address_country]": "US",
      "from[name]": "Ada Sender",
      "from[address_zip]": "62701",
      color: String(format === "letter"),
      double_sided: "false",
      use_type: "operational",
      mail_type: "usps_first_class",
      address_placement: placement,
      "metadata[order_id]": p.orderId,
    });
    expect(got.fields["from[address_line2]"]).toBeUndefined();
    expect(got.fields.extra_service).toBe(extra);
    // The PDF that prints is the proof, byte for byte.
    expect(got.files.file).toMatchObject({ type: "application/pdf", size: p.pdf.length, pages: p.pageCount, widthIn: 8.5, heightIn: 11 });
    expect(got.files.file.bytes.equals(p.pdf)).toBe(true);
    // Lob gives certified letters their USPS tracking number on creation.
    expect(out.trackingNumber).toBe(extra ? fake.object(out.providerId)!.tracking_number : null);
    if (extra) expect(out.trackingNumber).toMatch(/^\d{22}$/);
  });

  it("declares the configured use type", async () => {
    const marketing = new LobCarrier({ apiKey: fake.apiKey, baseUrl: fake.url, useType: "marketing" });
    const p = await piece("letter");
    expect((await marketing.submit(p)).kind).toBe("accepted");
    expect(piecesOf(p.orderId)[0].fields.use_type).toBe("marketing");
  });

  it("sends the order id as the idempotency key, so submitting twice mails once", async () => {
    const p = await piece("letter_windowed");
    const before = fake.requests().length;
    const first = await lob.submit(p);
    const second = await lob.submit(p);
    expect(first.kind).toBe("accepted");
    expect(second).toEqual(first);
    expect(piecesOf(p.orderId)).toHaveLength(1);
    expect(fake.requests().slice(before)).toMatchObject([
      { method: "POST", path: "/v1/letters", idempotencyKey: p.orderId },
      { method: "POST", path: "/v1/letters", idempotencyKey: p.orderId },
    ]);
  });
});

describe("postcards", () => {
  it.each([
    ["postcard_4x6", "4x6", 6.25, 4.25],
    ["postcard_6x9", "6x9", 9.25, 6.25],
    ["postcard_6x11", "6x11", 11.25, 6.25],
  ] as const)("mails a %s as size %s: a white front and the message half of the proof as the back", async (format, size, widthIn, heightIn) => {
    const p = await piece(format);
    const out = await lob.submit(p);
    expect(out).toMatchObject({ kind: "accepted", providerId: expect.stringMatching(/^psc_/), trackingNumber: null });

    const [got] = piecesOf(p.orderId);
    expect(got.resource).toBe("postcards");
    expect(got.idempotencyKey).toBe(p.orderId);
    expect(got.fields).toMatchObject({ size, use_type: "operational", mail_type: "usps_first_class", "to[name]": "Bob Recipient", "from[name]": "Ada Sender", "metadata[order_id]": p.orderId });
    for (const field of ["color", "extra_service", "address_placement", "double_sided"]) expect(got.fields[field]).toBeUndefined();
    for (const side of ["front", "back"]) {
      expect(got.files[side]).toMatchObject({ type: "application/pdf", pages: 1 });
      expect(got.files[side].widthIn).toBeCloseTo(widthIn, 2);
      expect(got.files[side].heightIn).toBeCloseTo(heightIn, 2);
    }
    // The proof shows the message on the left and both addresses on the right. Lob prints the
    // addresses and postage in its ink-free area on the right of the back, so only the message
    // goes; the front is blank rather than a second copy.
    const proof = await inkByHalf(p.pdf);
    expect(proof.right).toBeGreaterThan(0.001);
    const back = await inkByHalf(got.files.back.bytes);
    expect(back.left).toBeGreaterThan(0.002);
    expect(back.right).toBe(0);
    expect(await inkByHalf(got.files.front.bytes)).toEqual({ left: 0, right: 0 });
  });

  it("takes a two-page proof as front then back, each fitted inside the bleed", async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    for (const words of ["PICTURE SIDE", "MESSAGE SIDE"]) doc.addPage([432, 288]).drawText(words, { x: 36, y: 144, size: 14, font });
    const { front, back } = await postcardSides(Buffer.from(await doc.save()), [432, 288]);
    for (const side of [front, back]) {
      const doc = await openWithPdfjs(side);
      expect(doc.numPages).toBe(1);
      const page = await doc.getPage(1);
      expect(page.view.slice(2)).toEqual([450, 306]);
      await doc.destroy();
    }
    const text = async (bytes: Uint8Array) => {
      const doc = await openWithPdfjs(bytes);
      const items = (await (await doc.getPage(1)).getTextContent()).items as { str: string }[];
      await doc.destroy();
      return items.map((i) => i.str).join(" ");
    };
    expect(await text(front)).toContain("PICTURE SIDE");
    expect(await text(back)).toContain("MESSAGE SIDE");
  });
});

describe("what submit tells the worker", () => {
  it("is rejected with Lob's reason when Lob refuses the address, and nothing is created", async () => {
    const p = await piece("letter", "first_class", { to: { ...to, line1: "12345 North Very Long Boulevard Name Extension", line2: "Suite 100" } });
    const out = await lob.submit(p);
    expect(out).toEqual({ kind: "rejected", reason: expect.stringContaining("cannot surpass 50 characters") });
    expect(piecesOf(p.orderId)).toHaveLength(0);
  });

  it("is unavailable on a 503, honouring Retry-After, and the retry mails it", async () => {
    const p = await piece("letter");
    fake.failNext(503, 1, undefined, { "retry-after": "12" });
    expect(await lob.submit(p)).toEqual({ kind: "unavailable", reason: expect.stringContaining("503"), retryAfterSeconds: 12 });
    expect(piecesOf(p.orderId)).toHaveLength(0);
    expect((await lob.submit(p)).kind).toBe("accepted");
    expect(piecesOf(p.orderId)).toHaveLength(1);
  });

  it("is unavailable on Lob's rate limit, waiting as long as Retry-After or the rate-limit reset says", async () => {
    const p = await piece("postcard_6x9");
    fake.failNext(429, 1, undefined, { "retry-after": "7" });
    expect(await lob.submit(p)).toMatchObject({ kind: "unavailable", retryAfterSeconds: 7 });
    fake.failNext(429);
    const out = await lob.submit(p);
    expect(out.kind).toBe("unavailable");
    if (out.kind === "unavailable") expect(out.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    if (out.kind === "unavailable") expect(out.retryAfterSeconds).toBeLessThanOrEqual(6);
    expect(piecesOf(p.orderId)).toHaveLength(0);
  });

  it("is uncertain when Lob never answers, and the retry under the same order id mails no second piece", async () => {
    const impatient = new LobCarrier({ apiKey: fake.apiKey, baseUrl: fake.url, timeoutMs: 300 });
    const p = await piece("letter");
    fake.hangNext(1, { create: true });
    expect(await impatient.submit(p)).toEqual({ kind: "uncertain", reason: expect.stringContaining("no answer within 0.3 s") });
    const [made] = piecesOf(p.orderId);
    expect(made).toBeDefined();
    expect(await impatient.submit(p)).toMatchObject({ kind: "accepted", providerId: made.id });
    expect(piecesOf(p.orderId)).toHaveLength(1);
  });

  it("is uncertain when Lob never answers a request it did not act on, and the retry mails it once", async () => {
    const impatient = new LobCarrier({ apiKey: fake.apiKey, baseUrl: fake.url, timeoutMs: 300 });
    const p = await piece("postcard_4x6");
    fake.hangNext(1, { create: false });
    expect((await impatient.submit(p)).kind).toBe("uncertain");
    expect(piecesOf(p.orderId)).toHaveLength(0);
    expect((await impatient.submit(p)).kind).toBe("accepted");
    expect(piecesOf(p.orderId)).toHaveLength(1);
  });

  it("is uncertain when the connection drops after the request was sent", async () => {
    const p = await piece("letter");
    fake.resetNext(1, { create: true });
    expect((await lob.submit(p)).kind).toBe("uncertain");
    expect(piecesOf(p.orderId)).toHaveLength(1);
  });

  it("is uncertain on a 200 that is not JSON, and find resolves it to the piece Lob made", async () => {
    const p = await piece("letter_windowed", "certified");
    fake.garbageNext();
    expect(await lob.submit(p)).toEqual({ kind: "uncertain", reason: expect.stringContaining("without a readable letter id") });
    const [made] = piecesOf(p.orderId);
    expect(await lob.find(p.orderId)).toEqual({ kind: "found", providerId: made.id });
  });

  it("is uncertain on a 409 from the idempotency layer", async () => {
    const p = await piece("letter");
    fake.failNext(409, 1, { error: { message: "A request with this idempotency key is in progress.", status_code: 409, code: "conflict" } });
    expect(await lob.submit(p)).toEqual({ kind: "uncertain", reason: expect.stringContaining("in progress") });
  });

  it("is unavailable when Lob cannot be reached at all, since nothing was sent", async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const nowhere = new LobCarrier({ apiKey: fake.apiKey, baseUrl: `http://127.0.0.1:${port}/v1` });
    expect(await nowhere.submit(await piece("letter"))).toEqual({ kind: "unavailable", reason: expect.stringContaining("ECONNREFUSED") });
  });

  // A wrong key is this service's configuration, not the customer's letter: "rejected" would
  // fail and refund an order an operator can fix, so it stays retryable and says why.
  it("is unavailable, naming the API key but never showing it, when Lob refuses the key", async () => {
    const wrongKey = "test_wrongkey1234567890";
    const misconfigured = new LobCarrier({ apiKey: wrongKey, baseUrl: fake.url });
    const p = await piece("letter");
    const out = await misconfigured.submit(p);
    expect(out).toMatchObject({ kind: "unavailable", reason: expect.stringMatching(/API key/) });
    expect(JSON.stringify(out)).not.toContain(wrongKey);
    expect(piecesOf(p.orderId)).toHaveLength(0);
    expect(await misconfigured.cancel("ltr_0000")).toBe("unavailable");
  });
});

describe("track", () => {
  it("maps Lob's scans to our events, oldest first, with the scan ZIP's city, skipping names we do not know", async () => {
    const p = await piece("letter");
    const out = await lob.submit(p);
    if (out.kind !== "accepted") throw new Error(`not accepted: ${JSON.stringify(out)}`);
    const t0 = Date.parse("2025-03-03T15:00:00Z");
    const at = (h: number) => new Date(t0 + h * 3_600_000);
    const returned = fake.addTrackingEvent(out.providerId, "Returned to Sender", { location: "62701", time: at(30) });
    const mailed = fake.addTrackingEvent(out.providerId, "Mailed", { time: at(0) });
    const transit = fake.addTrackingEvent(out.providerId, "In Transit", { location: "60601", time: at(5) });
    fake.addTrackingEvent(out.providerId, "Issue", { location: "60601", time: at(6) });
    const rerouted = fake.addTrackingEvent(out.providerId, "Re-Routed", { location: "12207", time: at(20) });

    const report = await lob.track({ orderId: p.orderId, providerId: out.providerId, submittedAt: new Date(), from, to });
    expect(report).toEqual({
      kind: "ok",
      events: [
        { id: mailed.id, name: "Mailed", occurredAt: at(0), city: null, state: null, zip: null },
        { id: transit.id, name: "In Transit", occurredAt: at(5), city: "Chicago", state: "IL", zip: "60601" },
        { id: rerouted.id, name: "Re-Routed", occurredAt: at(20), city: "Albany", state: "NY", zip: "12207" },
        { id: returned.id, name: "Returned to Sender", occurredAt: at(30), city: "Springfield", state: "IL", zip: "62701" },
      ],
    });
  });

  it("tracks a postcard at /postcards and reports a canceled piece as failed", async () => {
    const p = await piece("postcard_6x11");
    const out = await lob.submit(p);
    if (out.kind !== "accepted") throw new Error(`not accepted: ${JSON.stringify(out)}`);
    const submitted = { orderId: p.orderId, providerId: out.providerId, submittedAt: new Date(), from, to };
    expect(await lob.track(submitted)).toEqual({ kind: "ok", events: [] });
    expect(fake.requests().at(-1)).toMatchObject({ method: "GET", path: `/v1/postcards/${out.providerId}` });
    expect(await lob.cancel(out.providerId)).toBe("canceled");
    expect(await lob.track(submitted)).toEqual({ kind: "ok", events: [], failed: expect.stringContaining("canceled") });
  });

  it("is unavailable while Lob fails", async () => {
    const p = await piece("letter");
    const out = await lob.submit(p);
    if (out.kind !== "accepted") throw new Error("not accepted");
    fake.failNext(502);
    expect(await lob.track({ orderId: p.orderId, providerId: out.providerId, submittedAt: new Date(), from, to })).toEqual({
      kind: "unavailable",
      reason: expect.stringContaining("502"),
    });
  });
});

describe("find", () => {
  it("finds letters and postcards by the order id in their metadata, and says when there is none", async () => {
    const letter = await piece("letter");
    const card = await piece("postcard_4x6");
    const l = await lob.submit(letter);
    const c = await lob.submit(card);
    expect(await lob.find(letter.orderId)).toEqual({ kind: "found", providerId: l.kind === "accepted" ? l.providerId : "?" });
    expect(await lob.find(card.orderId)).toEqual({ kind: "found", providerId: c.kind === "accepted" ? c.providerId : "?" });
    expect(await lob.find(orderId())).toEqual({ kind: "absent" });
    expect(fake.requests().at(-1)?.query).toContain(encodeURIComponent("metadata[order_id]"));
  });

  it("is unavailable while Lob fails, rather than absent", async () => {
    fake.failNext(500);
    expect(await lob.find(orderId())).toMatchObject({ kind: "unavailable" });
  });
});

describe("cancel", () => {
  it("cancels inside the window, and a repeated cancel still says canceled", async () => {
    const out = await lob.submit(await piece("letter"));
    if (out.kind !== "accepted") throw new Error("not accepted");
    expect(await lob.cancel(out.providerId)).toBe("canceled");
    expect(fake.object(out.providerId)?.deleted).toBe(true);
    expect(await lob.cancel(out.providerId)).toBe("canceled");
  });

  it("is too late once Lob's cancellation window has closed, and the piece still mails", async () => {
    const out = await lob.submit(await piece("letter_windowed"));
    if (out.kind !== "accepted") throw new Error("not accepted");
    fake.markTooLateToCancel(out.providerId);
    expect(await lob.cancel(out.providerId)).toBe("too_late");
    expect(fake.object(out.providerId)?.deleted).toBeUndefined();
  });

  it("is unavailable while Lob fails", async () => {
    const out = await lob.submit(await piece("letter"));
    if (out.kind !== "accepted") throw new Error("not accepted");
    fake.failNext(503);
    expect(await lob.cancel(out.providerId)).toBe("unavailable");
    expect(fake.object(out.providerId)?.deleted).toBeUndefined();
  });
});
