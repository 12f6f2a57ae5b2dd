import { describe, expect, it } from "vitest";
import { GET as getTracking } from "@/app/v1/tracking/[code]/route";
import { address, call } from "@/tests/support/api";
import { sendSandboxLetter } from "@/tests/support/orders";
import { driveUntil } from "@/tests/support/pipeline";

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
    expect(scans[0].place).toEqual({ city: "TROY", state: "NY", zip: "12180" });
    expect(scans.at(-1).place).toEqual({ city: "ALBANY", state: "NY", zip: "12207" });
    const text = JSON.stringify(t.json).toUpperCase();
    for (const secret of ["12 MAIN ST", "APT 9", "CHARLES", "BABBAGE", "1 ENGINE ROW", "ADA@EXAMPLE.COM", "LOVELACE"]) expect(text).not.toContain(secret);
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
