import { PDFDocument } from "pdf-lib";
import { zipData } from "@/lib/addresses/zip-data";
import type { Address } from "@/lib/letters/schemas";
import { MAIL_CLASS_LABELS, isLetterFormat, isPostcard, type Format, type MailClass } from "@/lib/letters/formats";
import {
  TRACKING_EVENT_NAMES,
  type Carrier,
  type CarrierPiece,
  type SubmitOutcome,
  type SubmittedPiece,
  type TrackingEvent,
  type TrackingEventName,
  type TrackingReport,
} from "@/lib/fulfillment/carrier";
import { log } from "@/lib/log";

// Lob's print-and-mail API (docs.lob.com, whose source is the lob/lob-openapi repository).
// Pieces go as multipart/form-data, nested objects in bracket keys (`to[name]`) as Lob's own
// Node library sends them, the PDFs as file parts. The order id is both the Idempotency-Key
// (Lob returns the existing piece for a key it has seen, for 24 hours and per resource) and
// metadata[order_id], which find() filters on once the 24 hours are past or an answer was lost.
//
// remove_branding cannot be mapped: Lob has no such option and mails letters in its plain #10
// double-window envelope, which carries no mark of ours, so there is nothing to remove.

export type LobCarrierOptions = {
  apiKey: string;
  /** Default https://api.lob.com/v1 */
  baseUrl?: string;
  /** Default 30000 */
  timeoutMs?: number;
  /** Lob requires every piece to declare it; ours are one-to-one correspondence, so operational. */
  useType?: "operational" | "marketing";
};

type Json = Record<string, unknown>;
type Answer =
  | { ok: true; status: number; headers: Headers; json: unknown }
  | { ok: false; neverSent: boolean; why: string };

const INCH = 72;
/** Lob's postcard artwork includes 1/8 in of bleed on every side of the trimmed card. */
const BLEED = INCH / 8;
const POSTCARDS: Record<string, { size: string; trim: [number, number] }> = {
  postcard_4x6: { size: "4x6", trim: [6 * INCH, 4 * INCH] },
  postcard_6x9: { size: "6x9", trim: [9 * INCH, 6 * INCH] },
  postcard_6x11: { size: "6x11", trim: [11 * INCH, 6 * INCH] },
};
const EXTRA_SERVICE: Partial<Record<MailClass, string>> = { certified: "certified", certified_err: "certified_return_receipt" };
const KNOWN_EVENTS = new Set<string>(TRACKING_EVENT_NAMES);
/** Codes with which a connection fails before a byte of the request could have left. */
const NEVER_SENT = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EAI_NONAME", "ENETUNREACH", "EHOSTUNREACH", "UND_ERR_CONNECT_TIMEOUT"]);

export class LobCarrier implements Carrier {
  readonly name = "lob" as const;
  /** Lob prints and hands to USPS within about a business day; nothing can be scanned sooner than an hour. */
  readonly firstScanAfterMs = 60 * 60 * 1000;
  private readonly base: string;
  private readonly auth: string;
  private readonly timeoutMs: number;
  private readonly useType: "operational" | "marketing";

  constructor(opts: LobCarrierOptions) {
    this.base = (opts.baseUrl ?? "https://api.lob.com/v1").replace(/\/+$/, "");
    // Basic auth with the key as user name and an empty password, as Lob documents it.
    this.auth = `Basic ${Buffer.from(`${opts.apiKey}:`).toString("base64")}`;
    this.timeoutMs = opts.timeoutMs ?? 30_000;
    this.useType = opts.useType ?? "operational";
  }

  noRailReason(format: Format, mailClass: MailClass): string | null {
    if (format === "notecard") return "Lob has no rail for notecards (handwritten cards need a handwriting partner).";
    if (isPostcard(format) && mailClass !== "first_class") {
      return `Lob mails postcards First-Class only: it has no ${MAIL_CLASS_LABELS[mailClass]} rail for postcards.`;
    }
    // Lob's mail_type is usps_first_class or usps_standard; Certified is an extra service on First-Class.
    if (mailClass === "priority") return "Lob has no Priority Mail rail: it mails letters First-Class, optionally Certified.";
    return null;
  }

