import { describe, expect, it } from "vitest";
import { answerCsvMap, CsvMapRequestSchema } from "@/lib/csv/answer-csv-map";
import { detectDelimiter, parseCsvSample } from "@/lib/csv/parse-csv-sample";
import { readHeader } from "@/lib/csv/read-header";
import { normaliseZip, stateCodeOf } from "@/lib/csv/read-values";
import { ApiError } from "@/lib/errors/api-error";

// POST /v1/csv-map without HTTP: real header sets from the exports people actually have, and
// what each column must map to.

function map(body: unknown) {
  return answerCsvMap(CsvMapRequestSchema.parse(body));
}

/** field -> the header text of its column, or "A + B" for joined columns. */
function fields(result: ReturnType<typeof map>): Record<string, string | null> {
  return Object.fromEntries(result.mapping.map((m) => [m.field, m.combine ? m.columns.join(" + ") : m.column]));
}

function confidence(result: ReturnType<typeof map>, field: string): number {
  return result.mapping.find((m) => m.field === field)!.confidence;
}

function unmapped(result: ReturnType<typeof map>, column: string) {
  return result.unmapped_columns.find((u) => u.column === column);
}

function refusal(body: unknown): string {
  const parsed = CsvMapRequestSchema.safeParse(body);
  if (!parsed.success) return parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
  try {
    map(body);
  } catch (err) {
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe("validation_error");
    return (err as ApiError).message;
  }
  throw new Error("expected a refusal");
}

const csv = (...lines: string[]) => lines.join("\r\n") + "\r\n";

