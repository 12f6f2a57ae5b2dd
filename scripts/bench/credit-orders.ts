// Credit-debit orders (issue 4): live letters paid with a credit code, 50 clients at once, on one
// code (every debit queues on that code's row lock) and on many codes (one each, no contention),
// then an overdraft check: twice as many orders as one code can cover, all at once. Codes are
// minted straight into the service's database, as an operator would (`npm run credits`).
import { randomUUID } from "node:crypto";
import { cannon, failureSampler, reportRun, settle, toRow, type Row } from "./cannon";
import { JSON_HEADERS, mintTokens } from "./tokens";

const PRICE_CENTS = 99; // a one-page First-Class letter
const OVERDRAFT_CAPACITY = 100; // letters the overdraft code covers; it is sent twice as many

export type OverdraftCheck = { capacityLetters: number; requests: number; accepted: number; refusedInsufficient: number; overdrafts: number; negativeBalances: number };

export async function benchCreditOrders(baseUrl: string, databaseUrl: string, letter: Record<string, unknown>, n: number): Promise<{ rows: Row[]; overdraft: OverdraftCheck }> {
  process.env.DATABASE_URL = databaseUrl;
  const { mintCredit } = await import("@/lib/payments/credits/credits");
  const { pgPool, closeDb } = await import("@/lib/db");
  const mint = async (faceCents: number) => (await mintCredit({ faceCents, bonusCents: 0, source: "operator", note: "benchmark" })).code;
  try {
    const liveLetter = JSON.stringify({ ...letter, sandbox: false });
    console.log(`\n[e] Minting ${2 * n + 2 * OVERDRAFT_CAPACITY} live confirmation tokens and the credit codes ...`);
    const tokens = await mintTokens(baseUrl, 2 * n + 2 * OVERDRAFT_CAPACITY, liveLetter);
    const oneCode = await mint(PRICE_CENTS * n);
    const manyCodes: string[] = [];
    for (let i = 0; i < n; i += 20) manyCodes.push(...(await Promise.all(Array.from({ length: Math.min(20, n - i) }, () => mint(PRICE_CENTS)))));
    const overdraftCode = await mint(PRICE_CENTS * OVERDRAFT_CAPACITY);

    const rows: Row[] = [];
    rows.push((await creditRun(baseUrl, "credit order, one code", liveLetter, tokens.slice(0, n), () => oneCode)).row);
    let next = 0;
    rows.push((await creditRun(baseUrl, "credit order, many codes", liveLetter, tokens.slice(n, 2 * n), () => manyCodes[next++ % manyCodes.length])).row);

    const check = await creditRun(baseUrl, "overdraft check", liveLetter, tokens.slice(2 * n), () => overdraftCode, { quiet: true });
    const { rows: negative } = await pgPool().query<{ n: string }>(
      `SELECT count(*) AS n FROM (SELECT code FROM credit_ledger WHERE code = ANY($1) GROUP BY code HAVING sum(face_cents) < 0 OR sum(bonus_cents) < 0) s`,
      [[oneCode, overdraftCode, ...manyCodes]],
    );
    const overdraft: OverdraftCheck = {
      capacityLetters: OVERDRAFT_CAPACITY,
      requests: check.sent,
      accepted: check.accepted,
      refusedInsufficient: check.insufficient,
      overdrafts: Math.max(0, check.accepted - OVERDRAFT_CAPACITY),
      negativeBalances: Number(negative[0].n),
    };
    console.log(`  overdraft check: ${overdraft.requests} orders at once on a code covering ${OVERDRAFT_CAPACITY}: ${overdraft.accepted} accepted, ${overdraft.refusedInsufficient} refused 402 insufficient_credit, ${overdraft.overdrafts} overdrafts, ${overdraft.negativeBalances} negative balances`);
    return { rows, overdraft };
  } finally {
    await closeDb();
  }
}

/** Sends one live credit order per token, CONNECTIONS at a time, and counts the outcomes. */
async function creditRun(baseUrl: string, name: string, letterJson: string, tokens: string[], codeFor: () => string, opts: { quiet?: boolean } = {}) {
  await settle(baseUrl);
  const letter = JSON.parse(letterJson);
  if (!opts.quiet) console.log(`\n${name}: POST /v1/orders with credit_code, ${tokens.length} requests ...`);
  let used = 0;
  let accepted = 0;
  let insufficient = 0;
  const sampler = failureSampler();
  const r = await cannon({
    url: baseUrl,
    amount: tokens.length,
    requests: [
      {
        method: "POST",
        path: "/v1/orders",
        headers: JSON_HEADERS,
        setupRequest: (req) => ({
          ...req,
          headers: { ...req.headers, "Idempotency-Key": randomUUID() },
          body: JSON.stringify({ ...letter, credit_code: codeFor(), confirmation_token: tokens[Math.min(used++, tokens.length - 1)] }),
        }),
        onResponse: (status, body) => {
          if (status === 201) accepted++;
          else if (status === 402 && body.includes("insufficient_credit")) insufficient++;
          else sampler.record(status, body);
        },
      },
    ],
  });
  const row = toRow(name, "POST", "/v1/orders (credit_code)", r, sampler.notes());
  if (!opts.quiet) reportRun(row);
  return { row, sent: tokens.length, accepted, insufficient };
}
