import { createHash, randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

// A local stand-in for the parts of Stripe's API the service uses, speaking Stripe's wire
// format: form-encoded requests with bracketed keys, bearer secret keys, Idempotency-Key
// replays, `expand[]`, JSON objects shaped like Stripe's, and Stripe's error envelope. Tests
// act as the customer (pay, let a session expire) and receive webhook events signed by the
// real SDK with the endpoint secret, exactly as Stripe signs them.

export const FAKE_STRIPE_KEY = "sk_test_fakestripe0000000000000000";
export const FAKE_WEBHOOK_SECRET = "whsec_fakestripe000000000000000000";
/** For the pages: Stripe.js is given this key (the fake Stripe.js in tests/e2e/support checks its form only). */
export const FAKE_PUBLISHABLE_KEY = "pk_test_fakestripe0000000000000000";

type Obj = Record<string, any>;

export type FakeStripe = {
  origin: string;
  /** Every API request: method, path, parsed form body, idempotency key. */
  requests: { method: string; path: string; body: Obj; idempotencyKey: string | null }[];
  sessions: Map<string, Obj>;
  intents: Map<string, Obj>;
  /** Answer the next `n` API requests with a 500 api_error; Stripe-Should-Retry: false keeps the SDK from retrying. */
  failNext(n: number): void;
  /** The customer completes the session with a card that authorizes (manual capture) or pays. */
  pay(sessionId: string): Obj;
  /** The session runs out of time unpaid. */
  expire(sessionId: string): Obj;
  /** A webhook delivery for an event about `object`, signed as Stripe signs it. */
  signedEvent(type: string, object: Obj, opts?: { id?: string; secret?: string }): { rawBody: string; signature: string; id: string };
  /**
   * What Stripe does when the customer pays in the embedded form: the session is paid, the
   * browser is sent on to the session's return_url (returned here, session id filled in), and
   * the signed checkout.session.completed goes to `webhookUrl` on its own (not awaited, as
   * Stripe's deliveries are not); its outcome lands in `deliveries`.
   */
  complete(sessionId: string): { returnUrl: string };
  /** Webhook deliveries made by `complete`, once each has been answered. */
  deliveries: WebhookDelivery[];
  close(): Promise<void>;
};

export type FakeStripeOptions = {
  /** The port to listen on; any free one when left out. */
  port?: number;
  /** The service's webhook endpoint, where `complete` delivers events. */
  webhookUrl?: string;
};

export type WebhookDelivery = { eventId: string; type: string; sessionId: string; status: number; body: string };

/** The fake's own bookkeeping fields start with "_" and never go on the wire. */
const hidePrivate = (key: string, value: unknown) => (key.startsWith("_") ? undefined : value);
const id = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;
const now = () => Math.floor(Date.now() / 1000);

/** Parses `a[b][0][c]=x` form bodies into nested objects and arrays, as Stripe does. */
export function parseStripeForm(text: string): Obj {
  const out: Obj = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const parts = rawKey.replace(/\]/g, "").split("[");
    let node: any = out;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const key = /^\d+$/.test(part) ? Number(part) : part;
      if (last) node[key] = value;
      else node = node[key] ??= /^\d+$/.test(parts[i + 1]) ? [] : {};
    });
  }
  return out;
}

function stripeError(res: http.ServerResponse, status: number, type: string, message: string, code?: string) {
  res.writeHead(status, { "content-type": "application/json", "stripe-should-retry": "false", "request-id": id("req") });
  res.end(JSON.stringify({ error: { type, message, ...(code ? { code } : {}) } }));
}

