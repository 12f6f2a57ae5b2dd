import { HELD_LETTER, THREAT_LETTER } from "@/tests/support/screening-letters";
import { describe, expect, it, beforeAll, afterAll } from "vitest";
import { SMTPServer } from "smtp-server";
import { simpleParser, type ParsedMail } from "mailparser";
import { POST as cancelForm } from "@/app/cancel/submit/route";
import { GET as getOrder } from "@/app/v1/orders/[id]/route";
import { db } from "@/lib/db";
import { mintCredit } from "@/lib/payments/credits/credits";
import { readCapability } from "@/lib/orders/capability-tokens";
import { sendOrderEmail } from "@/lib/notifications/email/send-order-email";
import { call, address } from "@/tests/support/api";
import { sendLiveLetter, sendSandboxLetter } from "@/tests/support/orders";
import { driveUntil } from "@/tests/support/pipeline";
import { freePort } from "@/scripts/support/free-port";

// E-mail (issue 6.2): a receipt and a message at each status that matters to a person, sent
// over real SMTP to a real SMTP server (smtp-server) and parsed back with mailparser.

const FROM = "Physical Mail <letters@mail.test>";
const inbox: ParsedMail[] = [];
/** SMTP replies the server gives to the next RCPT TO commands, in turn (e.g. 451, 550). */
const rcptFailures: { code: number; message: string }[] = [];
let smtp: SMTPServer;

beforeAll(async () => {
  const port = await freePort();
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onRcptTo(_address, _session, callback) {
      const failure = rcptFailures.shift();
      if (!failure) return callback();
      callback(Object.assign(new Error(failure.message), { responseCode: failure.code }));
    },
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          inbox.push(mail);
          callback();
        },
        (err) => callback(err),
      );
    },
  });
  await new Promise<void>((resolve) => smtp.listen(port, "127.0.0.1", resolve));
  // Before anything reads the configuration: this file's service sends by SMTP.
  process.env.SMTP_URL = `smtp://127.0.0.1:${port}`;
  process.env.MAIL_FROM = FROM;
});
afterAll(() => new Promise<void>((resolve) => smtp.close(resolve)));

