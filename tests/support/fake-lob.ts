import { randomBytes, randomInt } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { PDFDocument } from "pdf-lib";

// A local stand-in for Lob's print-and-mail API (letters and postcards), speaking Lob's wire
// format as its OpenAPI description (lob/lob-openapi) states it: HTTP Basic auth with the key as
// user name, multipart/form-data, urlencoded or JSON bodies with bracketed nested keys, the
// `{ error: { message, status_code, code } }` envelope, Idempotency-Key replays per resource,
// metadata filters on lists, DELETE inside the cancellation window, and objects shaped like
// Lob's. Tests act as USPS (tracking scans) and as time (the cancellation window closing).

export const FAKE_LOB_KEY = "test_fakelob00000000000000000000000";

type Obj = Record<string, any>;
type Resource = "letters" | "postcards";
export type ReceivedFile = { filename: string; type: string; size: number; bytes: Buffer; pages: number | null; widthIn: number | null; heightIn: number | null };
/** A created piece exactly as it came in: the flat form fields and each file. */
export type ReceivedPiece = { id: string; resource: Resource; idempotencyKey: string | null; fields: Record<string, string>; files: Record<string, ReceivedFile> };
export type FakeLobRequest = { method: string; path: string; query: string; idempotencyKey: string | null; contentType: string | null };

export type FakeLob = {
  /** The base URL, like https://api.lob.com/v1. */
  url: string;
  apiKey: string;
  pieces(): ReceivedPiece[];
  requests(): FakeLobRequest[];
  /** The piece as Lob would return it now. */
  object(id: string): Obj | undefined;
  /** Answer the next `times` requests with `status` (Lob's envelope unless `body` is given). */
  /** `only.method` limits it to requests of that method (e.g. fail the lookup, not the create). */
  failNext(status: number, times?: number, body?: unknown, headers?: Record<string, string>, only?: { method: string }): void;
  /** Read the next `times` requests and never answer; a create still creates when `create`. */
  hangNext(times?: number, opts?: { create?: boolean; method?: string }): void;
  /** Read the next `times` requests, then drop the connection; a create still creates when `create`. */
  resetNext(times?: number, opts?: { create?: boolean }): void;
  /** The next request is carried out, then answered 200 with a body that is not JSON. */
  garbageNext(): void;
  /** USPS scans the piece. `location` is the scan's ZIP (null for Mailed, as Lob sends it). */
  addTrackingEvent(id: string, name: string, opts?: { location?: string | null; time?: Date }): Obj;
  /** The piece's cancellation window has closed. */
  markTooLateToCancel(id: string): void;
  close(): Promise<void>;
};

class LobError extends Error {
  constructor(readonly status: number, readonly code: string, message: string) {
    super(message);
  }
}
const invalid = (message: string, code = "invalid") => new LobError(422, code, message);

const hex = (n: number) => randomBytes(n).toString("hex");
const iso = (d = new Date()) => d.toISOString();
const LETTER_FIELDS = new Set(["description", "to", "from", "file", "color", "double_sided", "address_placement", "return_envelope", "perforated_page", "custom_envelope", "extra_service", "mail_type", "merge_variables", "metadata", "send_date", "use_type", "cards", "qr_code", "fsc", "print_speed", "billing_group_id"]);
const POSTCARD_FIELDS = new Set(["description", "to", "from", "front", "back", "size", "mail_type", "merge_variables", "metadata", "send_date", "use_type", "qr_code", "fsc", "print_speed", "billing_group_id"]);
/** Artwork sizes with bleed, in inches, either orientation. */
const POSTCARD_ARTWORK: Record<string, [number, number]> = { "4x6": [6.25, 4.25], "6x9": [9.25, 6.25], "6x11": [11.25, 6.25] };

