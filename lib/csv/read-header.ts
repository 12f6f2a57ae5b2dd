// What a CSV column's header says it holds. Headers come from every kind of export (Google
// Contacts, Outlook, Shopify, CRMs, hand-made spreadsheets), so a header is normalised (case,
// punctuation, camelCase, digits) and compared without spaces against known names, first as a
// whole, then after a group prefix such as "Shipping", "Home" or Google's "Address 1 -".

/** The fields a column can fill: the recipient address of POST /v1/quotes, and the letter text. */
export const TARGET_FIELDS = ["name", "line1", "line2", "city", "state", "zip", "country", "text"] as const;
export type TargetField = (typeof TARGET_FIELDS)[number];

/** Recognised columns that fill no field by themselves. */
export type OtherKind =
  | "first_name" | "last_name" | "middle_name" | "name_part" | "company" | "email" | "phone"
  | "full_address" | "city_state_zip" | "line3" | "notes" | "other";
export type HeaderKind = TargetField | OtherKind;

export type HeaderReading = {
  kind: HeaderKind;
  /** How surely the header alone means `kind`, 0..1, the group's preference included. */
  confidence: number;
  /** The group prefix ("shipping", "home", "address 2"...), "" when none: pairs first and last names. */
  group: string;
};

const SYNONYMS: [HeaderKind, number, string[]][] = [
  ["name", 0.98, ["full name", "fullname", "recipient name", "name on envelope", "envelope name", "mailing name", "addressee", "addressee name", "addressed to"]],
  ["name", 0.95, ["contact name", "customer name", "guest name", "guest names", "guest name s", "household name", "client name", "member name", "person name", "to name", "recipient", "recipients"]],
  ["name", 0.85, ["name", "names", "household", "display name", "attention", "attn", "customer", "client", "contact", "guest", "member", "person"]],
  ["first_name", 0.95, ["first name", "first", "given name", "fname", "forename", "first names", "firstname"]],
  ["last_name", 0.95, ["last name", "last", "surname", "family name", "lname", "lastname"]],
  ["middle_name", 0.9, ["middle name", "middle", "middle initial", "mi", "additional name"]],
  ["name_part", 0.9, ["title", "prefix", "salutation", "honorific", "name prefix", "suffix", "name suffix"]],
  ["company", 0.95, ["company", "company name", "organization", "organisation", "organization name", "organisation name", "business name", "business", "firm", "employer", "account name", "org"]],
  ["line1", 0.97, ["address line 1", "address 1", "addr 1", "addr line 1", "street address", "street address 1", "street address line 1", "street line 1", "street 1", "line 1", "mailing address", "mailing address line 1", "postal address", "shipping address", "delivery address", "home address"]],
  ["line1", 0.95, ["street", "mailing street", "address street", "physical address"]],
  ["line1", 0.9, ["address", "addr", "street name"]],
  ["line2", 0.97, ["address line 2", "address 2", "addr 2", "addr line 2", "street address 2", "street address line 2", "street line 2", "street 2", "line 2", "mailing address line 2", "apt suite unit", "apt suite", "apt unit", "suite apt", "apartment suite unit", "apartment suite unit building floor", "apt suite unit building", "apt suite etc", "apt suite bldg", "apartment suite", "unit apt", "apt unit suite", "apt number", "apt no", "apartment number", "suite number", "unit number"]],
  ["line2", 0.9, ["apt", "apartment", "suite", "unit", "extended address", "secondary address", "building", "care of"]],
  ["line3", 0.9, ["address line 3", "address 3", "street 3", "line 3", "street address 3", "addr 3"]],
  ["city", 0.97, ["city", "town", "city town", "town city", "city name", "locality", "municipality", "mailing city"]],
  ["state", 0.97, ["state", "state code", "state abbreviation", "state abbr", "state province", "state province region", "state region", "province state", "state or province", "state name", "us state", "state territory"]],
  ["state", 0.85, ["province", "province code", "province name", "region", "st", "prov", "state county"]],
  ["zip", 0.97, ["zip", "zip code", "zipcode", "zip 5", "zip5", "zip plus 4", "zip code plus 4", "zip postal code", "zip postal", "postal code", "postal zip code", "postal zip", "postcode", "post code", "zip code 5", "zip postcode"]],
  ["zip", 0.8, ["postal", "zip 4", "zip code 4"]],
  ["country", 0.95, ["country", "country code", "country region", "country name", "nation", "country iso", "country iso code"]],
  ["city_state_zip", 0.9, ["city state zip", "city state zip code", "city state postal code", "city state and zip", "city state zip code country", "city st zip"]],
  ["full_address", 0.9, ["formatted", "formatted address", "full address", "complete address", "address formatted", "address block", "mailing address block"]],
  ["text", 0.95, ["message", "letter text", "letter message", "card message", "personal message", "custom message", "message text", "note to recipient", "gift message", "letter body"]],
  ["text", 0.8, ["text", "letter", "body", "greeting", "content", "card text"]],
  ["notes", 0.9, ["notes", "note", "comments", "comment", "remarks", "description"]],
  ["email", 0.95, ["email", "email address", "emails"]],
  ["phone", 0.95, ["phone", "phone number", "telephone", "tel", "mobile", "cell", "fax"]],
];