  async submit(piece: CarrierPiece): Promise<SubmitOutcome> {
    const noRail = this.noRailReason(piece.format, piece.mailClass);
    if (noRail) return { kind: "rejected", reason: noRail };
    const what = isLetterFormat(piece.format) ? "letter" : "postcard";
    let form: FormData;
    try {
      form = isLetterFormat(piece.format) ? letterForm(piece) : await postcardForm(piece);
    } catch (err) {
      log.error({ err, orderId: piece.orderId }, "Lob piece could not be prepared");
      return { kind: "rejected", reason: `The proof PDF could not be prepared for Lob: ${(err as Error).message}` };
    }
    form.append("description", `Order ${piece.orderId}`);
    form.append("metadata[order_id]", piece.orderId);
    form.append("use_type", this.useType);
    form.append("mail_type", "usps_first_class");

    const a = await this.send("POST", `/${what}s`, form, { "idempotency-key": piece.orderId });
    if (!a.ok) {
      return a.neverSent
        ? { kind: "unavailable", reason: `Lob cannot be reached (${a.why}); nothing was sent.` }
        : { kind: "uncertain", reason: `Lob gave no answer (${a.why}) after the ${what} was sent: it may or may not exist.` };
    }
    const body = a.json as Json | null;
    if (a.status >= 200 && a.status < 300) {
      if (typeof body?.id === "string" && body.id) {
        return { kind: "accepted", providerId: body.id, trackingNumber: typeof body.tracking_number === "string" ? body.tracking_number : null };
      }
      log.warn({ status: a.status, orderId: piece.orderId }, "Lob accepted a piece without a readable id");
      return { kind: "uncertain", reason: `Lob answered HTTP ${a.status} without a readable ${what} id: it may or may not exist.` };
    }
    const message = lobMessage(a.json, a.status);
    // A wrong or revoked key, or a base URL without this endpoint, is our configuration, not the
    // customer's letter: failing the order would refund and annoy them for an operator's mistake.
    // Nothing was created, so it is "unavailable" until an operator fixes LOB_API_KEY/LOB_BASE_URL.
    if (a.status === 401 || a.status === 403 || a.status === 404) {
      log.error({ status: a.status, message }, "Lob refused this service's credentials or endpoint");
      const why = a.status === 404 ? "has no such endpoint: check the Lob base URL" : "refused this service's API key: an operator must fix it";
      return { kind: "unavailable", reason: `Lob ${why} (HTTP ${a.status}: ${message}); nothing was created.`, retryAfterSeconds: 300 };
    }
    // 408 is Lob's own "took too long"; 409 (and 422 conflict) is the idempotency layer finding
    // the key in use or in a conflicting state. Either way a piece may exist under this order id.
    if (a.status === 408 || a.status === 409 || (a.status === 422 && lobCode(a.json) === "conflict")) {
      return { kind: "uncertain", reason: `Lob answered HTTP ${a.status} (${message}): the ${what} may or may not exist.` };
    }
    if (a.status === 429 || a.status >= 500) {
      log.warn({ status: a.status, orderId: piece.orderId }, "Lob unavailable");
      return { kind: "unavailable", reason: `Lob answered HTTP ${a.status} (${message}); nothing was created.`, retryAfterSeconds: retryAfter(a) };
    }
    if (a.status >= 400) return { kind: "rejected", reason: `Lob refused the ${what}: ${message}` };
    return { kind: "uncertain", reason: `Lob answered HTTP ${a.status}: the ${what} may or may not exist.` };
  }

