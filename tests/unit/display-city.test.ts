import { describe, expect, it } from "vitest";
import { displayCity } from "@/lib/letters/display-city";

describe("displayCity", () => {
  it("writes a USPS capitalized city as people write it", () => {
    expect(displayCity("ALBANY")).toBe("Albany");
    expect(displayCity("SAINT PAUL")).toBe("Saint Paul");
    expect(displayCity("WINSTON-SALEM")).toBe("Winston-Salem");
    expect(displayCity("ST. LOUIS")).toBe("St. Louis");
  });

  it("keeps a city someone typed in mixed case as they typed it", () => {
    expect(displayCity("McAllen")).toBe("McAllen");
    expect(displayCity("Coeur d'Alene")).toBe("Coeur d'Alene");
  });
});
