import { createHash, timingSafeEqual } from "node:crypto";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { newApiKeyId, randomToken } from "@/lib/ids";
import { ApiError } from "@/lib/errors/api-error";
import { isScope, keyAllows, type Scope } from "@/lib/auth/scopes";

export type KeyMode = "live" | "test";
export type VerifiedKey = { id: string; mode: KeyMode; scopes: string[] };

const KEY_FORM = /^ak_(live|test)_[0-9a-z]{32}$/;

const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");

/** Issues a key (in the caller's transaction when given one). The plain key is returned once; only its hash is stored. */
export async function issueApiKey(input: { mode: KeyMode; label: string; scopes: string[] }, client: Prisma.TransactionClient = db()) {
  const unknown = input.scopes.filter((s) => !isScope(s));
  if (unknown.length) throw new Error(`Unknown scope(s): ${unknown.join(", ")}`);
  const key = `ak_${input.mode}_${randomToken(32)}`;
  const row = await client.apiKey.create({
    data: { id: newApiKeyId(), mode: input.mode, hash: sha256(key), hint: key.slice(-4), label: input.label, scopes: input.scopes },
  });
  return { key, id: row.id, mode: row.mode, label: row.label, scopes: row.scopes };
}

export async function listApiKeys() {
  return db().apiKey.findMany({
    orderBy: { createdAt: "asc" },
    select: { id: true, mode: true, hint: true, label: true, scopes: true, createdAt: true, disabledAt: true, lastUsedAt: true },
  });
}

export async function disableApiKey(id: string, client: Prisma.TransactionClient = db()): Promise<boolean> {
  const { count } = await client.apiKey.updateMany({ where: { id, disabledAt: null }, data: { disabledAt: new Date() } });
  return count === 1;
}

/**
 * Verifies an Authorization header value. A header that is present never falls back to
 * anonymous: anything that does not verify is 401 invalid_key (spec 5.4).
 */
/** `needed` null: any verified, enabled key will do (a route open to every caller). */
export async function verifyAuthorization(header: string, needed: Scope | null): Promise<VerifiedKey> {
  const key = await verifyKey(header);
  if (needed !== null) requireScope(key, needed);
  return key;
}

/**
 * The key an Authorization header carries, verified and enabled, whatever it may do: for
 * /v1/mcp, which refuses a bad key before any JSON-RPC and checks scopes per tool.
 */
export async function verifyKey(header: string): Promise<VerifiedKey> {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  const key = match?.[1];
  if (!key || !KEY_FORM.test(key)) {
    throw invalidKey("The Authorization header must be `Bearer ak_live_…` or `Bearer ak_test_…` with a key this service issued.");
  }
  const hash = sha256(key);
  let row;
  try {
    row = await db().apiKey.findUnique({ where: { hash } });
  } catch {
    throw new ApiError("key_store_unavailable", undefined, { headers: { "Retry-After": "5" } });
  }
  // The index lookup already matched the hash; the constant-time compare keeps it that way
  // if the lookup is ever changed to a prefix search.
  if (!row || !timingSafeEqual(Buffer.from(row.hash), Buffer.from(hash))) throw invalidKey("This API key is not known to the service.");
  if (row.disabledAt) throw new ApiError("key_disabled");
  // Best effort, at most once a minute per key: an operator wants to see which keys are in use.
  db()
    .apiKey.updateMany({ where: { id: row.id, OR: [{ lastUsedAt: null }, { lastUsedAt: { lt: new Date(Date.now() - 60_000) } }] }, data: { lastUsedAt: new Date() } })
    .catch(() => {});
  return { id: row.id, mode: row.mode as KeyMode, scopes: row.scopes };
}

/** 403 insufficient_scope unless the key may act for `needed`. */
export function requireScope(key: VerifiedKey, needed: Scope): void {
  if (!keyAllows(key.scopes, needed)) {
    throw new ApiError("insufficient_scope", `This route needs the scope \`${needed}\`; the key has ${key.scopes.map((s) => `\`${s}\``).join(", ")}.`);
  }
}

// A 401 names its scheme (RFC 9110 §11.6.1, RFC 6750 §3): HTTP and MCP clients read it to tell
// a refused credential from any other failure.
const REALM = `Bearer realm="physical-mail-service"`;

function invalidKey(reason: string): ApiError {
  return new ApiError("invalid_key", reason, { headers: { "WWW-Authenticate": `${REALM}, error="invalid_token"` } });
}

/**
 * The caller's key, for what only a key can do (list the orders it created): 401 key_required
 * without one. The challenge carries no error code, as RFC 6750 §3.1 asks when no credential was sent.
 */
export function requireCallerKey(key: VerifiedKey | null, reason: string): VerifiedKey {
  if (!key) throw new ApiError("key_required", reason, { headers: { "WWW-Authenticate": REALM } });
  return key;
}