function flatten(value: unknown, prefix: string, out: Record<string, string>) {
  if (value !== null && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}[${k}]` : k, out);
  } else if (value !== undefined && value !== null) out[prefix] = String(value);
}

/** Every field whose key is `root[...]`, by sub-key. */
function group(fields: Record<string, string>, root: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(fields)) if (k.startsWith(`${root}[`)) out[k.slice(root.length + 1, -1)] = v;
  return out;
}

function checkBoolean(fields: Record<string, string>, key: string, required: boolean) {
  if (fields[key] === undefined) {
    if (required) throw invalid(`${key} is required`);
  } else if (!["true", "false"].includes(fields[key])) throw invalid(`${key} must be a boolean`);
}

function checkEnum(fields: Record<string, string>, key: string, allowed: string[], required = false) {
  if (fields[key] === undefined) {
    if (required) throw invalid(`${key} is required`);
  } else if (!allowed.includes(fields[key])) throw invalid(`${key} must be one of [${allowed.join(", ")}]`);
}

function checkAddress(fields: Record<string, string>, which: "to" | "from"): Obj {
  const a = group(fields, which);
  if (Object.keys(a).length === 0) {
    if (fields[which]) throw new LobError(404, "not_found", "address not found");
    throw invalid(`${which} is required`);
  }
  if (!a.name && !a.company) throw invalid(`${which}.name or ${which}.company is required`);
  for (const key of ["address_line1", "address_city", "address_state", "address_zip"]) if (!a[key]) throw invalid(`${which}.${key} is required`);
  if ((a.name ?? "").length > 40) throw invalid(`${which}.name length must be less than or equal to 40 characters long`);
  for (const key of ["address_line1", "address_line2"]) if ((a[key] ?? "").length > 64) throw invalid(`${which}.${key} length must be less than or equal to 64 characters long`);
  if (!/^[a-zA-Z]{2}$/.test(a.address_state)) throw invalid(`${which}.address_state must be a 2 letter state short-name code`);
  if (!/^\d{5}(-\d{4})?$/.test(a.address_zip)) throw invalid(`${which}.address_zip must follow the ZIP format of 12345 or ZIP+4 format of 12345-1234`);
  if (a.address_country && a.address_country !== "US") throw invalid(`${which}.address_country must be US in this fake`);
  if (which === "to" && (a.address_line1 + (a.address_line2 ?? "")).length > 50) {
    throw invalid("The sum of to.address_line1 and to.address_line2 cannot surpass 50 characters.", "address_length_exceeds_limit");
  }
  return {
    id: `adr_${hex(8)}`, object: "address", description: null, name: a.name ?? null, company: a.company ?? null, phone: null, email: null,
    address_line1: a.address_line1.toUpperCase(), address_line2: a.address_line2?.toUpperCase() ?? null, address_city: a.address_city.toUpperCase(),
    address_state: a.address_state.toUpperCase(), address_zip: a.address_zip, address_country: "UNITED STATES", metadata: {}, date_created: iso(), date_modified: iso(),
  };
}

async function inspectFile(file: File): Promise<ReceivedFile & { pageSizes: [number, number][] }> {
  const bytes = Buffer.from(await file.arrayBuffer());
  let pageSizes: [number, number][] = [];
  try {
    pageSizes = (await PDFDocument.load(bytes)).getPages().map((p) => [p.getWidth() / 72, p.getHeight() / 72]);
  } catch {
    pageSizes = [];
  }
  const [first] = pageSizes;
  return { filename: file.name, type: file.type, size: bytes.length, pages: pageSizes.length || null, widthIn: first?.[0] ?? null, heightIn: first?.[1] ?? null, bytes, pageSizes };
}

const near = (a: number, b: number) => Math.abs(a - b) < 0.02;
const strip = ({ pageSizes: _p, ...file }: Awaited<ReturnType<typeof inspectFile>>): ReceivedFile => file;

export async function startFakeLob(): Promise<FakeLob> {
  const received: ReceivedPiece[] = [];
  const log: FakeLobRequest[] = [];
  const objects = new Map<string, Obj>();
  const tooLate = new Set<string>();
  const keys = new Map<string, string>(); // `${resource} ${idempotency key}` -> piece id
  const failures: { status: number; body?: unknown; headers?: Record<string, string>; method?: string }[] = [];
  const misbehave: { mode: "hang" | "reset" | "garbage"; create: boolean; method?: string }[] = [];
  /** The first planned misbehaviour that applies to a request of this method. */
  const take = <T extends { method?: string }>(queue: T[], method: string): T | undefined => {
    const i = queue.findIndex((e) => !e.method || e.method === method);
    return i < 0 ? undefined : queue.splice(i, 1)[0];
  };

  async function create(resource: Resource, fields: Record<string, string>, files: Record<string, File>, idempotencyKey: string | null): Promise<Obj> {
    const allowed = resource === "letters" ? LETTER_FIELDS : POSTCARD_FIELDS;
    for (const key of [...Object.keys(fields), ...Object.keys(files)]) {
      if (!allowed.has(key.split("[")[0])) throw invalid(`${key.split("[")[0]} is not allowed`);
    }
    const to = checkAddress(fields, "to");
    const from = resource === "letters" || Object.keys(group(fields, "from")).length ? checkAddress(fields, "from") : null;
    checkEnum(fields, "use_type", ["marketing", "operational"], true);
    checkEnum(fields, "mail_type", ["usps_first_class", "usps_standard"]);
    const metadata = group(fields, "metadata");
    if (Object.keys(metadata).length > 20) throw invalid("metadata must have at most 20 keys");
    for (const [k, v] of Object.entries(metadata)) if (k.length >= 40 || v.length >= 500) throw invalid("metadata keys must be under 40 characters and values under 500");

    const record: ReceivedPiece = { id: "", resource, idempotencyKey, fields, files: {} };
    const now = new Date();
    const common = {
      description: fields.description ?? null, metadata, to, from, mail_type: fields.mail_type ?? "usps_first_class", use_type: fields.use_type,
      carrier: "USPS", thumbnails: [], tracking_events: [], merge_variables: null, status: "processed", failure_reason: null, fsc: false,
      expected_delivery_date: new Date(now.getTime() + 5 * 86_400_000).toISOString().slice(0, 10),
      // Lob's default cancellation window is five minutes; the send date is when it closes.
      send_date: iso(new Date(now.getTime() + 5 * 60_000)), date_created: iso(now), date_modified: iso(now),
    };
    let piece: Obj;
    if (resource === "letters") {
      checkBoolean(fields, "color", true);
      checkBoolean(fields, "double_sided", false);
      checkEnum(fields, "address_placement", ["top_first_page", "insert_blank_page", "bottom_first_page_center", "bottom_first_page"]);
      checkEnum(fields, "extra_service", ["certified", "certified_return_receipt", "registered"]);
      if (!files.file) throw invalid(fields.file === undefined ? "file is required" : "file must be a PDF upload in this fake");
      const file = await inspectFile(files.file);
      if (!file.pages) throw invalid("file is not a valid PDF", "invalid_file");
      if (file.pageSizes.some(([w, h]) => !near(w, 8.5) || !near(h, 11))) throw invalid("All pages of a supplied PDF file must be sized at 8.5x11", "invalid_file_dimensions");
      if (file.pages > (fields.double_sided === "false" ? 60 : 120)) throw invalid("Too many pages.", "file_pages_exceed_max");
      record.files.file = strip(file);
      const extra = fields.extra_service ?? null;
      piece = {
        id: `ltr_${hex(8)}`, object: "letter", ...common, color: fields.color === "true", double_sided: fields.double_sided !== "false",
        address_placement: fields.address_placement ?? "top_first_page", return_envelope: false, perforated_page: null, custom_envelope: null,
        extra_service: extra, tracking_number: extra ? `9407${Array.from({ length: 18 }, () => randomInt(10)).join("")}` : null,
      };
    } else {
      checkEnum(fields, "size", Object.keys(POSTCARD_ARTWORK));
      const size = fields.size ?? "4x6";
      if (size === "4x6" && fields.mail_type === "usps_standard") throw invalid("usps_standard cannot be used with 4x6 postcards");
      for (const side of ["front", "back"]) {
        if (!files[side]) throw invalid(fields[side] === undefined ? `${side} is required` : `${side} must be a PDF upload in this fake`);
        const file = await inspectFile(files[side]);
        const [w, h] = POSTCARD_ARTWORK[size];
        if (file.pages !== 1) throw invalid(`${side} must be a one-page PDF`, "invalid_file");
        const [fw, fh] = file.pageSizes[0];
        if (!((near(fw, w) && near(fh, h)) || (near(fw, h) && near(fh, w)))) throw invalid(`${side} must be sized at ${h}"x${w}" for a ${size} postcard`, "invalid_file_dimensions");
        record.files[side] = strip(file);
      }
      piece = { id: `psc_${hex(8)}`, object: "postcard", ...common, size, front_template_id: null, back_template_id: null };
    }
    piece.url = `https://lob-assets.com/${resource}/${piece.id}.pdf?expires=${Math.floor(now.getTime() / 1000) + 2_592_000}&signature=fake`;
    record.id = piece.id;
    received.push(record);
    objects.set(piece.id, piece);
    if (idempotencyKey) keys.set(`${resource} ${idempotencyKey}`, piece.id);
    return piece;
  }

  async function route(req: http.IncomingMessage, url: URL, raw: Buffer): Promise<{ status: number; body: unknown }> {
    const method = req.method ?? "GET";
    // US verifications as Lob answers them for a test key: every address it can read comes back
    // deliverable, in upper case, with its components (Lob's test mode does not look streets up).
    if (url.pathname === "/v1/us_verifications" && method === "POST") {
      const { fields } = await parseBody(req, url, raw);
      if (!fields.primary_line) throw invalid("primary_line is required");
      const up = (v: string | undefined) => (v ?? "").toUpperCase();
      const zip = (fields.zip_code ?? "").slice(0, 5);
      return {
        status: 200,
        body: {
          id: `us_ver_${hex(12)}`, object: "us_verification", deliverability: "deliverable",
          primary_line: up(fields.primary_line), secondary_line: up(fields.secondary_line), urbanization: "",
          last_line: `${up(fields.city)} ${up(fields.state)} ${zip}`,
          components: { city: up(fields.city), state: up(fields.state), zip_code: zip, zip_code_plus_4: "" },
        },
      };
    }
    const m = url.pathname.match(/^\/v1\/(letters|postcards)(?:\/([^/]+))?$/);
    if (!m) throw new LobError(404, "unrecognized_endpoint", "The requested endpoint does not exist.");
    const resource = m[1] as Resource;
    const id = m[2];
    const kind = resource === "letters" ? "letter" : "postcard";
    if (!id && method === "POST") {
      const header = (req.headers["idempotency-key"] as string | undefined) ?? null;
      const query = url.searchParams.get("idempotency_key") ?? url.searchParams.get("idempotency-key");
      if (header && query) throw invalid("Only one idempotency key may be given: header or query parameter.");
      const key = header ?? query;
      if (key && key.length > 256) throw invalid("Idempotency-Key must be at most 256 characters");
      const replay = key ? keys.get(`${resource} ${key}`) : undefined;
      if (replay) return { status: 200, body: objects.get(replay) };
      const { fields, files } = await parseBody(req, url, raw);
      return { status: 200, body: await create(resource, fields, files, key) };
    }
    if (!id && method === "GET") {
      const filters = [...url.searchParams].filter(([k]) => k.startsWith("metadata[")).map(([k, v]) => [k.slice(9, -1), v]);
      const limit = Number(url.searchParams.get("limit") ?? 10);
      const data = [...objects.values()]
        .filter((p) => p.object === kind && filters.every(([k, v]) => p.metadata[k] === v))
        .reverse()
        .slice(0, limit);
      return { status: 200, body: { data, object: "list", next_url: null, previous_url: null, count: data.length } };
    }
    const piece = id ? objects.get(id) : undefined;
    if (!piece || piece.object !== kind) throw new LobError(404, "not_found", `${kind} not found`);
    if (method === "GET") return { status: 200, body: piece };
    if (method === "DELETE") {
      if (!piece.deleted && tooLate.has(piece.id)) throw new LobError(422, "not_deletable", `This ${kind} has been sent to production and can no longer be canceled.`);
      Object.assign(piece, { deleted: true, date_modified: iso() });
      return { status: 200, body: { id: piece.id, deleted: true } };
    }
    throw new LobError(404, "unrecognized_endpoint", "The requested endpoint does not exist.");
  }

  async function parseBody(req: http.IncomingMessage, url: URL, raw: Buffer): Promise<{ fields: Record<string, string>; files: Record<string, File> }> {
    const type = req.headers["content-type"] ?? "";
    const fields: Record<string, string> = {};
    const files: Record<string, File> = {};
    if (type.startsWith("application/json")) {
      try {
        flatten(JSON.parse(raw.toString()), "", fields);
      } catch {
        throw new LobError(400, "bad_request", "The request body is not valid JSON.");
      }
      return { fields, files };
    }
    if (!type.startsWith("multipart/form-data") && !type.startsWith("application/x-www-form-urlencoded")) throw invalid("Unsupported content type");
    const form = await new Request(url, { method: "POST", headers: { "content-type": type }, body: new Uint8Array(raw) }).formData();
    for (const [k, v] of form) {
      if (typeof v === "string") fields[k] = v;
      else files[k] = v;
    }
    return { fields, files };
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", async () => {
      const url = new URL(req.url ?? "/", "http://lob.test");
      log.push({ method: req.method ?? "GET", path: url.pathname, query: url.search, idempotencyKey: (req.headers["idempotency-key"] as string | undefined) ?? null, contentType: req.headers["content-type"] ?? null });
      const send = (status: number, body: unknown, headers: Record<string, string> = {}) =>
        res.writeHead(status, { "content-type": "application/json", ...headers }).end(JSON.stringify(body));
      const error = (status: number, code: string, message: string, headers?: Record<string, string>) => send(status, { error: { message, status_code: status, code } }, headers);

      const [user] = Buffer.from((req.headers.authorization ?? "").replace(/^Basic /, ""), "base64").toString().split(":");
      if (!req.headers.authorization?.startsWith("Basic ") || user !== FAKE_LOB_KEY) {
        return error(401, "unauthorized", "Your API key is not valid. Please sign up on lob.com to get a valid api key.");
      }
      const failure = take(failures, req.method ?? "GET");
      if (failure) {
        const rate: Record<string, string> = failure.status === 429 ? { "x-rate-limit-limit": "150", "x-rate-limit-remaining": "0", "x-rate-limit-reset": String(Math.floor(Date.now() / 1000) + 5) } : {};
        if (failure.body !== undefined) return send(failure.status, failure.body, { ...rate, ...failure.headers });
        const message = failure.status === 429 ? "Rate limit exceeded. Please wait 5 seconds and try your request again." : `Fake Lob was told to answer ${failure.status}.`;
        const code = failure.status === 429 ? "rate_limit_exceeded" : failure.status >= 500 ? "service_unavailable" : "invalid";
        return error(failure.status, code, message, { ...rate, ...failure.headers });
      }
      const odd = take(misbehave, req.method ?? "GET");
      // A hung request keeps its socket open until the test closes the fake; a reset drops it.
      const quiet = () => void (odd?.mode === "reset" && req.socket.destroy());
      if (odd && odd.mode !== "garbage" && !odd.create) return quiet();
      try {
        const out = await route(req, url, Buffer.concat(chunks));
        if (odd?.mode === "garbage") return res.writeHead(200, { "content-type": "text/html" }).end("<html><body>502 Bad Gateway</body></html>");
        if (odd) return quiet();
        send(out.status, out.body);
      } catch (err) {
        if (!(err instanceof LobError)) throw err;
        if (odd && odd.mode !== "garbage") return quiet();
        error(err.status, err.code, err.message);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/v1`,
    apiKey: FAKE_LOB_KEY,
    pieces: () => received.map((p) => ({ ...p, fields: { ...p.fields }, files: { ...p.files } })),
    requests: () => [...log],
    object: (id) => objects.get(id),
    failNext(status, times = 1, body, headers, only) {
      for (let i = 0; i < times; i++) failures.push({ status, body, headers, method: only?.method });
    },
    hangNext(times = 1, opts = {}) {
      for (let i = 0; i < times; i++) misbehave.push({ mode: "hang", create: opts.create ?? true, method: opts.method });
    },
    resetNext(times = 1, opts = {}) {
      for (let i = 0; i < times; i++) misbehave.push({ mode: "reset", create: opts.create ?? true });
    },
    garbageNext() {
      misbehave.push({ mode: "garbage", create: true, method: "POST" });
    },
    addTrackingEvent(id, name, opts = {}) {
      const piece = objects.get(id);
      if (!piece) throw new Error(`fake lob: no piece ${id}`);
      const time = opts.time ?? new Date();
      const event = {
        id: `evnt_${hex(8)}`, type: piece.extra_service ? "certified" : "normal", name, details: null,
        location: opts.location === undefined ? (name === "Mailed" ? null : piece.to.address_zip.slice(0, 5)) : opts.location,
        time: iso(time), date_created: iso(), date_modified: iso(), object: "tracking_event",
      };
      piece.tracking_events.push(event);
      piece.tracking_events.sort((a: Obj, b: Obj) => a.time.localeCompare(b.time));
      return event;
    },
    markTooLateToCancel(id) {
      tooLate.add(id);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
