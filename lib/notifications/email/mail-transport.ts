import nodemailer, { type Transporter } from "nodemailer";
import { db } from "@/lib/db";
import { env } from "@/lib/env";

export type OutgoingMail = { id: string; to: string; subject: string; html: string; text: string };
export type SentMail = { messageId: string; via: "smtp" | "dev_mailbox" };

/** An SMTP server refused this message for good (5xx): sending it again would fail again. */
export class PermanentMailError extends Error {}

const globalForMail = globalThis as unknown as { __mailTransport?: { url: string; transport: Transporter } };

function smtpTransport(url: string): Transporter {
  const cached = globalForMail.__mailTransport;
  if (cached?.url === url) return cached.transport;
  const transport = nodemailer.createTransport({
    url,
    // A stuck server must not hold a worker slot: the job is retried later instead.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  } as nodemailer.TransportOptions);
  globalForMail.__mailTransport = { url, transport };
  return transport;
}

/**
 * Sends one message: by SMTP when SMTP_URL is set, otherwise into the development mailbox
 * (the dev_mailbox table, read at /dev/mailbox), which production refuses to start with.
 */
export async function sendMail(mail: OutgoingMail): Promise<SentMail> {
  const from = env().MAIL_FROM;
  const url = env().SMTP_URL;
  if (!url) {
    await db().devMail.upsert({ where: { id: mail.id }, create: { ...mail, from }, update: { ...mail, from, createdAt: new Date() } });
    return { messageId: `<${mail.id}@dev-mailbox>`, via: "dev_mailbox" };
  }
  try {
    const info = await smtpTransport(url).sendMail({ from, to: mail.to, subject: mail.subject, html: mail.html, text: mail.text, headers: { "X-Order-Email-Id": mail.id } });
    return { messageId: info.messageId, via: "smtp" };
  } catch (err) {
    const code = (err as { responseCode?: number }).responseCode;
    if (code && code >= 500 && code < 600) throw new PermanentMailError(`the SMTP server refused the message: ${(err as Error).message}`);
    throw err;
  }
}
