import { describe, expect, it } from "vitest";
import { AddressSchema } from "@/lib/letters/schemas";
import { isSecondaryUnitLine, standardizeAddress, standardizeLine } from "@/lib/addresses/standardize-address";

// Pub 28 standardization of typed lines, with no data lookups.

const line = (s: string) => standardizeLine(s).line;

describe("standardizeLine", () => {
  it.each([
    ["12 Main Street", "12 MAIN ST"],
    ["400 Sunset Boulevard", "400 SUNSET BLVD"],
    ["9 Elm Road", "9 ELM RD"],
    ["77 Cherry Lane", "77 CHERRY LN"],
    ["5 Court Court", "5 COURT CT"],
    ["1 Ocean Parkway", "1 OCEAN PKWY"],
    ["8 Sunrise Terrace", "8 SUNRISE TER"],
    ["3 Harbor Circle", "3 HARBOR CIR"],
    ["20 Union Square", "20 UNION SQ"],
    ["6 Appalachian Trail", "6 APPALACHIAN TRL"],
    ["10 Grand Plaza", "10 GRAND PLZ"],
    ["4 Long Expressway", "4 LONG EXPY"],
    ["2 Rocky Point", "2 ROCKY PT"],
    ["100 Park Av", "100 PARK AVE"],
  ])("abbreviates the suffix: %s -> %s", (input, expected) => {
    expect(line(input)).toBe(expected);
  });

  it("leaves suffix words that are part of the street's name alone", () => {
    expect(line("1211 Avenue of the Americas")).toBe("1211 AVENUE OF THE AMERICAS");
    expect(line("10 Saint James Place")).toBe("10 SAINT JAMES PL");
    expect(line("1 Park Avenue")).toBe("1 PARK AVE");
    expect(line("1234 Avenue N")).toBe("1234 AVENUE N");
    expect(line("9 Highway 101")).toBe("9 HIGHWAY 101");
    expect(line("44 Court Street")).toBe("44 COURT ST");
  });

  it("abbreviates directionals before and after the name only", () => {
    expect(line("100 North Main Street")).toBe("100 N MAIN ST");
    expect(line("100 Main Street North")).toBe("100 MAIN ST N");
    expect(line("1600 Pennsylvania Avenue Northwest")).toBe("1600 PENNSYLVANIA AVE NW");
    expect(line("100 N.E. 2nd Avenue")).toBe("100 NE 2ND AVE");
    expect(line("500 Oak Trail Southwest")).toBe("500 OAK TRL SW");
    // A directional that is the whole name stays a name.
    expect(line("100 North Street")).toBe("100 NORTH ST");
    expect(line("7 South")).toBe("7 SOUTH");
  });

  it("standardizes unit designators and keeps a unit on the street line", () => {
    expect(line("12 Main Street Apartment 4")).toBe("12 MAIN ST APT 4");
    expect(line("12 Main St Apt #4")).toBe("12 MAIN ST APT 4");
    expect(line("12 Main St #4")).toBe("12 MAIN ST # 4");
    expect(line("185 Berry St Suite 6100")).toBe("185 BERRY ST STE 6100");
    expect(line("350 Fifth Avenue 34th Floor")).toBe("350 FIFTH AVE FL 34");
    expect(line("1 Main St Building 3 Room 12")).toBe("1 MAIN ST BLDG 3 RM 12");
    expect(line("12 Main St Rear")).toBe("12 MAIN ST REAR");
  });

  it("recognizes a line that is only a unit", () => {
    expect(standardizeLine("Apartment 4B")).toMatchObject({ line: "APT 4B", kind: "unit" });
    expect(standardizeLine("Suite 200")).toMatchObject({ line: "STE 200", kind: "unit" });
    expect(standardizeLine("Floor 3")).toMatchObject({ line: "FL 3", kind: "unit" });
    expect(standardizeLine("3rd floor")).toMatchObject({ line: "FL 3", kind: "unit" });
    expect(standardizeLine("Dept. 7")).toMatchObject({ line: "DEPT 7", kind: "unit" });
    expect(standardizeLine("#12")).toMatchObject({ line: "# 12", kind: "unit" });
    expect(isSecondaryUnitLine("Unit 5")).toBe(true);
    expect(isSecondaryUnitLine("c/o Jane Doe")).toBe(false);
    expect(isSecondaryUnitLine("12 Main St")).toBe(false);
  });

  it("does not take street names for units", () => {
    expect(line("12 Front Street")).toBe("12 FRONT ST");
    expect(line("2 Lot Road")).toBe("2 LOT RD");
    expect(line("8 Unit Way")).toBe("8 UNIT WAY");
  });

  it.each([["P.O. Box 123"], ["PO Box 123"], ["Post Office Box 123"], ["p o box 123"], ["POBox 123"], ["PO Box #123"]])("writes %s as PO BOX 123", (input) => {
    expect(standardizeLine(input)).toMatchObject({ line: "PO BOX 123", kind: "po_box" });
  });

  it("writes rural routes, highway contracts and urbanizations the Pub 28 way", () => {
    expect(line("Rural Route 2 Box 15")).toBe("RR 2 BOX 15");
    expect(line("Highway Contract 68 Box 23")).toBe("HC 68 BOX 23");
    expect(standardizeLine("Urbanización Las Gladiolas")).toMatchObject({ line: "URB LAS GLADIOLAS", kind: "urbanization" });
  });

  it("upper-cases, drops periods and commas and collapses spaces", () => {
    expect(line("  123   main st.,  apt. 5, ")).toBe("123 MAIN ST APT 5");
    expect(line("100 1/2 Oak Lane")).toBe("100 1/2 OAK LN");
    expect(line("123-45 Queens Boulevard")).toBe("123-45 QUEENS BLVD");
  });

  it("explains the abbreviations it made", () => {
    expect(standardizeLine("100 North Main Street").notes).toEqual(["NORTH abbreviated to N", "STREET abbreviated to ST"]);
    expect(standardizeLine("12 MAIN ST").notes).toEqual([]);
  });
});

describe("standardizeAddress", () => {
  const parse = (over: Record<string, unknown>) => AddressSchema.parse({ name: "Ada Lovelace", line1: "12 Main St", city: "Albany", state: "NY", zip: "12207", ...over });

  it("keeps the name as entered apart from spacing, upper-cases the city and keeps ZIP+4", () => {
    const { address, corrections } = standardizeAddress(parse({ name: "  ada   van der Berg ", line1: "12 main street", line2: "apartment 4", city: "st. louis", state: "mo", zip: "63101-1234" }));
    expect(address).toEqual({ name: "ada van der Berg", line1: "12 MAIN ST", line2: "APT 4", city: "ST LOUIS", state: "MO", zip: "63101-1234", country: "US" });
    expect(corrections).toEqual(["line1: STREET abbreviated to ST", "line2: APARTMENT abbreviated to APT"]);
  });

  it("leaves line2 absent when it was absent", () => {
    expect(standardizeAddress(parse({})).address.line2).toBeUndefined();
  });
});
