import { randomBytes } from "node:crypto";
import http from "node:http";
import type { PaymentRequired } from "@x402/core/types";
import { encodePaymentSignatureHeader } from "@x402/core/http";
import { privateKeyToAccount, type PrivateKeyAccount } from "viem/accounts";
import { getAddress, isAddress, verifyTypedData, type Hex } from "viem";
import { startLocalServer } from "@/tests/support/local-http";

// A local x402 facilitator speaking the real HTTP API (GET /supported, POST /verify,
// POST /settle with {x402Version, paymentPayload, paymentRequirements}) for the "exact" EVM
// scheme. It really checks the EIP-3009 TransferWithAuthorization: the EIP-712 signature with
// viem against the requirements' asset domain, then payee, validity window, amount and nonce,
// in the order and with the refusal codes of x402's own EVM facilitator. Settling marks the
// nonce used (as the token contract does) and answers a well-formed, made-up transaction hash.
// No chain is involved: balances are unlimited unless a test sets one.
//
// An authorization settled before is answered as @x402/evm's exact facilitator answers it
// (node_modules/@x402/evm/dist/cjs/exact/facilitator/index.js, settleEIP3009): a transaction
// still unconfirmed is kept under the payload's signature and answered again (settlement_pending
// while unconfirmed, then success with the same hash); anything else is checked afresh, so a
// spent nonce answers success: false, invalid_exact_evm_nonce_already_used, with no transaction
// (the token refuses the used authorization). There is no call to look a settlement up by nonce.

/** The EIP-3009 typed-data struct, as the USDC contract defines it. */
export const TRANSFER_WITH_AUTHORIZATION_TYPES = {
  TransferWithAuthorization: [
    { name: "from", type: "address" },
    { name: "to", type: "address" },
    { name: "value", type: "uint256" },
    { name: "validAfter", type: "uint256" },
    { name: "validBefore", type: "uint256" },
    { name: "nonce", type: "bytes32" },
  ],
} as const;

export type AuthorizationOverrides = Partial<{ to: string; value: string; validAfter: string; validBefore: string; nonce: string }>;

/**
 * The payer's side, by hand: an EIP-3009 payment from `payer` for a 402 challenge's terms (any
 * field bent), signed by `signer` (the payer unless a test forges it), as an x402 v2 client sends it.
 */
export async function signPayment(required: PaymentRequired, payer: PrivateKeyAccount, over: AuthorizationOverrides = {}, signer: PrivateKeyAccount = payer) {
  const terms = required.accepts[0];
  const authorization = {
    from: payer.address,
    to: getAddress(over.to ?? terms.payTo),
    value: over.value ?? terms.amount,
    validAfter: over.validAfter ?? "0",
    validBefore: over.validBefore ?? String(Math.floor(Date.now() / 1000) + 300),
    nonce: over.nonce ?? `0x${randomBytes(32).toString("hex")}`,
  };
  const signature = await signer.signTypedData({
    domain: { name: String(terms.extra.name), version: String(terms.extra.version), chainId: chainIdOf(terms.network)!, verifyingContract: getAddress(terms.asset) },
    types: TRANSFER_WITH_AUTHORIZATION_TYPES,
    primaryType: "TransferWithAuthorization",
    message: {
      from: authorization.from,
      to: authorization.to,
      value: BigInt(authorization.value),
      validAfter: BigInt(authorization.validAfter),
      validBefore: BigInt(authorization.validBefore),
      nonce: authorization.nonce as Hex,
    },
  });
  const payload = { x402Version: 2, resource: required.resource, accepted: terms, payload: { authorization, signature } };
  return { payload, header: encodePaymentSignatureHeader(payload), nonce: authorization.nonce };
}

export type Settlement = { transaction: string; network: string; asset: string; payer: string; payTo: string; amount: string; nonce: string };

export type FakeFacilitator = {
  url: string;
  /** Every request, as "METHOD /path". */
  requests: string[];
  settlements: Settlement[];
  count(path: "/supported" | "/verify" | "/settle"): number;
  /** The nonce was spent elsewhere on chain (another resource, the payer's own wallet). */
  markNonceUsed(asset: string, payer: string, nonce: string): void;
  /** The payer's token balance; unset means unlimited. */
  setBalance(payer: string, atomic: bigint): void;
  /** The next settle fails on chain with this reason (nothing is spent). */
  failNextSettle(reason: string): void;
  /** The next settle goes through on chain, then the connection drops before any answer. */
  dropNextSettleAnswer(): void;
  /**
   * The next settle sends its transaction but sees no receipt `times` times in a row: each of
   * those calls answers settlement_pending with its hash, and the call after them (for the same
   * signature) answers success with that same hash.
   */
  pendNextSettle(times: number): void;
  /** Each settle takes this long before it answers (0 by default). */
  settleDelayMs: number;
  /** While true, /verify and /settle answer 500 with a non-JSON body. */
  broken: boolean;
  close(): Promise<void>;
};