describe("POST /v1/csv-map mapping: real exports", () => {
  it("a plain hand-made sheet", () => {
    const r = map({ csv: csv("Name,Address,City,State,Zip", "Ada Lovelace,12 Main St,Albany,NY,12207") });
    expect(fields(r)).toEqual({ name: "Name", line1: "Address", city: "City", state: "State", zip: "Zip" });
    expect(r).toMatchObject({ status: "ok", has_header: true, delimiter: ",", missing_required: [], unmapped_columns: [], sample_issues: [] });
    expect(r.sample).toEqual({ to: { name: "Ada Lovelace", line1: "12 Main St", city: "Albany", state: "NY", zip: "12207" } });
    expect(r.mapping.find((m) => m.field === "zip")).toEqual({
      field: "zip", column: "Zip", column_index: 4, columns: ["Zip"], column_indexes: [4], combine: null,
      confidence: 0.99, reason: 'header "Zip" means zip; 1 of 1 sample values are ZIP codes',
    });
  });

  it("Google Contacts: first and last names joined, Address 1 columns, the formatted block left out", () => {
    const r = map({
      csv: csv(
        "First Name,Middle Name,Last Name,E-mail 1 - Label,E-mail 1 - Value,Phone 1 - Value,Address 1 - Label,Address 1 - Formatted,Address 1 - Street,Address 1 - City,Address 1 - PO Box,Address 1 - Region,Address 1 - Postal Code,Address 1 - Country,Address 1 - Extended Address,Organization Name,Notes",
        'Ada,Augusta,Lovelace,Home,ada@example.com,(518) 555-0100,Home,"12 Main St\nAlbany, NY 12207\nUS",12 Main St,Albany,,NY,12207,US,Apt 4,Analytical Engines,met at the conference',
      ),
    });
    expect(fields(r)).toEqual({
      name: "First Name + Last Name", line1: "Address 1 - Street", line2: "Address 1 - Extended Address", city: "Address 1 - City",
      state: "Address 1 - Region", zip: "Address 1 - Postal Code", country: "Address 1 - Country",
    });
    const name = r.mapping.find((m) => m.field === "name")!;
    expect(name).toMatchObject({ column: null, column_index: null, columns: ["First Name", "Last Name"], column_indexes: [0, 2], combine: "join_space" });
    expect(unmapped(r, "Address 1 - Formatted")?.looks_like).toBe("full_address");
    expect(unmapped(r, "Middle Name")?.looks_like).toBe("middle_name");
    expect(unmapped(r, "E-mail 1 - Value")?.reason).toMatch(/receipts/);
    expect(unmapped(r, "Organization Name")?.looks_like).toBe("company");
    expect(unmapped(r, "Notes")?.looks_like).toBe("notes");
    expect(r.sample).toEqual({ to: { name: "Ada Lovelace", line1: "12 Main St", line2: "Apt 4", city: "Albany", state: "NY", zip: "12207", country: "US" } });
  });

  it("Outlook: the home address is preferred to the business one, and Country/Region is the country", () => {
    const r = map({
      header: ["Title", "First Name", "Middle Name", "Last Name", "Suffix", "Company", "Job Title", "Business Street", "Business Street 2", "Business City", "Business State", "Business Postal Code", "Business Country/Region", "Home Street", "Home Street 2", "Home City", "Home State", "Home Postal Code", "Home Country/Region", "Business Phone", "E-mail Address"],
    });
    expect(fields(r)).toEqual({ name: "First Name + Last Name", line1: "Home Street", line2: "Home Street 2", city: "Home City", state: "Home State", zip: "Home Postal Code", country: "Home Country/Region" });
    expect(unmapped(r, "Business Street")).toMatchObject({ looks_like: "line1", reason: expect.stringMatching(/"Home Street" fits line1 better/) });
    expect(unmapped(r, "Title")?.looks_like).toBe("name_part");
    expect(unmapped(r, "Job Title")?.looks_like).toBe("other");
    expect(r.sample).toBeNull();
    expect(r.next.join(" ")).toMatch(/sample rows/);
  });

  it("Shopify orders: the shipping address, not the billing one nor the order name; 'ZIPs lose their quote", () => {
    const r = map({
      csv: csv(
        "Name,Email,Financial Status,Billing Name,Billing Street,Billing Address1,Billing Address2,Billing Company,Billing City,Billing Zip,Billing Province,Billing Country,Shipping Name,Shipping Street,Shipping Address1,Shipping Address2,Shipping Company,Shipping City,Shipping Zip,Shipping Province,Shipping Country,Shipping Phone,Notes",
        "#1001,ada@example.com,paid,Ada Lovelace,\"12 Main St, Apt 4\",12 Main St,Apt 4,,Albany,'12207,NY,US,Charles Babbage,\"1 Engine Row, Suite 2\",1 Engine Row,Suite 2,Babbage Co,Boston,'02134,MA,US,+1 617 555 0100,",
      ),
    });
    expect(fields(r)).toEqual({ name: "Shipping Name", line1: "Shipping Address1", line2: "Shipping Address2", city: "Shipping City", state: "Shipping Province", zip: "Shipping Zip", country: "Shipping Country" });
    expect(unmapped(r, "Name")?.looks_like).toBe("name");
    expect(unmapped(r, "Shipping Street")?.reason).toMatch(/"Shipping Address1" fits line1 better/);
    expect(r.sample?.to).toEqual({ name: "Charles Babbage", line1: "1 Engine Row", line2: "Suite 2", city: "Boston", state: "MA", zip: "02134", country: "US" });
    expect(r.sample_issues).toEqual([]);
  });

  it("Shopify customers: Province Code wins over the province name", () => {
    const r = map({ header: ["First Name", "Last Name", "Email", "Company", "Address1", "Address2", "City", "Province", "Province Code", "Country", "Country Code", "Zip", "Phone"], rows: [["Ada", "Lovelace", "ada@example.com", "", "12 Main St", "", "Albany", "New York", "NY", "United States", "US", "12207", "5185550100"]] });
    expect(fields(r)).toMatchObject({ name: "First Name + Last Name", line1: "Address1", line2: "Address2", city: "City", state: "Province Code", zip: "Zip" });
    expect(r.sample?.to).toMatchObject({ state: "NY", country: "US" });
  });

  it("a HubSpot CRM export", () => {
    const r = map({ header: ["Record ID", "First Name", "Last Name", "Email", "Phone Number", "Company Name", "Street Address", "City", "State/Region", "Postal Code", "Country/Region", "Lifecycle Stage"], rows: [["1201", "Grace", "Hopper", "grace@example.com", "202-555-0111", "Navy", "1600 Pennsylvania Ave NW", "Washington", "District of Columbia", "20500", "United States", "customer"]] });
    expect(fields(r)).toEqual({ name: "First Name + Last Name", line1: "Street Address", city: "City", state: "State/Region", zip: "Postal Code", country: "Country/Region" });
    expect(r.sample?.to).toEqual({ name: "Grace Hopper", line1: "1600 Pennsylvania Ave NW", city: "Washington", state: "DC", zip: "20500", country: "US" });
    expect(unmapped(r, "Record ID")?.looks_like).toBe("other");
    expect(unmapped(r, "Phone Number")?.looks_like).toBe("phone");
  });

  it("a Salesforce contact report with Mailing columns", () => {
    const r = map({ header: ["Contact ID", "Salutation", "First Name", "Last Name", "Account Name", "Mailing Street", "Mailing City", "Mailing State/Province", "Mailing Zip/Postal Code", "Mailing Country", "Other Street", "Other City"] });
    expect(fields(r)).toEqual({ name: "First Name + Last Name", line1: "Mailing Street", city: "Mailing City", state: "Mailing State/Province", zip: "Mailing Zip/Postal Code", country: "Mailing Country" });
    expect(unmapped(r, "Account Name")?.looks_like).toBe("company");
    expect(unmapped(r, "Salutation")?.looks_like).toBe("name_part");
  });

  it("a wedding-invite sheet: Addressed To is the name; a City, State Zip column is flagged to split", () => {
    const r = map({
      csv: csv(
        "Guest Name(s),Addressed To,Mailing Address,Apt/Unit,\"City, State Zip\",Email,# of Guests,RSVP",
        "Ada & William,Mr. and Mrs. William King,12 Main St,Apt 4,\"Albany, NY 12207\",ada@example.com,2,yes",
      ),
    });
    expect(fields(r)).toEqual({ name: "Addressed To", line1: "Mailing Address", line2: "Apt/Unit" });
    expect(unmapped(r, "City, State Zip")).toMatchObject({ looks_like: "city_state_zip", reason: expect.stringMatching(/split/) });
    expect(unmapped(r, "# of Guests")?.looks_like).toBe("other");
    expect(r.missing_required).toEqual(["city", "state", "zip"]);
    expect(r.sample_issues).toEqual(["to.city: no column maps to city", "to.state: no column maps to state", "to.zip: no column maps to zip"]);
    expect(r.next[0]).toMatch(/No column fills city, state, zip/);
  });

  it("a wedding sheet of separate guests: the first guest's first and last names", () => {
    const r = map({ header: ["Guest 1 First Name", "Guest 1 Last Name", "Guest 2 First Name", "Guest 2 Last Name", "Street Address", "Apt / Suite", "City", "State", "ZIP Code"] });
    expect(fields(r)).toMatchObject({ name: "Guest 1 First Name + Guest 1 Last Name", line1: "Street Address", line2: "Apt / Suite", zip: "ZIP Code" });
  });

  it("headers in odd case, snake_case and camelCase", () => {
    expect(fields(map({ header: ["FULLNAME", "STREET_ADDRESS", "address_line_2", "CITY", "st", "ZIPCODE"] }))).toEqual({ name: "FULLNAME", line1: "STREET_ADDRESS", line2: "address_line_2", city: "CITY", state: "st", zip: "ZIPCODE" });
    expect(fields(map({ header: ["firstName", "lastName", "addressLine1", "addressLine2", "city", "stateCode", "postalCode", "countryCode"] }))).toEqual({
      name: "firstName + lastName", line1: "addressLine1", line2: "addressLine2", city: "city", state: "stateCode", zip: "postalCode", country: "countryCode",
    });
    expect(fields(map({ header: ["Recipient", "Addr1", "Addr2", "Town", "Province", "Zip5"] }))).toEqual({ name: "Recipient", line1: "Addr1", line2: "Addr2", city: "Town", state: "Province", zip: "Zip5" });
  });

  it("a file without a header row: values and positions map it, with lower confidence", () => {
    const r = map({ csv: csv("Ada Lovelace,12 Main St,Apt 4,Albany,NY,12207", "Charles Babbage,1 Engine Row,,Troy,ny,12180-1234") });
    expect(r.has_header).toBe(false);
    expect(r.mapping.map((m) => [m.field, m.column_index])).toEqual([["name", 0], ["line1", 1], ["line2", 2], ["city", 3], ["state", 4], ["zip", 5]]);
    expect(r.mapping.every((m) => m.column === null && m.confidence < 0.8)).toBe(true);
    expect(r.mapping.find((m) => m.field === "zip")!.reason).toMatch(/^no header row; 2 of 2 sample values are ZIP codes/);
    expect(r.sample?.to).toEqual({ name: "Ada Lovelace", line1: "12 Main St", line2: "Apt 4", city: "Albany", state: "NY", zip: "12207" });
    // Told explicitly, the first row is a header even though it looks like data.
    expect(map({ csv: csv("Ada Lovelace,12 Main St,Albany,NY,12207"), has_header: true }).has_header).toBe(true);
  });

  it("columns whose header says nothing still map by their values", () => {
    const r = map({ header: ["Full Name", "Street", "City", "", "Field 5"], rows: [["Ada Lovelace", "12 Main St", "Albany", "NY", "12207"], ["Alan Turing", "3 Bletchley Rd", "Troy", "New York", "12180"]] });
    expect(fields(r)).toEqual({ name: "Full Name", line1: "Street", city: "City", state: "", zip: "Field 5" });
    expect(r.mapping.find((m) => m.field === "state")!.reason).toMatch(/^blank header; 2 of 2 sample values are US states/);
    expect(confidence(r, "zip")).toBeLessThan(0.8);
    expect(confidence(r, "zip")).toBeGreaterThan(0.5);
  });

  it("values overrule a misleading header: an ST column of street lines", () => {
    const r = map({ header: ["Name", "ST", "City", "State", "Zip"], rows: [["Ada Lovelace", "12 Main St", "Albany", "NY", "12207"], ["Alan Turing", "3 Oak Ave", "Troy", "NY", "12180"]] });
    expect(fields(r)).toMatchObject({ line1: "ST", state: "State" });
    expect(r.mapping.find((m) => m.field === "line1")!.reason).toMatch(/header "ST" suggests state, but 2 of 2 sample values are street lines/);
  });

  it("semicolon-delimited with a byte order mark and quoted fields (European Excel)", () => {
    const r = map({ csv: "\uFEFFFull Name;Street Address;Apartment;City;State;ZIP Code;Country\r\n\"Lovelace; Ada\";\"12 Main St\";;Boston;Massachusetts;2134;USA\r\n" });
    expect(r.delimiter).toBe(";");
    expect(fields(r)).toEqual({ name: "Full Name", line1: "Street Address", line2: "Apartment", city: "City", state: "State", zip: "ZIP Code", country: "Country" });
    expect(r.sample).toEqual({ to: { name: "Lovelace; Ada", line1: "12 Main St", city: "Boston", state: "MA", zip: "02134", country: "US" } });
    expect(r.mapping.find((m) => m.field === "zip")!.reason).toMatch(/1 lost its leading zero in a spreadsheet/);
  });

  it("tab- and pipe-delimited text, and Excel's sep= line", () => {
    expect(map({ csv: "Name\tAddress 1\tCity\tState\tZip\nAda Lovelace\t12 Main St\tAlbany\tNY\t12207\n" })).toMatchObject({ delimiter: "\t", missing_required: [] });
    expect(map({ csv: "Name|Address 1|City|State|Zip\nAda Lovelace|12 Main St|Albany|NY|12207\n" })).toMatchObject({ delimiter: "|", missing_required: [] });
    expect(map({ csv: "sep=;\nName;Address 1;City, town;State;Zip\nAda;12 Main St;Albany;NY;12207\n" })).toMatchObject({ delimiter: ";", missing_required: [] });
  });

  it("a letter-text column maps to text and shows in the sample; Notes do not", () => {
    const r = map({ header: ["Name", "Address", "City", "State", "Zip", "Personal Message", "Notes"], rows: [["Ada Lovelace", "12 Main St", "Albany", "NY", "12207", "Happy birthday, Ada!", "VIP"]] });
    expect(fields(r).text).toBe("Personal Message");
    expect(r.sample).toEqual({ to: { name: "Ada Lovelace", line1: "12 Main St", city: "Albany", state: "NY", zip: "12207" }, text: "Happy birthday, Ada!" });
    expect(unmapped(r, "Notes")?.looks_like).toBe("notes");
  });

  it("an Address column of whole addresses is not taken as line1", () => {
    const r = map({ header: ["Name", "Address"], rows: [["Ada Lovelace", "12 Main St, Albany, NY 12207"]] });
    expect(fields(r)).toEqual({ name: "Name" });
    expect(unmapped(r, "Address")?.looks_like).toBe("full_address");
    expect(r.missing_required).toEqual(["line1", "city", "state", "zip"]);
  });

  it("values confirm a header or lower its confidence", () => {
    const good = map({ header: ["Zip"], rows: [["12207"], ["12180-1234"]] });
    const bad = map({ header: ["Zip"], rows: [["n/a"], ["unknown"]] });
    const none = map({ header: ["Zip"] });
    expect(confidence(good, "zip")).toBeGreaterThan(confidence(none, "zip"));
    expect(confidence(bad, "zip")).toBeLessThan(0.6);
    expect(bad.next.join(" ")).toMatch(/Check the mapping of zip/);
  });

  it("a company stands in for the name only when no name column exists", () => {
    const r = map({ header: ["Company", "Address", "City", "State", "Zip"] });
    expect(r.mapping.find((m) => m.field === "name")).toMatchObject({ column: "Company", confidence: expect.any(Number) });
    expect(confidence(r, "name")).toBeLessThan(0.6);
  });

  it("the sample shows the problems POST /v1/quotes would find", () => {
    const r = map({ header: ["Name", "Address", "City", "State", "Zip", "Country"], rows: [["Ada Lovelace", "12 Main St", "", "Ontario", "K1A 0B1", "Canada"]] });
    expect(r.sample_issues).toContain("to.city: empty in this row");
    expect(r.sample_issues.some((i) => i.startsWith("to.zip: zip must be five digits"))).toBe(true);
    expect(r.sample_issues.some((i) => i.startsWith("to.country:"))).toBe(true);
  });

  it("is deterministic", () => {
    const body = { csv: csv("Email,Full Name,Mailing Address,City,State,Zip,Billing Zip", "a@example.com,Ada Lovelace,12 Main St,Albany,NY,12207,12180") };
    expect(JSON.stringify(map(body))).toBe(JSON.stringify(map(body)));
    expect(fields(map(body)).zip).toBe("Zip");
  });
});