  async track(piece: SubmittedPiece): Promise<TrackingReport> {
    const resource = resourceOf(piece.providerId);
    if (!resource) return { kind: "unavailable", reason: `${piece.providerId} is not a Lob letter or postcard id.` };
    const a = await this.send("GET", `/${resource}/${encodeURIComponent(piece.providerId)}`);
    if (!a.ok) return { kind: "unavailable", reason: `Lob cannot be reached (${a.why}).` };
    const body = a.json as Json | null;
    if (a.status !== 200 || typeof body?.id !== "string") {
      if (a.status < 500 && a.status !== 429) log.error({ status: a.status, providerId: piece.providerId }, "Lob cannot show a piece we submitted");
      return { kind: "unavailable", reason: `Lob answered HTTP ${a.status} (${lobMessage(a.json, a.status)}) for ${piece.providerId}.` };
    }
    const events = await trackingEvents(body.tracking_events);
    if (body.deleted === true) return { kind: "ok", events, failed: "The piece was canceled at Lob before it was mailed." };
    if (body.status === "failed") {
      const why = (body.failure_reason as Json | null)?.failure_reason;
      return { kind: "ok", events, failed: `Lob could not render the piece${typeof why === "string" && why ? `: ${why}` : "."}` };
    }
    return { kind: "ok", events };
  }

  async find(orderId: string): Promise<{ kind: "found"; providerId: string } | { kind: "absent" } | { kind: "unavailable"; reason: string }> {
    const query = new URLSearchParams({ "metadata[order_id]": orderId, limit: "10" });
    for (const resource of ["letters", "postcards"]) {
      const a = await this.send("GET", `/${resource}?${query}`);
      if (!a.ok) return { kind: "unavailable", reason: `Lob cannot be reached (${a.why}).` };
      const data = (a.json as Json | null)?.data;
      if (a.status !== 200 || !Array.isArray(data)) {
        return { kind: "unavailable", reason: `Lob answered HTTP ${a.status} (${lobMessage(a.json, a.status)}) to a search for ${orderId}.` };
      }
      const mine = (data as Json[]).filter((p) => typeof p?.id === "string" && (p.metadata as Json | undefined)?.order_id === orderId);
      // A canceled piece still answers for the order, but a live one is the one that mails.
      const best = mine.find((p) => p.deleted !== true) ?? mine[0];
      if (best) return { kind: "found", providerId: best.id as string };
    }
    return { kind: "absent" };
  }

  async cancel(providerId: string): Promise<"canceled" | "too_late" | "unavailable"> {
    const resource = resourceOf(providerId);
    if (!resource) return "unavailable";
    const path = `/${resource}/${encodeURIComponent(providerId)}`;
    const a = await this.send("DELETE", path);
    if (!a.ok) return "unavailable";
    if (a.status >= 200 && a.status < 300 && (a.json as Json | null)?.deleted === true) return "canceled";
    if (a.status === 401 || a.status === 403 || a.status === 404 || a.status === 408 || a.status === 429 || a.status >= 500) {
      log.warn({ status: a.status, providerId }, "Lob could not cancel a piece right now");
      return "unavailable";
    }
    // Lob refuses a piece past its cancellation window (422 not_deletable). Ask the piece itself
    // rather than trust the wording: a cancel retried after a lost answer finds it already deleted.
    const now = await this.send("GET", path);
    const piece = now.ok && now.status === 200 ? (now.json as Json | null) : null;
    if (typeof piece?.id !== "string") return "unavailable";
    return piece.deleted === true ? "canceled" : "too_late";
  }

