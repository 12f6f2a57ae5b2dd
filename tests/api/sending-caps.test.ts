import { randomBytes, randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { DELETE as deleteOrder } from "@/app/v1/orders/[id]/route";
import { POST as postOrder } from "@/app/v1/orders/route";
import { issueApiKey } from "@/lib/auth/api-keys";
import { db } from "@/lib/db";
import { ApiError } from "@/lib/errors/api-error";
import { enforceSendingCaps, senderFingerprint, utcWindow } from "@/lib/limits/sending-caps";
import { failOrder, refuseOrder } from "@/lib/pipeline/refuse-or-fail-order";
import { mintCredit } from "@/lib/payments/credits/credits";
import { address, call, letter } from "@/tests/support/api";
import { quoteToken, seedOrderRows, sendSandboxLetter } from "@/tests/support/orders";
import { callerAddressKey } from "@/lib/http/client-ip";

// Spec 8.2: live letters are capped per sender (5 a UTC day, 20 a UTC month), per caller (15 a
// day, 60 a month) and by the caller's spend ($100.00 a day, $200.00 a month). The API tests
// run on the real clock; the tests that call enforceSendingCaps with a fixed clock pin the
// window edges to the millisecond whatever day it is.

// Every test is its own caller. An address from the 2001:db8::/32 documentation range with 64
// random bits: the shared database keeps every other test file's orders, and exact counts must
// not pick up a stranger's letters through a colliding address.
const uniqueIp = () => `2001:db8:${randomBytes(2).toString("hex")}:${randomBytes(2).toString("hex")}::${randomBytes(2).toString("hex")}`;
const uniqueEmail = () => `sender-${randomUUID()}@example.com`;
const mint = (cents: number) => mintCredit({ faceCents: cents, bonusCents: 0, source: "operator", note: "sending caps test" });
const cancel = (id: string, token: string) => call(deleteOrder, { method: "DELETE", params: { id }, headers: { "X-Capability-Token": token } });
/** A letter the screener neither clears nor refuses: it waits for an operator before hand-off. */
import { HELD_LETTER } from "@/tests/support/screening-letters";
const debits = async (code: string) => (await db().creditLedger.findMany({ where: { code, kind: "debit" } })).length;

type SendOptions = { ip: string; creditCode?: string; headers?: Record<string, string> };

/** Quotes and sends a live letter (credit code, or a payment link without one); `resend` reuses its token. */
async function sendLive(over: Record<string, unknown>, opts: SendOptions) {
  const body = letter({ sandbox: false, ...over });
  const token = await quoteToken(body, { ip: opts.ip, headers: opts.headers });
  const send = (headers: Record<string, string> = {}) =>
    call(postOrder, {
      body: { ...body, ...(opts.creditCode ? { credit_code: opts.creditCode } : {}), confirmation_token: token },
      ip: opts.ip,
      headers: { ...opts.headers, ...headers },
    });
  const quoteId = JSON.parse(Buffer.from(token.slice(3, token.indexOf(".")), "base64url").toString()).q as string;
  return Object.assign(await send(), { resend: send, quoteId });
}

async function sendMany(n: number, over: () => Record<string, unknown>, opts: SendOptions) {
  const results = [];
  for (let i = 0; i < n; i++) results.push(await sendLive(over(), opts));
  return results;
}

const secondsUntil = (d: Date) => (d.getTime() - Date.now()) / 1000;
const nextUtcMidnight = () => utcWindow("day", new Date()).end;
const nextUtcMonth = () => utcWindow("month", new Date()).end;

function expectCapped(res: { status: number; headers: Headers; json: any }, code: "velocity_limit" | "spend_cap", reopens: Date) {
  expect(res.status, JSON.stringify(res.json)).toBe(429);
  expect(res.json).toMatchObject({ status: "failed", code });
  const retryAfter = res.headers.get("retry-after");
  expect(retryAfter).toMatch(/^\d+$/);
  expect(Math.abs(Number(retryAfter) - secondsUntil(reopens))).toBeLessThanOrEqual(2);
  expect(res.json.reason).toContain(`reopens at ${reopens.toISOString()}`);
}

/** Orders written straight into the table, as earlier days of the month would have left them. */
async function seedOrders(n: number, row: { actor: string; fingerprint: (i: number) => string; createdAt: Date; priceCents?: number; status?: string; sandbox?: boolean }) {
  await seedOrderRows(n, (i) => ({
    sandbox: row.sandbox ?? false,
    status: row.status ?? "screening",
    priceCents: row.priceCents ?? 99,
    actor: row.actor,
    senderFingerprint: row.fingerprint(i),
    createdAt: row.createdAt,
  }));
}

const check = (input: { actor: string; senderFingerprint: string; priceCents?: number; now: Date }) =>
  db().$transaction((tx) => enforceSendingCaps(tx, { priceCents: 99, ...input }));

async function refusal(p: Promise<unknown>): Promise<ApiError> {
  const err = await p.then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(ApiError);
  return err as ApiError;
}

describe("sending caps over the API (live letters, real clock)", () => {
  it("sender cap: a sender's 5th letter of the UTC day is mailed, the 6th is 429 velocity_limit until next UTC midnight; another e-mail is another sender", async () => {
    const ip = uniqueIp();
    const credit = await mint(100_000);
    const email = uniqueEmail();
    const five = await sendMany(5, () => ({ email }), { ip, creditCode: credit.code });
    expect(five.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);

    const sixth = await sendLive({ email: email.toUpperCase() }, { ip, creditCode: credit.code });
    expectCapped(sixth, "velocity_limit", nextUtcMidnight());
    expect(sixth.json.reason).toContain("Sender cap");
    expect(sixth.json.reason).toContain("the limit is 5 a day");
    expect(sixth.json.next.length).toBeGreaterThan(0);

    expect((await sendLive({ email: uniqueEmail() }, { ip, creditCode: credit.code })).status).toBe(201);
    // The same e-mail from another caller is another sender too.
    expect((await sendLive({ email }, { ip: uniqueIp(), creditCode: credit.code })).status).toBe(201);
  });

  it("sender cap without an e-mail: the return address is the sender", async () => {
    const ip = uniqueIp();
    const credit = await mint(100_000);
    const from = address({ name: "Grace Hopper", line1: "7 Compiler Ct", city: "Troy", zip: "12180" });
    const five = await sendMany(5, () => ({ from }), { ip, creditCode: credit.code });
    expect(five.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    // Case and spacing do not make another sender.
    const same = await sendLive({ from: { ...from, name: "GRACE  HOPPER" } }, { ip, creditCode: credit.code });
    expectCapped(same, "velocity_limit", nextUtcMidnight());
    expect((await sendLive({ from: { ...from, name: "Alan Turing" } }, { ip, creditCode: credit.code })).status).toBe(201);
  });

  it("caller cap: 15 letters a UTC day across senders, payment-link orders included; the 16th is 429 velocity_limit", async () => {
    const ip = uniqueIp();
    const credit = await mint(100_000);
    const senders = [uniqueEmail(), uniqueEmail(), uniqueEmail()];
    // The first five are payment-link orders, unpaid: they count from creation.
    const link = await sendMany(5, () => ({ email: senders[0] }), { ip });
    expect(link.map((r) => [r.status, r.json.status])).toEqual(Array(5).fill([201, "action_required"]));
    for (const email of senders.slice(1)) {
      const sent = await sendMany(5, () => ({ email }), { ip, creditCode: credit.code });
      expect(sent.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    }
    const sixteenth = await sendLive({ email: uniqueEmail() }, { ip, creditCode: credit.code });
    expectCapped(sixteenth, "velocity_limit", nextUtcMidnight());
    expect(sixteenth.json.reason).toContain("Caller cap");
    expect(sixteenth.json.reason).toContain("the limit is 15 a day");
    expect(sixteenth.json.reason).not.toContain("Sender cap");
  });

  it("an API key is one caller whatever address it calls from", async () => {
    const { key } = await issueApiKey({ mode: "live", label: "sending caps", scopes: [] });
    const headers = { Authorization: `Bearer ${key}` };
    const credit = await mint(100_000);
    const email = uniqueEmail();
    const ips = Array.from({ length: 6 }, uniqueIp);
    for (const ip of ips.slice(0, 5)) expect((await sendLive({ email }, { ip, headers, creditCode: credit.code })).status).toBe(201);
    expectCapped(await sendLive({ email }, { ip: ips[5], headers, creditCode: credit.code }), "velocity_limit", nextUtcMidnight());
    // Without the key the caller is the address, which has sent nothing.
    expect((await sendLive({ email }, { ip: ips[5], creditCode: credit.code })).status).toBe(201);
  });

  it("spend cap: the letter that would cross $100.00 in a UTC day is 429 spend_cap, one landing exactly on $100.00 is mailed", async () => {
    const ip = uniqueIp();
    const credit = await mint(100_000);
    const [a, b, c] = [uniqueEmail(), uniqueEmail(), uniqueEmail()];
    const priority = { mail_class: "priority" }; // 1,098¢
    const sent = [
      ...(await sendMany(5, () => ({ ...priority, email: a }), { ip, creditCode: credit.code })),
      await sendLive({ ...priority, email: b }, { ip, creditCode: credit.code }),
      await sendLive({ ...priority, color: true, email: b }, { ip, creditCode: credit.code }), // 1,128¢
      await sendLive({ mail_class: "certified_err", color: true, email: b }, { ip, creditCode: credit.code }), // 928¢
      await sendLive({ mail_class: "certified", color: true, email: b }, { ip, creditCode: credit.code }), // 678¢
    ];
    expect(sent.map((r) => r.status)).toEqual(Array(9).fill(201));
    expect(sent.reduce((sum, r) => sum + r.json.order.price_cents, 0)).toBe(9_322);

    const over = await sendLive({ ...priority, email: c }, { ip, creditCode: credit.code });
    expectCapped(over, "spend_cap", nextUtcMidnight());
    expect(over.json.reason).toContain("has $93.22 of live letters this UTC day and this one costs $10.98, over the limit of $100.00 a day");

    const exact = await sendLive({ mail_class: "certified", color: true, email: c }, { ip, creditCode: credit.code });
    expect(exact.status).toBe(201);
    expect(exact.json.order.price_cents).toBe(678);

    const cheapest = await sendLive({ email: c }, { ip, creditCode: credit.code });
    expectCapped(cheapest, "spend_cap", nextUtcMidnight());
    expect(await debits(credit.code)).toBe(10);
    expect((await db().creditLedger.aggregate({ where: { code: credit.code, kind: "debit" }, _sum: { faceCents: true } }))._sum.faceCents).toBe(-10_000);
  });

  it("a refused letter creates and charges nothing and keeps its token; canceled and failed letters leave the caps, refused ones do not", async () => {
    const ip = uniqueIp();
    const credit = await mint(100_000);
    const email = uniqueEmail();
    // Letters that are still before hand-off: one screening holds for an operator (so it can be
    // refused), two unpaid payment links (so they can be canceled and failed).
    const r1 = await sendLive({ email, text: HELD_LETTER }, { ip, creditCode: credit.code });
    const r2 = await sendLive({ email, text: "Unpaid letter 2" }, { ip });
    const r3 = await sendLive({ email, text: "Unpaid letter 3" }, { ip });
    const rest = await sendMany(2, () => ({ email }), { ip, creditCode: credit.code });
    expect([r1, r2, r3, ...rest].map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);

    const idempotencyKey = randomUUID();
    const sixth = await sendLive({ email }, { ip, creditCode: credit.code });
    expect(sixth.status).toBe(429);
    expect((await sixth.resend({ "Idempotency-Key": idempotencyKey })).status).toBe(429);
    expect(await db().order.count({ where: { quoteId: sixth.quoteId } })).toBe(0);
    expect(await debits(credit.code)).toBe(3);

    // Screening refused the first letter: it still counts, or refusals could be probed for free.
    await refuseOrder(r1.json.order.id, "test refusal");
    expect((await sixth.resend({ "Idempotency-Key": idempotencyKey })).status).toBe(429);

    // A canceled letter was never mailed: its place is free, and the same token and
    // Idempotency-Key now send the letter.
    expect((await cancel(r2.json.order.id, r2.json.capability.cancel_token)).json.order.status).toBe("canceled");
    const sent = await sixth.resend({ "Idempotency-Key": idempotencyKey });
    expect(sent.status).toBe(201);
    expect(await db().order.count({ where: { quoteId: sixth.quoteId } })).toBe(1);

    const seventh = await sendLive({ email }, { ip, creditCode: credit.code });
    expect(seventh.status).toBe(429);
    await failOrder(r3.json.order.id, "test failure");
    expect((await seventh.resend()).status).toBe(201);
    expect((await sendLive({ email }, { ip, creditCode: credit.code })).status).toBe(429);
  });

  it("sandbox letters are never capped and do not count toward the live caps", async () => {
    const ip = uniqueIp();
    const email = uniqueEmail();
    for (let i = 0; i < 6; i++) expect((await sendSandboxLetter({ email, text: `Sandbox letter ${i}` }, { ip })).status).toBe(201);
    const credit = await mint(100_000);
    const live = await sendMany(5, () => ({ email }), { ip, creditCode: credit.code });
    expect(live.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    // The live sender cap is now full; a sandbox letter from the same sender still goes.
    expect((await sendSandboxLetter({ email, text: "Sandbox letter after the cap" }, { ip })).status).toBe(201);
  });

  it("parallel orders from one caller: exactly 15 of 20 get through", async () => {
    const ip = uniqueIp();
    const credit = await mint(100_000);
    const senders = Array.from({ length: 5 }, uniqueEmail);
    const bodies = Array.from({ length: 20 }, (_, i) => letter({ sandbox: false, email: senders[i % 5], text: `Parallel letter ${i}` }));
    const tokens = await Promise.all(bodies.map((b) => quoteToken(b, { ip })));
    const results = await Promise.all(
      bodies.map((b, i) => call(postOrder, { body: { ...b, credit_code: credit.code, confirmation_token: tokens[i] }, ip })),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(15);
    expect(results.filter((r) => r.status === 429 && r.json.code === "velocity_limit")).toHaveLength(5);
    expect(await debits(credit.code)).toBe(15);
  });

  it("parallel orders from one sender, paid by link: exactly 5 of 10 get through", async () => {
    const ip = uniqueIp();
    const email = uniqueEmail();
    const bodies = Array.from({ length: 10 }, (_, i) => letter({ sandbox: false, email, text: `Parallel link letter ${i}` }));
    const tokens = await Promise.all(bodies.map((b) => quoteToken(b, { ip })));
    const results = await Promise.all(bodies.map((b, i) => call(postOrder, { body: { ...b, confirmation_token: tokens[i] }, ip })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(5);
    expect(results.filter((r) => r.status === 429 && r.json.code === "velocity_limit")).toHaveLength(5);
  });

  it("parallel expensive orders: exactly as many as fit in $100.00 get through", async () => {
    const ip = uniqueIp();
    const credit = await mint(100_000);
    const senders = Array.from({ length: 3 }, uniqueEmail);
    // 12 priority letters at 1,098¢: nine make $98.82, a tenth would make $109.80.
    const bodies = Array.from({ length: 12 }, (_, i) => letter({ sandbox: false, mail_class: "priority", email: senders[i % 3], text: `Priority letter ${i}` }));
    const tokens = await Promise.all(bodies.map((b) => quoteToken(b, { ip })));
    const results = await Promise.all(
      bodies.map((b, i) => call(postOrder, { body: { ...b, credit_code: credit.code, confirmation_token: tokens[i] }, ip })),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(9);
    expect(results.filter((r) => r.status === 429 && r.json.code === "spend_cap")).toHaveLength(3);
  });

  it("a full month is refused until the 1st of next month at 00:00 UTC (on the 1st too: the month outlasts the day)", async () => {
    const ip = uniqueIp();
    const actor = `ip:${callerAddressKey(ip)}`;
    const email = uniqueEmail();
    const fingerprint = senderFingerprint(actor, email, address());
    await seedOrders(20, { actor, fingerprint: () => fingerprint, createdAt: utcWindow("month", new Date()).start });
    const credit = await mint(100_000);
    const refused = await sendLive({ email }, { ip, creditCode: credit.code });
    expectCapped(refused, "velocity_limit", nextUtcMonth());
    expect(refused.json.reason).toContain("the limit is 20 a month");
  });

  // Earlier days of this month exist only from the 2nd; on the 1st the fixed-clock tests below
  // still pin these limits.
  const firstOfMonth = new Date().getUTCDate() === 1;
  const endOfYesterday = () => new Date(utcWindow("day", new Date()).start.getTime() - 1);

  it.skipIf(firstOfMonth)("monthly sender cap: the 20th letter of the month is mailed, the 21st is 429 until the 1st of next month", async () => {
    const ip = uniqueIp();
    const actor = `ip:${callerAddressKey(ip)}`;
    const email = uniqueEmail();
    const fingerprint = senderFingerprint(actor, email, address());
    await seedOrders(19, { actor, fingerprint: () => fingerprint, createdAt: endOfYesterday() });
    const credit = await mint(100_000);
    expect((await sendLive({ email }, { ip, creditCode: credit.code })).status).toBe(201);
    expectCapped(await sendLive({ email }, { ip, creditCode: credit.code }), "velocity_limit", nextUtcMonth());
  });

  it.skipIf(firstOfMonth)("monthly spend cap: a letter landing exactly on $200.00 is mailed, the next is 429 spend_cap until the 1st of next month", async () => {
    const ip = uniqueIp();
    const actor = `ip:${callerAddressKey(ip)}`;
    // $199.01 spent yesterday, so the day's own $100.00 is far off.
    await seedOrders(1, { actor, fingerprint: () => `${actor}|seed`, createdAt: endOfYesterday(), priceCents: 19_901 });
    const credit = await mint(100_000);
    expect((await sendLive({ email: uniqueEmail() }, { ip, creditCode: credit.code })).status).toBe(201);
    const over = await sendLive({ email: uniqueEmail() }, { ip, creditCode: credit.code });
    expectCapped(over, "spend_cap", nextUtcMonth());
    expect(over.json.reason).toContain("over the limit of $200.00 a month");
  });
});

describe("sending caps at the window edges (fixed clock)", () => {
  const now = new Date("2025-03-20T12:00:00.000Z");
  const toMidnight = "43200"; // 12 h to 2025-03-21T00:00Z
  const toApril = String(11 * 86_400 + 43_200); // to 2025-04-01T00:00Z
  const dayStart = new Date("2025-03-20T00:00:00.000Z");
  const monthStart = new Date("2025-03-01T00:00:00.000Z");
  const justBefore = (d: Date) => new Date(d.getTime() - 1);

  it("counts a sender's letters from 00:00:00.000 UTC of the day and month, never canceled or failed ones, and waits for the latest full window", async () => {
    const actor = `ip:${uniqueIp()}`;
    const fp = senderFingerprint(actor, uniqueEmail(), address());
    const mine = { actor, fingerprint: () => fp };
    await seedOrders(4, { ...mine, createdAt: dayStart });
    await seedOrders(1, { ...mine, createdAt: justBefore(dayStart) }); // yesterday: month only
    await seedOrders(1, { ...mine, createdAt: now, status: "canceled" });
    await seedOrders(1, { ...mine, createdAt: now, status: "failed" });
    await seedOrders(30, { ...mine, createdAt: justBefore(monthStart) }); // February
    await seedOrders(5, { ...mine, createdAt: now, sandbox: true });
    await expect(check({ actor, senderFingerprint: fp, now })).resolves.toBeUndefined();

    await seedOrders(1, { ...mine, createdAt: dayStart, status: "refused" });
    const day = await refusal(check({ actor, senderFingerprint: fp, now }));
    expect(day).toMatchObject({ code: "velocity_limit", headers: { "Retry-After": toMidnight } });
    expect(day.message).toContain("has sent 5 live letters this UTC day, the limit is 5 a day; it reopens at 2025-03-21T00:00:00.000Z");

    // 6 this month so far; 14 more on the 1st make the month full too: its end is the wait.
    await seedOrders(14, { ...mine, createdAt: monthStart });
    const month = await refusal(check({ actor, senderFingerprint: fp, now }));
    expect(month).toMatchObject({ code: "velocity_limit", headers: { "Retry-After": toApril } });
    expect(month.message).toContain("the limit is 20 a month; it reopens at 2025-04-01T00:00:00.000Z");
  });

  it("caller cap: 60 letters a month across senders", async () => {
    const actor = `ip:${uniqueIp()}`;
    await seedOrders(59, { actor, fingerprint: (i) => `${actor}|seed-${i}`, createdAt: monthStart });
    const fresh = `${actor}|fresh`;
    await expect(check({ actor, senderFingerprint: fresh, now })).resolves.toBeUndefined();
    await seedOrders(1, { actor, fingerprint: () => `${actor}|one-more`, createdAt: justBefore(dayStart) });
    const err = await refusal(check({ actor, senderFingerprint: fresh, now }));
    expect(err).toMatchObject({ code: "velocity_limit", headers: { "Retry-After": toApril } });
    expect(err.message).toContain("Caller cap");
  });

  it("spend counts cents of letters that were not refused, up to exactly $100.00 a day and $200.00 a month", async () => {
    const actor = `ip:${uniqueIp()}`;
    const seed = (i: number) => `${actor}|seed-${i}`;
    await seedOrders(9, { actor, fingerprint: seed, createdAt: dayStart, priceCents: 1_000 });
    await seedOrders(1, { actor, fingerprint: seed, createdAt: now, priceCents: 5_000, status: "refused" });
    await seedOrders(1, { actor, fingerprint: seed, createdAt: now, priceCents: 5_000, status: "canceled" });
    const fresh = `${actor}|fresh`;
    await expect(check({ actor, senderFingerprint: fresh, priceCents: 1_000, now })).resolves.toBeUndefined();
    const day = await refusal(check({ actor, senderFingerprint: fresh, priceCents: 1_001, now }));
    expect(day).toMatchObject({ code: "spend_cap", headers: { "Retry-After": toMidnight } });

    // $90.00 today and $109.00 earlier this month: $1.00 more is exactly $200.00.
    await seedOrders(1, { actor, fingerprint: seed, createdAt: monthStart, priceCents: 10_900 });
    await expect(check({ actor, senderFingerprint: fresh, priceCents: 100, now })).resolves.toBeUndefined();
    const month = await refusal(check({ actor, senderFingerprint: fresh, priceCents: 101, now }));
    expect(month).toMatchObject({ code: "spend_cap", headers: { "Retry-After": toApril } });
    expect(month.message).toContain("has $199.00 of live letters this UTC month and this one costs $1.01, over the limit of $200.00 a month");
  });
});