describe("POST /v1/csv-map request checks", () => {
  it("refuses bodies that are not a header plus a few rows", () => {
    expect(refusal({})).toMatch(/send csv .* or header/);
    expect(refusal({ csv: "a,b", header: ["a"] })).toMatch(/not both/);
    expect(refusal({ csv: "a,b", rows: [["1"]] })).toMatch(/rows goes with header/);
    expect(refusal({ csv: "  \n " })).toMatch(/csv is empty/);
    expect(refusal({ header: [] })).toMatch(/header must name at least one column/);
    expect(refusal({ header: ["", " "] })).toMatch(/no column names/);
    expect(refusal({ header: Array.from({ length: 101 }, (_, i) => `c${i}`) })).toMatch(/at most 100 columns/);
    expect(refusal({ csv: Array.from({ length: 101 }, (_, i) => `c${i}`).join(",") })).toMatch(/101 columns; at most 100/);
    expect(refusal({ header: ["Zip"], rows: Array.from({ length: 21 }, () => ["12207"]) })).toMatch(/at most 20 sample rows/);
    expect(refusal({ csv: ["Zip", ...Array.from({ length: 21 }, () => "12207")].join("\n") })).toMatch(/21 sample rows/);
    expect(refusal({ header: ["Zip", "zip "] })).toMatch(/"zip" appears twice \(column_index 0 and 1\)/);
    expect(refusal({ header: ["Name", "Zip"], rows: [["Ada", "12207", "extra"]] })).toMatch(/rows\.0: sample row 1 has 3 cells but the header only 2 columns/);
    expect(refusal({ csv: 'Name,Zip\n"Ada,12207\n' })).toMatch(/csv: cannot be read as CSV: Quote Not Closed/);
    expect(refusal({ header: ["Name"], unknown: 1 })).toMatch(/unrecognized|unknown/i);
    expect(refusal({ csv: "x".repeat(65_537) })).toMatch(/at most 65536 characters/);
  });

  it("takes null cells, numbers and trailing empty cells", () => {
    const r = map({ header: ["Name", "Zip", ""], rows: [["Ada", 2134, null, ""], [null, null]] });
    expect(r.sample?.to).toEqual({ name: "Ada", zip: "02134" });
  });
});