  /** One request under the deadline; the body is read under it too. Never logs the key. */
  private async send(method: string, path: string, body?: FormData, headers: Record<string, string> = {}): Promise<Answer> {
    try {
      const res = await fetch(`${this.base}${path}`, {
        method,
        headers: { authorization: this.auth, accept: "application/json", ...headers },
        body,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      const text = await res.text();
      let json: unknown = null;
      try {
        json = text ? JSON.parse(text) : null;
      } catch {
        json = null;
      }
      return { ok: true, status: res.status, headers: res.headers, json };
    } catch (err) {
      const codes = errorCodes(err);
      const timedOut = err instanceof Error && (err.name === "TimeoutError" || err.name === "AbortError");
      log.warn({ method, path: path.split("?")[0], codes, timedOut }, "Lob request failed");
      return {
        ok: false,
        neverSent: !timedOut && codes.some((c) => NEVER_SENT.has(c)),
        why: timedOut ? `no answer within ${this.timeoutMs / 1000} s` : `connection failed: ${codes.join(", ") || (err as Error).message}`,
      };
    }
  }
}

function appendAddress(form: FormData, key: "to" | "from", a: Address) {
  form.append(`${key}[name]`, a.name);
  form.append(`${key}[address_line1]`, a.line1);
  if (a.line2) form.append(`${key}[address_line2]`, a.line2);
  form.append(`${key}[address_city]`, a.city);
  form.append(`${key}[address_state]`, a.state);
  form.append(`${key}[address_zip]`, a.zip);
  form.append(`${key}[address_country]`, "US");
}

const pdfBlob = (bytes: Uint8Array) => new Blob([new Uint8Array(bytes)], { type: "application/pdf" });

function letterForm(piece: CarrierPiece): FormData {
  const form = new FormData();
  appendAddress(form, "to", piece.to);
  appendAddress(form, "from", piece.from);
  form.append("color", String(piece.color));
  // Our page count is what we priced and what the proof shows: one side per sheet.
  form.append("double_sided", "false");
  // The open-face letter prints its own business-letter block, so Lob adds an address page for
  // its window envelope; the windowed proof already puts the recipient where the window is.
  form.append("address_placement", piece.format === "letter" ? "insert_blank_page" : "top_first_page");
  const extra = EXTRA_SERVICE[piece.mailClass];
  if (extra) form.append("extra_service", extra);
  form.append("file", pdfBlob(piece.pdf), `${piece.orderId}.pdf`);
  return form;
}

async function postcardForm(piece: CarrierPiece): Promise<FormData> {
  const card = POSTCARDS[piece.format];
  const { front, back } = await postcardSides(piece.pdf, card.trim);
  const form = new FormData();
  appendAddress(form, "to", piece.to);
  appendAddress(form, "from", piece.from);
  form.append("size", card.size);
  form.append("front", pdfBlob(front), `${piece.orderId}-front.pdf`);
  form.append("back", pdfBlob(back), `${piece.orderId}-back.pdf`);
  return form;
}

/**
 * Lob wants each side as its own one-page PDF at trim size plus bleed. A two-page proof is
 * front then back. Our text postcards prove one page: the address side, message on the left
 * half and both addresses on the right. On a Lob postcard the right of the back is Lob's
 * ink-free area where it prints the addresses and postage itself, so the back carries the
 * message half only (our address half would be blanked or printed twice), and the picture side,
 * which the customer never designed, stays white.
 */
export async function postcardSides(pdf: Buffer, trim: [number, number]): Promise<{ front: Uint8Array; back: Uint8Array }> {
  const src = await PDFDocument.load(pdf);
  const pages = src.getPages();
  if (pages.length === 0 || pages.length > 2) throw new Error(`a postcard proof has 1 or 2 pages, this one has ${pages.length}`);
  const [w, h] = [trim[0] + 2 * BLEED, trim[1] + 2 * BLEED];

  const side = async (draw: (doc: PDFDocument) => Promise<void>) => {
    const doc = await PDFDocument.create();
    await draw(doc);
    return doc.save();
  };
  const fitted = (index: number) => async (doc: PDFDocument) => {
    const page = doc.addPage([w, h]);
    const source = pages[index];
    const { width, height } = source.getSize();
    // A page already drawn with bleed fills the sheet; a trim-size one sits inside the bleed.
    const hasBleed = Math.abs(width - w) < 1 && Math.abs(height - h) < 1;
    const box = hasBleed ? [w, h] : trim;
    const scale = Math.min(box[0] / width, box[1] / height);
    const embedded = await doc.embedPage(source);
    page.drawPage(embedded, { x: (w - width * scale) / 2, y: (h - height * scale) / 2, xScale: scale, yScale: scale });
  };

  if (pages.length === 2) return { front: await side(fitted(0)), back: await side(fitted(1)) };
  const front = await side(async (doc) => void doc.addPage([w, h]));
  const back = await side(async (doc) => {
    const page = doc.addPage([w, h]);
    const source = pages[0];
    const { width, height } = source.getSize();
    const scale = Math.min(trim[0] / width, trim[1] / height);
    const message = await doc.embedPage(source, { left: 0, bottom: 0, right: width / 2, top: height });
    page.drawPage(message, { x: BLEED, y: (h - height * scale) / 2, xScale: scale, yScale: scale });
  });
  return { front, back };
}

function resourceOf(providerId: string): "letters" | "postcards" | null {
  if (providerId.startsWith("ltr_")) return "letters";
  if (providerId.startsWith("psc_")) return "postcards";
  return null;
}

function lobCode(json: unknown): string | undefined {
  const code = (json as { error?: { code?: unknown } } | null)?.error?.code;
  return typeof code === "string" ? code.toLowerCase() : undefined;
}

function lobMessage(json: unknown, status: number): string {
  const message = (json as { error?: { message?: unknown } } | null)?.error?.message;
  return typeof message === "string" && message ? message : `HTTP ${status} without a Lob error message`;
}

/** Retry-After when Lob sends it, else its rate-limit reset time; Lob's 429 text says 5 s. */
function retryAfter(a: { status: number; headers: Headers }): number | undefined {
  const header = a.headers.get("retry-after");
  if (header) {
    const seconds = Number(header);
    if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds);
    const at = Date.parse(header);
    if (!Number.isNaN(at)) return Math.max(0, Math.ceil((at - Date.now()) / 1000));
  }
  if (a.status !== 429) return undefined;
  const reset = Number(a.headers.get("x-rate-limit-reset"));
  if (Number.isFinite(reset) && reset > 0) return Math.max(1, Math.ceil(reset - Date.now() / 1000));
  return 5;
}

/** The system error codes of a failed fetch: undici wraps them in `cause`, sometimes an AggregateError. */
function errorCodes(err: unknown): string[] {
  const codes: string[] = [];
  const visit = (e: unknown, depth: number) => {
    if (!e || typeof e !== "object" || depth > 4) return;
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string") codes.push(code);
    visit((e as { cause?: unknown }).cause, depth + 1);
    for (const inner of (e as { errors?: unknown[] }).errors ?? []) visit(inner, depth + 1);
  };
  visit(err, 0);
  return codes;
}

const titleCase = (s: string) => s.toLowerCase().replace(/(^|[\s-])(\p{L})/gu, (_, sep: string, ch: string) => sep + ch.toUpperCase());

/** Lob's events, oldest first; names outside our vocabulary (Pickup Available, Issue, ...) are skipped. */
async function trackingEvents(raw: unknown): Promise<TrackingEvent[]> {
  const list = (Array.isArray(raw) ? raw : []).filter(
    (e): e is Json => typeof e?.id === "string" && typeof e?.name === "string" && KNOWN_EVENTS.has(e.name),
  );
  // Lob gives the scan's ZIP as its place (a certified event may name a distribution centre instead).
  const zipOf = (e: Json) => (typeof e.location === "string" ? /^\d{5}/.exec(e.location.trim())?.[0] ?? null : null);
  const zips = list.some((e) => zipOf(e)) ? await zipData() : null;
  const events: TrackingEvent[] = [];
  for (const e of list) {
    const occurredAt = new Date(String(e.time ?? e.date_created));
    if (Number.isNaN(occurredAt.getTime())) continue;
    const zip = zipOf(e);
    const place = zip ? zips?.byZip.get(zip) : undefined;
    events.push({ id: e.id as string, name: e.name as TrackingEventName, occurredAt, city: place ? titleCase(place.city) : null, state: place?.state ?? null, zip });
  }
  return events.sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime());
}
