import { describe, expect, it } from "vitest";
import { zipData } from "@/lib/addresses/zip-data";
import { planRouteWith, projector, ROUTE_BOX } from "@/lib/tracking/plan-route";
import { trackingProgress } from "@/lib/tracking/tracking-progress";
import type { PublicTracking } from "@/lib/tracking/get-public-tracking";

type Ev = PublicTracking["events"][number];
const status = (s: string, at = "2026-03-02T10:00:00.000Z"): Ev => ({ at, kind: "status", status: s, description: s, place: null, where: null });
const scan = (name: string, city: string, state: string, zip: string | null = null): Ev => ({
  at: "2026-03-03T10:00:00.000Z",
  kind: "scan",
  status: null,
  description: name,
  place: [city, state, zip].filter(Boolean).join(" "),
  where: { city, state, zip },
});
const view = (s: string, events: Ev[], extra: Partial<PublicTracking> = {}) =>
  ({ status: s, events, destination: { city: "ALBANY", state: "NY" }, refusalReason: null, failureCode: null, ...extra }) as PublicTracking;

const delivered = [
  status("screening"),
  status("submitted"),
  scan("Mailed", "TROY", "NY", "12180"),
  scan("In Transit", "Denver", "CO"),
  scan("In Local Area", "ALBANY", "NY", "12207"),
  scan("Processed for Delivery", "ALBANY", "NY", "12207"),
  scan("Delivered", "ALBANY", "NY", "12207"),
];

describe("trackingProgress", () => {
  it("follows the five steps from the status and the scans", () => {
    expect(trackingProgress(view("screening", delivered.slice(0, 1)))).toMatchObject({ step: 0, state: "active" });
    expect(trackingProgress(view("submitted", delivered.slice(0, 2)))).toMatchObject({ step: 1, state: "active" });
    expect(trackingProgress(view("mailed", delivered.slice(0, 5)))).toMatchObject({ step: 2, state: "active" });
    expect(trackingProgress(view("mailed", delivered.slice(0, 6)))).toMatchObject({ step: 3, state: "active" });
    expect(trackingProgress(view("delivered", delivered))).toEqual({ step: 4, state: "done", ending: null });
  });

  it("stops where a refused, canceled or failed letter ended, with the reason in words", () => {
    const refused = trackingProgress(view("refused", [status("screening"), status("refused")], { refusalReason: "Threatening content." }));
    expect(refused).toMatchObject({ step: 0, state: "stopped", ending: { kind: "refused" } });
    expect(refused.ending!.reason).toContain("Threatening content.");
    expect(trackingProgress(view("canceled", [status("canceled")])).ending!.kind).toBe("canceled");
    const failed = trackingProgress(view("failed", delivered.slice(0, 4), { failureCode: "delivery_stalled" }));
    expect(failed).toMatchObject({ step: 2, state: "stopped" });
    expect(failed.ending!.reason).toBe("The letter stopped moving in the mail and was not delivered. Any payment for it is refunded.");
  });

  it("a letter returned to sender is shown as on its way back", () => {
    const p = trackingProgress(view("mailed", [...delivered.slice(0, 5), scan("Returned to Sender", "TROY", "NY", "12180")]));
    expect(p).toMatchObject({ step: 2, state: "stopped", ending: { kind: "returned" } });
  });
});

describe("planRoute", () => {
  it("draws origin, the scans and the destination inside the fixed box, and says the route in words", async () => {
    const plan = planRouteWith(await zipData(), view("delivered", delivered), false);
    expect(plan.stops.map((s) => [s.label, s.kind, s.current])).toEqual([
      ["Troy, NY", "origin", false],
      ["Denver, CO", "scan", false],
      ["Albany, NY", "destination", true],
    ]);
    for (const s of plan.stops) {
      expect(s.x).toBeGreaterThan(0);
      expect(s.x).toBeLessThan(ROUTE_BOX.width);
      expect(s.y).toBeGreaterThan(0);
      expect(s.y).toBeLessThan(ROUTE_BOX.height);
    }
    // Denver is west of Troy and Albany; north is up.
    expect(plan.stops[1].x).toBeLessThan(plan.stops[0].x);
    expect(plan.travelled?.split(" ")).toHaveLength(3);
    expect(plan.remaining).toBeNull();
    expect(plan.description).toBe("Route from Troy, NY to Albany, NY by way of Denver, CO. Delivered in Albany, NY.");
    // Troy and Albany nearly coincide: their dots are pushed apart and labelled on opposite sides.
    expect(Math.hypot(plan.stops[0].x - plan.stops[2].x, plan.stops[0].y - plan.stops[2].y)).toBeGreaterThanOrEqual(17.9);
    expect(new Set([plan.stops[0].labelAt, plan.stops[2].labelAt])).toEqual(new Set(["above", "below"]));
    // Reference cities stay clear of the route: Denver is a stop, New York is near Albany.
    expect(plan.references.map((r) => r.label)).not.toContain("Denver");
    expect(plan.references.map((r) => r.label)).not.toContain("New York");
    expect(plan.references.map((r) => r.label)).toContain("Seattle");
  });

  it("before the first scan only the destination is known; on the way, the rest is dashed", async () => {
    const data = await zipData();
    const early = planRouteWith(data, view("submitted", delivered.slice(0, 2)), false);
    expect(early.stops.map((s) => s.kind)).toEqual(["destination"]);
    expect(early.travelled).toBeNull();
    expect(early.description).toBe("Route to Albany, NY. The starting point appears once the carrier first scans the letter.");
    expect(planRouteWith(data, view("canceled", [status("canceled")]), true).description).toBe("Route to Albany, NY. The letter was not mailed.");
    const moving = planRouteWith(data, view("mailed", delivered.slice(0, 4)), false);
    expect(moving.stops.find((s) => s.current)?.label).toBe("Denver, CO");
    expect(moving.remaining?.split(" ")).toHaveLength(2);
    expect(moving.description).toBe("Route from Troy, NY to Albany, NY by way of Denver, CO. Now in Denver, CO.");
  });

  it("keeps the contiguous frame and widens the view for places outside it", () => {
    const base = projector([]);
    const withHawaii = projector([{ lat: 21.3, lon: -157.85 }]);
    expect(withHawaii.frame.width).toBeLessThan(base.frame.width);
    const honolulu = withHawaii.project(21.3, -157.85);
    expect(honolulu.x).toBeGreaterThanOrEqual(ROUTE_BOX.pad - 1);
    expect(honolulu.y).toBeLessThanOrEqual(ROUTE_BOX.height - ROUTE_BOX.pad + 1);
  });
});