/** Sends the order's queued e-mails as the worker's jobs would, oldest first. */
async function sendQueued(orderId: string) {
  const queued = await db().orderEmail.findMany({ where: { orderId, state: "pending" }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  for (const e of queued) await sendOrderEmail(e.id);
}

const mailTo = (to: string) => inbox.filter((m) => m.to && !Array.isArray(m.to) && m.to.value[0].address === to);
const uniqueEmail = (who: string) => `${who}.${Math.random().toString(36).slice(2, 10)}@example.com`;
const linkIn = (text: string, path: string) => text.match(new RegExp(`http://mail\\.test${path}[^\\s)"<>]*`))?.[0];

describe("order e-mails over SMTP", () => {
  it("a sandbox letter sends its receipt, then word when it goes to the printer, is mailed and is delivered", async () => {
    const email = uniqueEmail("ada");
    const res = await sendSandboxLetter({ email, to: address({ line2: "Apt 9" }) });
    await driveUntil(res.json.order.id, "delivered");
    await sendQueued(res.json.order.id);

    const mails = mailTo(email);
    expect(mails.map((m) => m.subject)).toEqual([
      "[Sandbox] We have your letter to Albany, NY",
      "[Sandbox] Your letter to Albany, NY has gone to the printer",
      "[Sandbox] Your letter to Albany, NY is in the mail",
      "[Sandbox] Your letter to Albany, NY was delivered",
    ]);
    for (const m of mails) {
      expect(m.from?.value[0]).toMatchObject({ name: "Physical Mail", address: "letters@mail.test" });
      expect(m.html, m.subject).toContain(res.json.tracking_url);
      expect(m.text, m.subject).toContain(res.json.tracking_url);
      // Never a street line, neither the recipient's nor the sender's.
      for (const street of ["12 MAIN ST", "Apt 9", "APT 9", "1 ENGINE ROW"]) {
        expect(m.text).not.toContain(street);
        expect(m.html).not.toContain(street);
      }
    }
    const [receipt, , , delivered] = mails;
    expect(receipt.text).toMatch(/\$\d+\.\d\d/);
    expect(receipt.text).toMatch(/sandbox/i);
    // The delivered message asks for a review, with a link whose token acts on this order.
    const reviewLink = linkIn(delivered.text!, "/review\\?token=");
    expect(reviewLink).toBeDefined();
    const token = new URL(reviewLink!).searchParams.get("token")!;
    expect(readCapability(token, "review")).toEqual({ ok: true, orderId: res.json.order.id });

    // Each e-mail once, and visible with the order.
    const read = await call(getOrder, { params: { id: res.json.order.id } });
    expect(read.json.emails.map((e: { kind: string; state: string }) => `${e.kind}:${e.state}`)).toEqual(["receipt:sent", "submitted:sent", "mailed:sent", "delivered:sent"]);
    expect(JSON.stringify(read.json)).not.toContain(email);
  });

  it("the receipt of a letter not yet handed over links to a cancel page that cancels it, and the cancel is confirmed by e-mail", async () => {
    const email = uniqueEmail("grace");
    const credit = await mintCredit({ faceCents: 5000, bonusCents: 0, source: "operator", note: "test" });
    const res = await sendLiveLetter({ email, text: HELD_LETTER }, { creditCode: credit.code });
    expect(res.json.order.status).toBe("held_for_review");
    await sendQueued(res.json.order.id);
    const [receipt] = mailTo(email);
    expect(receipt.subject).not.toMatch(/Sandbox/);
    expect(receipt.text).toMatch(/cc-••••-••••-[0-9a-z]{4}/);
    expect(receipt.text).not.toContain(credit.code);
    const cancelLink = linkIn(receipt.text!, "/cancel\\?token=");
    expect(cancelLink).toBeDefined();
    expect(receipt.html).toContain(cancelLink!.replace(/&/g, "&amp;"));

    // The link opens a page that asks; the page's form cancels.
    const token = new URL(cancelLink!).searchParams.get("token")!;
    const form = new Request("http://mail.test/cancel/submit", { method: "POST", body: new URLSearchParams({ token }), headers: { "content-type": "application/x-www-form-urlencoded" } });
    const answer = await cancelForm(form);
    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toMatch(/^\/cancel\?token=.*&done=1$/);
    expect((await db().order.findUniqueOrThrow({ where: { id: res.json.order.id } })).status).toBe("canceled");

    await sendQueued(res.json.order.id);
    const canceled = mailTo(email).find((m) => /canceled/i.test(m.subject ?? ""));
    expect(canceled?.text).toMatch(/credit/i);
  });

  it("a refused letter's e-mail gives the reason and says nothing was charged", async () => {
    const email = uniqueEmail("hale");
    const res = await sendSandboxLetter({ email, text: THREAT_LETTER });
    expect(res.json.order.status).toBe("refused");
    await sendQueued(res.json.order.id);
    const refused = mailTo(email).find((m) => m.subject?.includes("will not"));
    const reason = (await db().order.findUniqueOrThrow({ where: { id: res.json.order.id } })).refusalReason!;
    expect(refused, mailTo(email).map((m) => m.subject).join(" | ")).toBeDefined();
    expect(refused!.text).toContain(reason);
    expect(refused!.text).toMatch(/nothing (was |is )?charged|not charged/i);
  });

  it("a failed live letter's e-mail says why and that the payment is refunded", async () => {
    const email = uniqueEmail("ned");
    const credit = await mintCredit({ faceCents: 5000, bonusCents: 0, source: "operator", note: "test" });
    const res = await sendLiveLetter({ email, to: address({ name: "Sandbox Reject" }) }, { creditCode: credit.code });
    expect(res.status).toBe(422);
    await sendQueued(res.json.order.id);
    const failed = mailTo(email).find((m) => /couldn.t|could not|failed/i.test(m.subject ?? ""));
    expect(failed, mailTo(email).map((m) => m.subject).join(" | ")).toBeDefined();
    expect(failed!.text).toMatch(/refund/i);
    expect(failed!.text).toMatch(/credit/i);
  });

  it("a temporary SMTP refusal is retried; a permanent one is not", async () => {
    const email = uniqueEmail("retry");
    const res = await sendSandboxLetter({ email });
    const [receipt] = await db().orderEmail.findMany({ where: { orderId: res.json.order.id, kind: "receipt" } });

    rcptFailures.push({ code: 451, message: "4.3.0 Try again later" });
    await expect(sendOrderEmail(receipt.id)).rejects.toThrow(/451|Try again/);
    expect(await db().orderEmail.findUniqueOrThrow({ where: { id: receipt.id } })).toMatchObject({ state: "pending", attempts: 1 });
    expect(await sendOrderEmail(receipt.id)).toEqual({ kind: "sent", via: "smtp" });
    expect(mailTo(email).filter((m) => /We have your letter/.test(m.subject ?? ""))).toHaveLength(1);
    // Sent once: the job running again sends nothing more.
    expect(await sendOrderEmail(receipt.id)).toMatchObject({ kind: "skipped" });

    const [submitted] = await db().orderEmail.findMany({ where: { orderId: res.json.order.id, kind: "submitted" } });
    rcptFailures.push({ code: 550, message: "5.1.1 No such user" });
    expect(await sendOrderEmail(submitted.id)).toMatchObject({ kind: "failed" });
    expect(await db().orderEmail.findUniqueOrThrow({ where: { id: submitted.id } })).toMatchObject({ state: "failed", attempts: 1 });
  });

  it("e-mails one address about at most 10 sandbox letters a day; the rest are told about in GET, not by mail", async () => {
    // Sandbox letters are free and need no account: without a cap anyone could have us e-mail anyone.
    const email = uniqueEmail("capped");
    const letters = [];
    for (let i = 0; i < 11; i++) letters.push((await sendSandboxLetter({ email })).json.order.id as string);
    const mailedAbout = async (orderId: string) => db().orderEmail.findMany({ where: { orderId }, orderBy: { createdAt: "asc" } });
    for (const id of letters.slice(0, 10)) expect((await mailedAbout(id)).map((e) => e.state)).not.toContain("failed");
    const eleventh = letters[10];
    await driveUntil(eleventh, "delivered");
    const skipped = await mailedAbout(eleventh);
    expect(skipped.map((e) => e.kind).sort()).toEqual(["delivered", "mailed", "receipt", "submitted"]);
    for (const e of skipped) expect(e).toMatchObject({ state: "failed", attempts: 0, lastError: expect.stringContaining("at most 10 letters a day") });
    const read = await call(getOrder, { method: "GET", path: `/v1/orders/${eleventh}`, params: { id: eleventh } });
    expect(read.json.emails[0]).toMatchObject({ kind: "receipt", state: "failed", last_error: expect.stringContaining("sandbox letters") });
    // The address is compared without regard to case.
    const shouted = (await sendSandboxLetter({ email: email.toUpperCase() })).json.order.id as string;
    expect((await mailedAbout(shouted))[0]).toMatchObject({ state: "failed", lastError: expect.stringContaining("at most 10") });
  });

  it("sends nothing to an order without an e-mail", async () => {
    const res = await sendSandboxLetter({ email: undefined });
    await driveUntil(res.json.order.id, "delivered");
    expect(await db().orderEmail.count({ where: { orderId: res.json.order.id } })).toBe(0);
  });
});