type Obj = Record<string, any>;
type Verdict = { isValid: true; payer: string } | { isValid: false; invalidReason: string; invalidMessage?: string; payer?: string };

const FACILITATOR_SIGNER = privateKeyToAccount(`0x${"11".repeat(32)}`).address;
const chainIdOf = (network: string) => (/^eip155:\d+$/.test(network) ? Number(network.slice(7)) : null);

export async function startFakeFacilitator(opts: { networks?: string[] } = {}): Promise<FakeFacilitator> {
  const networks = opts.networks ?? ["eip155:84532", "eip155:8453"];
  const usedNonces = new Set<string>();
  const balances = new Map<string, bigint>();
  const settlements: Settlement[] = [];
  const requests: string[] = [];
  let settleFailure: string | null = null;
  let dropSettleAnswer = false;
  let pendTimes = 0;
  /** Unconfirmed transactions by payload signature, as @x402/evm's pending-settlement store keeps them. */
  const pending = new Map<string, { transaction: string; remaining: number }>();
  const nonceKey = (asset: string, payer: string, nonce: string) => `${asset.toLowerCase()}|${payer.toLowerCase()}|${nonce.toLowerCase()}`;

  async function verify(payload: Obj, req: Obj): Promise<Verdict> {
    const auth = payload?.payload?.authorization as Obj | undefined;
    const signature = payload?.payload?.signature as string | undefined;
    const payer = typeof auth?.from === "string" ? auth.from : undefined;
    const refuse = (invalidReason: string, invalidMessage?: string): Verdict => ({ isValid: false, invalidReason, invalidMessage, payer });
    if (payload?.accepted?.scheme !== "exact" || req?.scheme !== "exact") return refuse("invalid_exact_evm_scheme");
    const chainId = chainIdOf(String(req.network));
    if (payload.accepted.network !== req.network || chainId === null || !networks.includes(req.network)) return refuse("invalid_exact_evm_network_mismatch");
    if (!req.extra?.name || !req.extra?.version) return refuse("invalid_exact_evm_missing_eip712_domain");
    if (!auth || typeof signature !== "string" || !isAddress(String(auth.from)) || !isAddress(String(auth.to)) || !isAddress(String(req.asset))) {
      return refuse("unsupported_payload_type");
    }
    let signed = false;
    try {
      signed = await verifyTypedData({
        address: getAddress(auth.from),
        domain: { name: req.extra.name, version: req.extra.version, chainId, verifyingContract: getAddress(req.asset) },
        types: TRANSFER_WITH_AUTHORIZATION_TYPES,
        primaryType: "TransferWithAuthorization",
        message: {
          from: getAddress(auth.from),
          to: getAddress(auth.to),
          value: BigInt(auth.value),
          validAfter: BigInt(auth.validAfter),
          validBefore: BigInt(auth.validBefore),
          nonce: auth.nonce as Hex,
        },
        signature: signature as Hex,
      });
    } catch (err) {
      return refuse("invalid_exact_evm_failed_to_parse_signature", String(err).slice(0, 200));
    }
    if (!signed) return refuse("invalid_exact_evm_signature");
    if (getAddress(auth.to) !== getAddress(req.payTo)) return refuse("invalid_exact_evm_recipient_mismatch");
    const now = Math.floor(Date.now() / 1000);
    if (BigInt(auth.validBefore) < BigInt(now + 6)) return refuse("invalid_exact_evm_payload_authorization_valid_before");
    if (BigInt(auth.validAfter) > BigInt(now)) return refuse("invalid_exact_evm_payload_authorization_valid_after");
    if (BigInt(auth.value) !== BigInt(req.amount)) return refuse("invalid_exact_evm_authorization_value");
    if (usedNonces.has(nonceKey(req.asset, auth.from, auth.nonce))) return refuse("invalid_exact_evm_nonce_already_used");
    const balance = balances.get(String(auth.from).toLowerCase());
    if (balance !== undefined && balance < BigInt(auth.value)) return refuse("invalid_exact_evm_insufficient_balance");
    return { isValid: true, payer: auth.from };
  }

  const server = await startLocalServer({
    "/supported": (_req, res) => {
      requests.push("GET /supported");
      json(res, 200, { kinds: networks.map((network) => ({ x402Version: 2, scheme: "exact", network })), extensions: [], signers: { "eip155:*": [FACILITATOR_SIGNER] } });
    },
    "/verify": (req, res) => handle(req, res, "/verify", async (body) => verify(body.paymentPayload, body.paymentRequirements)),
    "/settle": (req, res) =>
      handle(req, res, "/settle", async (body) => {
        if (fake.settleDelayMs) await new Promise((resolve) => setTimeout(resolve, fake.settleDelayMs));
        const req402 = body.paymentRequirements as Obj;
        const signature = String(body.paymentPayload?.payload?.signature ?? "");
        const unconfirmed = pending.get(signature);
        if (unconfirmed) {
          const payer = body.paymentPayload.payload.authorization?.from;
          if (unconfirmed.remaining > 0) {
            unconfirmed.remaining--;
            return settlementPending(unconfirmed.transaction, req402.network, payer);
          }
          pending.delete(signature);
          return { success: true, payer, transaction: unconfirmed.transaction, network: req402.network };
        }
        const verdict = await verify(body.paymentPayload, req402);
        if (!verdict.isValid) return { success: false, errorReason: verdict.invalidReason, errorMessage: verdict.invalidMessage, payer: verdict.payer, transaction: "", network: req402?.network };
        if (settleFailure) {
          const errorReason = settleFailure;
          settleFailure = null;
          return { success: false, errorReason, payer: verdict.payer, transaction: "", network: req402.network };
        }
        const auth = body.paymentPayload.payload.authorization as Obj;
        usedNonces.add(nonceKey(req402.asset, auth.from, auth.nonce));
        const balance = balances.get(String(auth.from).toLowerCase());
        if (balance !== undefined) balances.set(String(auth.from).toLowerCase(), balance - BigInt(auth.value));
        const transaction = `0x${randomBytes(32).toString("hex")}`;
        settlements.push({ transaction, network: req402.network, asset: req402.asset, payer: auth.from, payTo: auth.to, amount: String(auth.value), nonce: auth.nonce });
        if (dropSettleAnswer) {
          dropSettleAnswer = false;
          return DROP;
        }
        if (pendTimes > 0) {
          pending.set(signature, { transaction, remaining: pendTimes - 1 });
          pendTimes = 0;
          return settlementPending(transaction, req402.network, verdict.payer);
        }
        return { success: true, payer: verdict.payer, transaction, network: req402.network };
      }),
  });
  const fake: FakeFacilitator = {
    url: server.origin,
    requests,
    settlements,
    count: (path) => requests.filter((r) => r.endsWith(` ${path}`)).length,
    markNonceUsed: (asset, payer, nonce) => void usedNonces.add(nonceKey(asset, payer, nonce)),
    setBalance: (payer, atomic) => void balances.set(payer.toLowerCase(), atomic),
    failNextSettle: (reason) => void (settleFailure = reason),
    dropNextSettleAnswer: () => void (dropSettleAnswer = true),
    pendNextSettle: (times) => void (pendTimes = times),
    settleDelayMs: 0,
    broken: false,
    close: () => server.close(),
  };

  function handle(req: http.IncomingMessage, res: http.ServerResponse, path: string, answer: (body: Obj) => Promise<Obj | typeof DROP>) {
    requests.push(`${req.method} ${path}`);
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      if (fake.broken) return void res.writeHead(500, { "content-type": "text/plain" }).end("facilitator on fire");
      let body: Obj;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      } catch {
        return json(res, 400, { error: "invalid JSON" });
      }
      if (req.method !== "POST" || body?.x402Version !== 2 || !body.paymentPayload || !body.paymentRequirements) {
        return json(res, 400, { error: "expected POST {x402Version: 2, paymentPayload, paymentRequirements}" });
      }
      answer(body).then(
        (out) => (out === DROP ? void req.socket.destroy() : json(res, 200, out)),
        (err) => json(res, 500, { error: String(err) }),
      );
    });
  }

  return fake;
}

/** Hang up without answering (the work is done; the answer is lost). */
const DROP = Symbol("drop the connection");

/** x402's answer for a transaction sent whose receipt did not come in time (@x402/evm settlementPendingResponse). */
function settlementPending(transaction: string, network: string, payer: string | undefined) {
  return { success: false, errorReason: "settlement_pending", errorMessage: "Timed out while waiting for transaction to be confirmed", transaction, network, payer };
}

function json(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
}
