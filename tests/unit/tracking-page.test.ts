import { describe, expect, it } from "vitest";
import { zipData } from "@/lib/addresses/zip-data";
import { overlaps, planRouteWith, type RoutePlan } from "@/lib/tracking/plan-route";
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

/** Every stop's dot and every name lie on the map; no name covers another (nor a dot, unless the route is too crowded for that). */
function expectLegible(plan: RoutePlan, { dotsClear = true } = {}) {
  for (const s of plan.stops) {
    expect(s.x).toBeGreaterThan(0);
    expect(s.x).toBeLessThan(plan.width);
    expect(s.y).toBeGreaterThan(0);
    expect(s.y).toBeLessThan(plan.height);
  }
  const named = plan.stops.filter((s) => s.label);
  for (const s of named) {
    const box = s.label!.box;
    expect(box.x1).toBeGreaterThanOrEqual(0);
    expect(box.x2).toBeLessThanOrEqual(plan.width);
    expect(box.y1).toBeGreaterThanOrEqual(0);
    expect(box.y2).toBeLessThanOrEqual(plan.height);
    for (const other of named) if (other !== s) expect(overlaps(box, other.label!.box), `${s.name} over ${other.name}`).toBe(false);
    if (dotsClear) for (const dot of plan.stops) expect(overlaps(box, { x1: dot.x - 12, y1: dot.y - 12, x2: dot.x + 12, y2: dot.y + 12 }), `${s.name} over the dot of ${dot.name}`).toBe(false);
  }
}

describe("planRoute", () => {
  it("draws origin, the scans and the destination on the map, and says the route in words", async () => {
    const plan = planRouteWith(await zipData(), view("delivered", delivered), false);
    expect(plan.stops.map((s) => [s.name, s.kind, s.current])).toEqual([
      ["Troy, NY", "origin", false],
      ["Denver, CO", "scan", false],
      ["Albany, NY", "destination", true],
    ]);
    expectLegible(plan);
    expect(plan.stops.every((s) => s.label)).toBe(true);
    // Denver is west and south of Troy and Albany, in the middle of the contiguous states.
    expect(plan.stops[1].x).toBeLessThan(plan.stops[0].x);
    expect(plan.stops[1].y).toBeGreaterThan(plan.stops[0].y);
    expect(plan.stops[1].x).toBeGreaterThan(plan.width * 0.3);
    expect(plan.stops[1].x).toBeLessThan(plan.width * 0.6);
    expect(plan.travelled?.split(" ")).toHaveLength(3);
    expect(plan.remaining).toBeNull();
    expect(plan.description).toBe("Route from Troy, NY to Albany, NY by way of Denver, CO. Delivered in Albany, NY.");
    // Troy and Albany nearly coincide: their dots are pushed apart, and both are named.
    expect(Math.hypot(plan.stops[0].x - plan.stops[2].x, plan.stops[0].y - plan.stops[2].y)).toBeGreaterThanOrEqual(26.9);
  });

  it("before the first scan only the destination is known; on the way, the rest is dashed", async () => {
    const data = await zipData();
    const early = planRouteWith(data, view("submitted", delivered.slice(0, 2)), false);
    expect(early.stops.map((s) => s.kind)).toEqual(["destination"]);
    expect(early.travelled).toBeNull();
    expect(early.description).toBe("Route to Albany, NY. The starting point appears once the carrier first scans the letter.");
    expect(planRouteWith(data, view("canceled", [status("canceled")]), true).description).toBe("Route to Albany, NY. The letter was not mailed.");
    const moving = planRouteWith(data, view("mailed", delivered.slice(0, 4)), false);
    expect(moving.stops.find((s) => s.current)?.name).toBe("Denver, CO");
    expect(moving.remaining?.split(" ")).toHaveLength(2);
    expect(moving.description).toBe("Route from Troy, NY to Albany, NY by way of Denver, CO. Now in Denver, CO.");
  });

  it("a place the map cannot show (Puerto Rico, a base abroad, a town no ZIP names) is left out of the picture and kept in the words", async () => {
    const plan = planRouteWith(
      await zipData(),
      view("mailed", [scan("Mailed", "SAN JUAN", "PR", "00901"), scan("In Transit", "APO", "AE", "09012"), scan("In Transit", "Nowhere", "ZZ"), scan("In Transit", "Denver", "CO")]),
      false,
    );
    expect(plan.stops.map((s) => s.name)).toEqual(["Denver, CO", "Albany, NY"]);
    expect(plan.stops.map((s) => s.kind)).toEqual(["scan", "destination"]);
    expect(plan.stops[0].current).toBe(true);
    // Nothing drawn behind Denver; what is left still dashed.
    expect(plan.travelled).toBeNull();
    expect(plan.remaining?.split(" ")).toHaveLength(2);
    expect(plan.description).toBe("Route from San Juan, PR to Albany, NY by way of Apo, AE, Nowhere, ZZ, Denver, CO. Now in Denver, CO.");
    expectLegible(plan);
  });

  it("a route to Hawaii: the line reaches the inset, every place is named and nothing is covered", async () => {
    const toHawaii = [scan("Mailed", "COLUMBUS", "OH", "43217"), scan("In Transit", "Denver", "CO"), scan("Delivered", "HONOLULU", "HI", "96813")];
    const plan = planRouteWith(await zipData(), view("delivered", toHawaii, { destination: { city: "HONOLULU", state: "HI" } }), false);
    expect(plan.stops.map((s) => [s.name, s.kind, Boolean(s.label)])).toEqual([
      ["Columbus, OH", "origin", true],
      ["Denver, CO", "scan", true],
      ["Honolulu, HI", "destination", true],
    ]);
    expect(plan.travelled?.split(" ")).toHaveLength(3);
    expectLegible(plan);
  });

  it("on a crowded route names never cover one another: the start, the destination and the latest scan are named, scans without room are not", async () => {
    const northeast = [
      scan("Mailed", "TROY", "NY", "12180"),
      scan("In Transit", "SCHENECTADY", "NY"),
      scan("In Transit", "SPRINGFIELD", "MA"),
      scan("In Transit", "HARTFORD", "CT"),
      scan("In Transit", "NEW HAVEN", "CT"),
      scan("In Transit", "NEW YORK", "NY"),
      scan("In Transit", "NEWARK", "NJ"),
      scan("In Transit", "TRENTON", "NJ"),
    ];
    const plan = planRouteWith(await zipData(), view("mailed", northeast, { destination: { city: "PHILADELPHIA", state: "PA" } }), false);
    expect(plan.stops).toHaveLength(9);
    expectLegible(plan, { dotsClear: false });
    expect(plan.stops.filter((s) => s.label).map((s) => s.name)).toEqual(["Troy, NY", "Trenton, NJ", "Philadelphia, PA"]);
    // Each name is still beside its own dot.
    for (const s of plan.stops.filter((s) => s.label)) expect(Math.hypot(s.label!.x - s.x, s.label!.y - s.y), s.name).toBeLessThan(40);
  });
});