export async function startFakeStripe(options: FakeStripeOptions = {}): Promise<FakeStripe> {
  const requests: FakeStripe["requests"] = [];
  const sessions = new Map<string, Obj>();
  const intents = new Map<string, Obj>();
  const charges = new Map<string, Obj>();
  const idempotent = new Map<string, { hash: string; status: number; body: string }>();
  let failures = 0;
  // The test hooks act through the fake's own API, which exists once the server listens.
  let fake: FakeStripe;

  const expandIntent = (intent: Obj, expand: string[]) =>
    expand.includes("payment_intent.latest_charge") && intent.latest_charge ? { ...intent, latest_charge: charges.get(intent.latest_charge) } : intent;

  function sessionView(s: Obj, expand: string[]): Obj {
    if (!s.payment_intent || !expand.some((e) => e.startsWith("payment_intent"))) return s;
    return { ...s, payment_intent: expandIntent(intents.get(s.payment_intent)!, expand) };
  }

  function route(method: string, path: string, body: Obj, query: URLSearchParams): { status: number; body: Obj } {
    const expand = [...query.entries()].filter(([k]) => k.startsWith("expand")).map(([, v]) => v);
    let m: RegExpMatchArray | null;
    if (method === "POST" && path === "/v1/checkout/sessions") {
      const sid = id("cs_test");
      const embedded = body.ui_mode === "embedded_page";
      if (body.ui_mode && !["hosted_page", "embedded_page"].includes(body.ui_mode)) {
        throw Object.assign(new Error(`Invalid ui_mode: must be one of hosted_page, embedded_page, elements, form`), { stripe: [400, "invalid_request_error"] });
      }
      if (embedded ? !body.return_url : !body.success_url) {
        throw Object.assign(new Error(embedded ? "return_url is required for embedded_page" : "success_url is required for hosted_page"), { stripe: [400, "invalid_request_error"] });
      }
      const item = body.line_items?.[0];
      const amount = Number(item?.price_data?.unit_amount) * Number(item?.quantity ?? 1);
      const session = {
        id: sid,
        object: "checkout.session",
        amount_total: amount,
        currency: item?.price_data?.currency ?? "usd",
        client_reference_id: body.client_reference_id ?? null,
        client_secret: embedded ? `${sid}_secret_${randomBytes(12).toString("hex")}` : null,
        customer_email: body.customer_email ?? null,
        metadata: body.metadata ?? {},
        mode: body.mode,
        payment_intent: null,
        payment_status: "unpaid",
        status: "open",
        success_url: body.success_url ?? null,
        return_url: body.return_url ?? null,
        ui_mode: body.ui_mode ?? "hosted_page",
        url: embedded ? null : `https://checkout.stripe.com/c/pay/${sid}`,
        expires_at: now() + 86400,
        created: now(),
        livemode: false,
        _capture_method: body.payment_intent_data?.capture_method ?? "automatic",
        _line_items: body.line_items,
      };
      sessions.set(sid, session);
      return { status: 200, body: session };
    }
    if ((m = path.match(/^\/v1\/checkout\/sessions\/([^/]+)$/)) && method === "GET") {
      const s = sessions.get(m[1]);
      if (!s) throw Object.assign(new Error(`No such checkout.session: '${m[1]}'`), { stripe: [404, "invalid_request_error", "resource_missing"] });
      return { status: 200, body: sessionView(s, expand) };
    }
    if ((m = path.match(/^\/v1\/checkout\/sessions\/([^/]+)\/expire$/)) && method === "POST") {
      const s = sessions.get(m[1]);
      if (!s) throw Object.assign(new Error(`No such checkout.session: '${m[1]}'`), { stripe: [404, "invalid_request_error", "resource_missing"] });
      if (s.status !== "open") throw Object.assign(new Error(`Only Checkout Sessions with a status of open can be expired.`), { stripe: [400, "invalid_request_error"] });
      s.status = "expired";
      return { status: 200, body: s };
    }
    if ((m = path.match(/^\/v1\/payment_intents\/([^/]+)(?:\/(capture|cancel))?$/))) {
      const pi = intents.get(m[1]);
      if (!pi) throw Object.assign(new Error(`No such payment_intent: '${m[1]}'`), { stripe: [404, "invalid_request_error", "resource_missing"] });
      if (method === "GET" && !m[2]) return { status: 200, body: expandIntent(pi, expand) };
      if (m[2] === "capture") {
        if (pi.status !== "requires_capture") throw Object.assign(new Error(`This PaymentIntent could not be captured because it has a status of ${pi.status}.`), { stripe: [400, "invalid_request_error", "payment_intent_unexpected_state"] });
        pi.status = "succeeded";
        pi.amount_received = pi.amount;
        pi.amount_capturable = 0;
        charges.get(pi.latest_charge)!.captured = true;
        return { status: 200, body: pi };
      }
      if (m[2] === "cancel") {
        if (!["requires_payment_method", "requires_capture", "requires_confirmation", "requires_action"].includes(pi.status)) {
          throw Object.assign(new Error(`You cannot cancel this PaymentIntent because it has a status of ${pi.status}.`), { stripe: [400, "invalid_request_error", "payment_intent_unexpected_state"] });
        }
        pi.status = "canceled";
        pi.amount_capturable = 0;
        pi.cancellation_reason = body.cancellation_reason ?? "requested_by_customer";
        return { status: 200, body: pi };
      }
    }
    if (method === "POST" && path === "/v1/refunds") {
      const pi = intents.get(body.payment_intent);
      if (!pi) throw Object.assign(new Error(`No such payment_intent: '${body.payment_intent}'`), { stripe: [404, "invalid_request_error", "resource_missing"] });
      const charge = charges.get(pi.latest_charge)!;
      if (pi.status !== "succeeded") throw Object.assign(new Error("This PaymentIntent does not have a successful charge to refund."), { stripe: [400, "invalid_request_error"] });
      if (charge.refunded) throw Object.assign(new Error(`Charge ${charge.id} has already been refunded.`), { stripe: [400, "invalid_request_error", "charge_already_refunded"] });
      charge.amount_refunded = charge.amount;
      charge.refunded = true;
      return { status: 200, body: { id: id("re"), object: "refund", amount: charge.amount, charge: charge.id, payment_intent: pi.id, status: "succeeded", created: now() } };
    }
    throw Object.assign(new Error(`Unrecognized request URL (${method}: ${path}).`), { stripe: [404, "invalid_request_error"] });
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://stripe.test");
      const raw = Buffer.concat(chunks).toString();
      const body = parseStripeForm(raw);
      if (url.pathname.startsWith("/_test/")) return testHook(req.method ?? "GET", url.pathname, res);
      const idempotencyKey = (req.headers["idempotency-key"] as string | undefined) ?? null;
      requests.push({ method: req.method ?? "GET", path: url.pathname, body, idempotencyKey });
      if (req.headers.authorization !== `Bearer ${FAKE_STRIPE_KEY}`) {
        return stripeError(res, 401, "invalid_request_error", "Invalid API Key provided.");
      }
      if (failures > 0) {
        failures--;
        return stripeError(res, 500, "api_error", "An unknown error occurred (fake Stripe was told to fail).");
      }
      const query = new URLSearchParams(url.search);
      if (req.method === "GET") for (const [k, v] of new URLSearchParams(raw)) query.append(k, v);
      if (idempotencyKey && req.method === "POST") {
        const hash = createHash("sha256").update(`${url.pathname}\n${raw}`).digest("hex");
        const seen = idempotent.get(idempotencyKey);
        if (seen) {
          if (seen.hash !== hash) return stripeError(res, 400, "idempotency_error", "Keys for idempotent requests can only be used with the same parameters they were first used with.");
          res.writeHead(seen.status, { "content-type": "application/json", "idempotent-replayed": "true" });
          return res.end(seen.body);
        }
      }
      let status: number;
      let out: string;
      try {
        const r = route(req.method ?? "GET", url.pathname, body, query);
        status = r.status;
        out = JSON.stringify(r.body, hidePrivate);
      } catch (err: any) {
        if (!err.stripe) throw err;
        const [s, type, code] = err.stripe;
        status = s;
        out = JSON.stringify({ error: { type, message: err.message, ...(code ? { code } : {}) } });
      }
      if (idempotencyKey && req.method === "POST") idempotent.set(idempotencyKey, { hash: createHash("sha256").update(`${url.pathname}\n${raw}`).digest("hex"), status, body: out });
      res.writeHead(status, { "content-type": "application/json", "request-id": id("req") }).end(out);
    });
  });
  /**
   * Test-only routes, not Stripe's: they stand for the customer and Stripe's own pages, so they
   * take no secret key, and a browser page (the fake Stripe.js) may call them from any origin.
   */
  function testHook(method: string, path: string, res: http.ServerResponse) {
    const answer = (status: number, body: Obj) =>
      res.writeHead(status, { "content-type": "application/json", "access-control-allow-origin": "*" }).end(JSON.stringify(body));
    if (method === "GET" && path === "/_test/health") return answer(200, { ok: true });
    if (method === "GET" && path === "/_test/deliveries") return answer(200, { deliveries: fake.deliveries });
    const m = path.match(/^\/_test\/complete\/([^/]+)$/);
    if (method === "POST" && m) {
      try {
        return answer(200, { return_url: fake.complete(decodeURIComponent(m[1])).returnUrl });
      } catch (err) {
        return answer(409, { error: (err as Error).message });
      }
    }
    return answer(404, { error: `No test hook ${method} ${path}` });
  }

  async function deliver(type: string, session: Obj): Promise<void> {
    const event = fake.signedEvent(type, session);
    let status = 0;
    let body = "";
    try {
      const res = await fetch(options.webhookUrl!, {
        method: "POST",
        headers: { "content-type": "application/json; charset=utf-8", "stripe-signature": event.signature, "user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)" },
        body: event.rawBody,
      });
      status = res.status;
      body = await res.text();
    } catch (err) {
      body = `not delivered: ${(err as Error).message}`;
    }
    fake.deliveries.push({ eventId: event.id, type, sessionId: session.id, status, body });
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  fake = {
    origin: `http://127.0.0.1:${port}`,
    requests,
    sessions,
    intents,
    failNext(n) {
      failures = n;
    },
    pay(sessionId) {
      const s = sessions.get(sessionId);
      if (!s || s.status !== "open") throw new Error(`fake stripe: session ${sessionId} cannot be paid (${s?.status})`);
      const manual = s._capture_method === "manual";
      const charge = { id: id("ch"), object: "charge", amount: s.amount_total, amount_refunded: 0, refunded: false, captured: !manual };
      charges.set(charge.id, charge);
      const pi = {
        id: id("pi"),
        object: "payment_intent",
        amount: s.amount_total,
        amount_capturable: manual ? s.amount_total : 0,
        amount_received: manual ? 0 : s.amount_total,
        capture_method: manual ? "manual" : "automatic_async",
        currency: s.currency,
        latest_charge: charge.id,
        metadata: s.metadata,
        status: manual ? "requires_capture" : "succeeded",
      };
      intents.set(pi.id, pi);
      Object.assign(s, { status: "complete", payment_intent: pi.id, payment_status: manual ? "unpaid" : "paid" });
      return s;
    },
    expire(sessionId) {
      const s = sessions.get(sessionId)!;
      s.status = "expired";
      return s;
    },
    signedEvent(type, object, opts = {}) {
      const eventId = opts.id ?? id("evt");
      const payload = JSON.stringify({ id: eventId, object: "event", api_version: Stripe.API_VERSION, created: now(), type, livemode: false, pending_webhooks: 1, data: { object: JSON.parse(JSON.stringify(object, hidePrivate)) }, request: { id: null, idempotency_key: null } });
      const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: opts.secret ?? FAKE_WEBHOOK_SECRET });
      return { rawBody: payload, signature, id: eventId };
    },
    complete(sessionId) {
      if (!options.webhookUrl) throw new Error("fake stripe: complete() needs options.webhookUrl to deliver its events");
      if (sessions.get(sessionId)?.ui_mode === "hosted_page") throw new Error(`fake stripe: session ${sessionId} is a hosted one, paid on Stripe's page, not in an embedded form`);
      const session = fake.pay(sessionId);
      void deliver("checkout.session.completed", { ...session });
      return { returnUrl: String(session.return_url).replaceAll("{CHECKOUT_SESSION_ID}", sessionId) };
    },
    deliveries: [],
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return fake;
}
