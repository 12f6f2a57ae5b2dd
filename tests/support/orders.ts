import { POST as postQuote } from "@/app/v1/quotes/route";
import { POST as postOrder } from "@/app/v1/orders/route";
import { call, letter, randomIp } from "@/tests/support/api";

/** Quotes a letter and returns its confirmation token. */
export async function quoteToken(body: Record<string, unknown>, opts: { ip?: string; headers?: Record<string, string> } = {}): Promise<string> {
  const res = await call(postQuote, { body, ip: opts.ip, headers: opts.headers });
  if (res.status !== 200) throw new Error(`quote failed: ${JSON.stringify(res.json)}`);
  return res.json.confirmation_token;
}

/** Quotes and sends a sandbox letter; returns the creation response. */
export async function sendSandboxLetter(over: Record<string, unknown> = {}, opts: { ip?: string; idempotencyKey?: string } = {}) {
  const body = letter(over);
  const ip = opts.ip ?? randomIp();
  const token = await quoteToken(body, { ip });
  const headers: Record<string, string> = opts.idempotencyKey ? { "Idempotency-Key": opts.idempotencyKey } : {};
  return call(postOrder, { body: { ...body, confirmation_token: token }, ip, headers });
}

/** Quotes and sends a live letter (credit code or payment link); returns the creation response. */
export async function sendLiveLetter(
  over: Record<string, unknown> = {},
  opts: { ip?: string; idempotencyKey?: string; creditCode?: string; uiMode?: "hosted" | "embedded" } = {},
) {
  const body = letter({ sandbox: false, ...over });
  const ip = opts.ip ?? randomIp();
  const token = await quoteToken(body, { ip });
  const headers: Record<string, string> = opts.idempotencyKey ? { "Idempotency-Key": opts.idempotencyKey } : {};
  const payment = { ...(opts.creditCode ? { credit_code: opts.creditCode } : {}), ...(opts.uiMode ? { checkout_ui_mode: opts.uiMode } : {}) };
  const send = () => call(postOrder, { body: { ...body, ...payment, confirmation_token: token }, ip, headers });
  return Object.assign(await send(), { resend: send, token });
}
