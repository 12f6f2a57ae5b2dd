import { describe, expect, it } from "vitest";
import { GET as getTracking } from "@/app/v1/tracking/[code]/route";
import { address, call } from "@/tests/support/api";
import { sendSandboxLetter } from "@/tests/support/orders";
import { driveUntil } from "@/tests/support/pipeline";
import { db } from "@/lib/db";

// GET /v1/tracking/{code}: what anyone with the link may see, as JSON. Never street lines, the
// sender or the e-mail.

const codeOf = (trackingUrl: string) => trackingUrl.split("/t/")[1];

describe("GET /v1/tracking/{code}", () => {
  it("shows status, the timeline with the place of each scan, expected delivery, format and class, and the city and state only", async () => {
    const res = await sendSandboxLetter({ mail_class: "certified", email: "ada@example.com", to: address({ line2: "Apt 9" }) });
    await driveUntil(res.json.order.id, "delivered");
    const code = codeOf(res.json.tracking_url);
    const t = await call(getTracking, { params: { code } });
    expect(t.status).toBe(200);
    expect(t.json.tracking).toMatchObject({
      code,
      status: "delivered",
      sandbox: true,
      format: "letter",
      mail_class: "certified",
      tracking_number: res.json.order.tracking_number,
      expected_delivery_date: res.json.order.expected_delivery_date,
      to: { city: "ALBANY", state: "NY" },
    });
    expect(t.json.tracking_url).toBe(res.json.tracking_url);
    const scans = t.json.tracking.events.filter((e: { kind: string }) => e.kind === "scan");
    expect(scans.map((e: { description: string }) => e.description)).toEqual(["Mailed", "In Transit", "In Local Area", "Processed for Delivery", "Delivered"]);
    // A piece enters the mail where it is printed: the first scan is the print facility's, never the sender's town.
    expect(scans[0].place).toEqual({ city: "COLUMBUS", state: "OH", zip: "43217" });
    expect(scans.at(-1).place).toEqual({ city: "ALBANY", state: "NY", zip: "12207" });
    const text = JSON.stringify(t.json).toUpperCase();
    for (const secret of ["12 MAIN ST", "APT 9", "CHARLES", "BABBAGE", "1 ENGINE ROW", "ADA@EXAMPLE.COM", "LOVELACE", "TROY", "12180"]) expect(text).not.toContain(secret);
  });

  it("never names the sender's town or ZIP, even when a carrier scans the piece there", async () => {
    const res = await sendSandboxLetter();
    await driveUntil(res.json.order.id, "delivered");
    // What a real carrier reports for a piece scanned at the sender's local post office.
    await db().orderEvent.createMany({
      data: [
        { orderId: res.json.order.id, kind: "scan", cause: "carrier", description: "In Local Area", city: "TROY", state: "NY", zip: "12180-4410", externalId: "evt_at_sender_1" },
        { orderId: res.json.order.id, kind: "scan", cause: "carrier", description: "Processed", city: "Troy", state: "NY", zip: null, externalId: "evt_at_sender_2" },
      ],
    });
    const t = await call(getTracking, { params: { code: codeOf(res.json.tracking_url) } });
    const atSender = t.json.tracking.events.filter((e: { description: string; place: unknown }) => ["In Local Area", "Processed"].includes(e.description) && e.place === null);
    expect(atSender.length).toBeGreaterThanOrEqual(2);
    const text = JSON.stringify(t.json).toUpperCase();
    expect(text).not.toContain("TROY");
    expect(text).not.toContain("12180");
  });

  it("keeps the carrier's scans of a letter sent with tracking: false off the public view: status changes only, no tracking number", async () => {
    const res = await sendSandboxLetter({ tracking: false });
    expect(res.status).toBe(201);
    // The sender's own order keeps its tracking number.
    expect(res.json.order.tracking_number).toEqual(expect.any(String));
    await driveUntil(res.json.order.id, "delivered");
    const t = await call(getTracking, { params: { code: codeOf(res.json.tracking_url) } });
    expect(t.json.tracking).toMatchObject({ status: "delivered", tracking_number: null });
    const events = t.json.tracking.events as { kind: string; status: string | null; place: unknown }[];
    expect(events.every((e) => e.kind === "status" && e.place === null)).toBe(true);
    expect(events.map((e) => e.status)).toEqual(expect.arrayContaining(["submitted", "mailed", "delivered"]));
    expect(JSON.stringify(t.json)).not.toContain("COLUMBUS");
    // Operators still have every scan.
    expect(await db().orderEvent.count({ where: { orderId: res.json.order.id, kind: "scan" } })).toBeGreaterThanOrEqual(5);
  });

  it("answers 404 tracking_not_found for an unknown code and 400 for a malformed one", async () => {
    const unknown = await call(getTracking, { params: { code: "0000000000000000" } });
    expect(unknown.status).toBe(404);
    expect(unknown.json).toMatchObject({ status: "failed", code: "tracking_not_found" });
    const malformed = await call(getTracking, { params: { code: "../orders" } });
    expect(malformed.status).toBe(400);
    expect(malformed.json.code).toBe("validation_error");
  });
});