describe("CSV pieces", () => {
  it("detects the delimiter outside quotes", () => {
    expect(detectDelimiter('Name;Street;City\n"Smith, John";1 Main St;Albany\n')).toBe(";");
    expect(detectDelimiter('"Last, First",Street\n"Smith, John",1 Main St\n')).toBe(",");
    expect(detectDelimiter("Name")).toBe(",");
  });

  it("reads CRLF, CR and quoted line breaks, and drops blank lines", () => {
    expect(parseCsvSample('a,b\r\n"x\r\ny",2\r\r\n,\n3,4\r5,6').records).toEqual([["a", "b"], ["x\r\ny", "2"], ["3", "4"], ["5", "6"]]);
  });

  it("reads headers and values the way exports write them", () => {
    expect(readHeader("Shipping ZIP/Postal Code")).toMatchObject({ kind: "zip", group: "shipping" });
    expect(readHeader("Address 2 - City")).toMatchObject({ kind: "city", group: "address 2" });
    expect(readHeader("E-Mail")).toMatchObject({ kind: "email" });
    expect(readHeader("Order ID")).toMatchObject({ kind: "other" });
    expect(readHeader("Field 7")).toBeNull();
    expect(stateCodeOf("N.Y.")).toBe("NY");
    expect(stateCodeOf("puerto rico")).toBe("PR");
    expect(stateCodeOf("Ontario")).toBeNull();
    expect(normaliseZip("'02134")).toBe("02134");
    expect(normaliseZip("122071234")).toBe("12207-1234");
    expect(normaliseZip("12207 1234")).toBe("12207-1234");
  });
});