const LOOKUP = new Map<string, { kind: HeaderKind; confidence: number }>();
for (const [kind, confidence, names] of SYNONYMS) {
  for (const n of names) {
    const key = compact(n);
    if (!LOOKUP.has(key)) LOOKUP.set(key, { kind, confidence });
  }
}

// Group prefixes and how much a mailing list prefers them: the shipping or mailing address is
// where a letter goes; a billing or business address is only second best.
const GROUPS: [string, number][] = [
  ["shipping", 1], ["ship to", 1], ["ship", 1], ["delivery", 1], ["deliver to", 1], ["mailing", 1], ["mail to", 1], ["send to", 1], ["recipient", 1],
  ["primary", 0.97], ["physical", 0.97], ["contact", 0.97], ["customer", 0.97], ["guest", 0.97], ["client", 0.97], ["member", 0.97],
  ["personal", 0.97], ["residential", 0.97], ["address", 0.97], ["home", 0.96],
  ["business", 0.9], ["work", 0.9], ["office", 0.9], ["company", 0.9], ["billing", 0.88], ["bill to", 0.88], ["bill", 0.88], ["other", 0.85],
];
const NO_GROUP_FACTOR = 0.97;
const LATER_GROUP_FACTOR = 0.85; // "Address 2 - City", "Guest 2 First Name": a second entry

// Words of a header that say it holds something other than an address.
const EMAIL_WORDS = new Set(["email", "emails"]);
const PHONE_WORDS = new Set(["phone", "telephone", "tel", "mobile", "cell", "fax"]);
const OTHER_WORDS = new Set([
  "id", "number", "no", "num", "qty", "quantity", "count", "amount", "price", "total", "cost", "subtotal", "tax", "date", "time",
  "year", "age", "birthday", "dob", "status", "rsvp", "sku", "created", "updated", "tags", "tag", "labels", "label", "url", "website",
  "gender", "relationship", "side", "type", "currency", "paid", "payment", "method", "vendor", "discount", "score",
  "owner", "source", "job", "department", "nickname", "industry", "lifecycle", "stage", "latitude", "longitude", "lat", "lng", "lon", "timezone", "language", "group", "groups",
]);

/** "Shipping ZIP/Postal Code" -> ["shipping", "zip", "postal", "code"]. */
export function headerWords(raw: string): string[] {
  const spaced = raw
    .replace(/^\uFEFF/, "")
    .replace(/\+/g, " plus ")
    .replace(/&/g, " and ")
    .replace(/#/g, " number ")
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .replace(/([A-Za-z])(\d)/g, "$1 $2")
    .replace(/(\d)([A-Za-z])/g, "$1 $2")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
  const words = spaced === "" ? [] : spaced.split(" ");
  // "e-mail" and "E Mail" are one word.
  const joined: string[] = [];
  for (let i = 0; i < words.length; i++) {
    if (words[i] === "e" && words[i + 1] === "mail") {
      joined.push("email");
      i++;
    } else joined.push(words[i]);
  }
  return joined;
}

function compact(phrase: string): string {
  return headerWords(phrase).join("");
}

/** What a header says its column holds, or null when it says nothing we know. */
export function readHeader(raw: string): HeaderReading | null {
  const variants = [raw];
  const withoutParens = raw.replace(/\([^)]*\)|\[[^\]]*\]/g, " ");
  if (withoutParens !== raw) variants.push(withoutParens);
  for (const variant of variants) {
    const reading = readWords(headerWords(variant));
    if (reading) return reading;
  }
  return null;
}

function readWords(words: string[]): HeaderReading | null {
  if (words.length === 0) return null;
  const key = words.join("");
  const whole = LOOKUP.get(key);
  if (whole) return { kind: whole.kind, confidence: round(whole.confidence * NO_GROUP_FACTOR), group: "" };

  for (const [group, factor] of GROUPS) {
    const g = compact(group);
    if (!key.startsWith(g)) continue;
    let rest = key.slice(g.length);
    const n = /^\d+/.exec(rest)?.[0];
    if (n) rest = rest.slice(n.length);
    const hit = LOOKUP.get(rest);
    if (!hit || rest === "") continue;
    const f = n && Number(n) >= 2 ? Math.min(factor, LATER_GROUP_FACTOR) : factor;
    return { kind: hit.kind, confidence: round(hit.confidence * f), group: n ? `${group} ${n}` : group };
  }

  if (words.some((w) => EMAIL_WORDS.has(w))) return { kind: "email", confidence: 0.9, group: "" };
  if (words.some((w) => PHONE_WORDS.has(w))) return { kind: "phone", confidence: 0.9, group: "" };
  if (words.some((w) => OTHER_WORDS.has(w))) return { kind: "other", confidence: 0.8, group: "" };
  return null;
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}
