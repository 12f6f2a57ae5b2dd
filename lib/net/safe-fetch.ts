import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import { env, isDevelopment } from "@/lib/env";
import { refusedAddressReason, refusedHostnameReason, type AddressPolicy } from "@/lib/net/address-policy";

/**
 * GET a caller-supplied URL without letting it reach anything but the public internet.
 *
 * The address check runs where the socket gets its address: a `lookup` hook judges every
 * address DNS returns before Node connects to one of them (so a name that answers public
 * first and private later, DNS rebinding, gains nothing), and an IP-literal host, which Node
 * connects to without any lookup, is judged as written. Every redirect hop goes through the
 * same path. https -> http redirects are followed: plain http is accepted as a starting URL,
 * so refusing it one hop later would protect nothing.
 *
 * This module never logs: URLs may carry secrets in their query strings, and error messages
 * name only the host.
 */
export type OutboundFetchErrorKind =
  | "invalid_url"
  | "scheme"
  | "refused_address"
  | "dns"
  | "connect"
  | "timeout"
  | "too_large"
  | "http_status"
  | "too_many_redirects";

export class OutboundFetchError extends Error {
  constructor(
    readonly kind: OutboundFetchErrorKind,
    message: string,
    /** Set for `http_status`. */
    readonly status?: number,
  ) {
    super(message);
    this.name = "OutboundFetchError";
  }
}

/** Which fetches may reach this machine (127.0.0.0/8, ::1): every one with OUTBOUND_ALLOW_LOOPBACK. */
export type LoopbackRule = {
  /**
   * This one also outside production without it: webhooks to a receiver on a developer's laptop.
   * Production refuses loopback whatever a caller asks (and refuses to start with the setting).
   */
  loopbackInDevelopment?: boolean;
};

export type FetchLimitedOptions = LoopbackRule & {
  maxBytes: number;
  /** One deadline for the whole fetch: every DNS lookup, connection, redirect, header and byte. */
  timeoutMs: number;
  maxRedirects?: number;
  accept?: string;
  userAgent?: string;
  /** POST sends `body` with `headers` (webhooks); GET is the default. */
  method?: "GET" | "POST";
  body?: string;
  headers?: Record<string, string>;
  /**
   * Resolve with whatever the server answered (its status, headers and capped body) instead of
   * throwing `http_status`; with `maxRedirects: 0` a redirect is answered as is, not followed.
   */
  anyStatus?: boolean;
};

/** Only 2xx answers resolve (unless `anyStatus`); any other final status is an `http_status` error. */
export type LimitedResponse = { status: number; headers: http.IncomingHttpHeaders; body: Buffer; finalUrl: string };

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const DEFAULT_USER_AGENT = "physical-mail-service (+outbound fetch)";

export async function fetchLimited(url: string, opts: FetchLimitedOptions): Promise<LimitedResponse> {
  const policy = addressPolicy(opts);
  const maxRedirects = opts.maxRedirects ?? 5;
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), opts.timeoutMs);
  try {
    let target = parseTarget(url, undefined);
    for (let redirects = 0; ; redirects++) {
      const hop = await requestOnce(target, redirects > 0, opts, policy, deadline.signal);
      if ("body" in hop) return { ...hop, finalUrl: target.href };
      if (redirects >= maxRedirects) {
        if (opts.anyStatus) return { status: hop.status, headers: hop.headers, body: Buffer.alloc(0), finalUrl: target.href };
        throw new OutboundFetchError("too_many_redirects", `the server redirected more than ${maxRedirects} times`);
      }
      target = parseTarget(hop.location, target);
    }
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Why this URL could never be fetched (bad scheme, credentials, a private address literal, a
 * private-only name), or null. For checking a URL when it is given: the address DNS gives at
 * fetch time is still judged then, as every fetch is.
 */
export function refusedUrlReason(url: string, rule: LoopbackRule = {}): string | null {
  try {
    const target = parseTarget(url, undefined);
    const host = target.hostname.replace(/^\[(.*)\]$/, "$1");
    const refusal = net.isIP(host) ? refusedAddressReason(host, addressPolicy(rule)) : refusedHostnameReason(host);
    return refusal && `${host} is ${refusal}`;
  } catch (err) {
    if (err instanceof OutboundFetchError) return err.message;
    throw err;
  }
}

function addressPolicy(rule: LoopbackRule): AddressPolicy {
  return { allowLoopback: env().OUTBOUND_ALLOW_LOOPBACK || (rule.loopbackInDevelopment === true && isDevelopment()) };
}

function parseTarget(raw: string, from: URL | undefined): URL {
  let target: URL;
  try {
    target = new URL(raw, from);
  } catch {
    throw new OutboundFetchError("invalid_url", from ? "the server redirected to an invalid URL" : "the URL is not a valid absolute URL");
  }
  if (target.protocol !== "http:" && target.protocol !== "https:") {
    const scheme = target.protocol.replace(/:$/, "");
    throw new OutboundFetchError(
      "scheme",
      from ? `the server redirected to a ${scheme} URL; only http and https URLs can be fetched` : `only http and https URLs can be fetched, not ${scheme}`,
    );
  }
  if (target.username || target.password) {
    const where = from ? "the server redirected to a URL with" : "the URL has";
    throw new OutboundFetchError("invalid_url", `${where} a user name or password in it; the file must be downloadable without credentials`);
  }
  return target;
}

type Hop = Omit<LimitedResponse, "finalUrl"> | { location: string; status: number; headers: http.IncomingHttpHeaders };

function requestOnce(target: URL, redirected: boolean, opts: FetchLimitedOptions, policy: AddressPolicy, signal: AbortSignal): Promise<Hop> {
  // URL keeps brackets around IPv6 literals; sockets want the bare address.
  const host = target.hostname.replace(/^\[(.*)\]$/, "$1");
  const who = redirected ? `the redirect target ${host}` : host;

  return new Promise<Hop>((resolve, reject) => {
    let req: http.ClientRequest | undefined;
    let settled = false;
    const finish = (outcome: Hop | Error) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener("abort", onDeadline);
      if (outcome instanceof Error) {
        reject(outcome);
        req?.destroy();
      } else {
        resolve(outcome);
      }
    };
    const onDeadline = () => finish(new OutboundFetchError("timeout", `no complete answer within ${formatSeconds(opts.timeoutMs)}`));
    if (signal.aborted) return onDeadline();
    signal.addEventListener("abort", onDeadline, { once: true });

    // An IP literal is the very address the socket will connect to: Node skips the lookup.
    const literalRefusal = net.isIP(host) ? refusedAddressReason(host, policy) : refusedHostnameReason(host);
    if (literalRefusal) return finish(new OutboundFetchError("refused_address", `${who} is ${literalRefusal}`));

    const client = target.protocol === "https:" ? https : http;
    req = client.request({
      host,
      port: target.port || undefined,
      path: `${target.pathname}${target.search}`,
      method: opts.method ?? "GET",
      // A fresh agent per request: no pooled socket from an earlier hop is ever reused.
      agent: false,
      lookup: guardedLookup(policy, who),
      headers: {
        accept: opts.accept ?? "*/*",
        "user-agent": opts.userAgent ?? DEFAULT_USER_AGENT,
        // Compressed bodies would make the byte cap meaningless (a zip bomb fits under any cap).
        "accept-encoding": "identity",
        ...(opts.body !== undefined ? { "content-length": String(Buffer.byteLength(opts.body)) } : {}),
        ...opts.headers,
      },
    });
    req.on("error", (err) => finish(err instanceof OutboundFetchError ? err : connectError(err, who)));
    req.on("response", (res) => {
      res.on("error", (err) => finish(connectError(err, who)));
      const status = res.statusCode ?? 0;
      const location = res.headers.location;
      if (REDIRECT_STATUSES.has(status) && location) {
        res.destroy();
        return finish({ location, status, headers: res.headers });
      }
      if ((status < 200 || status > 299) && !opts.anyStatus) {
        res.destroy();
        const text = http.STATUS_CODES[status] ?? "";
        return finish(new OutboundFetchError("http_status", `${redirected ? "after a redirect, " : ""}the server answered ${status} ${text}`.trim(), status));
      }
      const tooLarge = () => new OutboundFetchError("too_large", `the file is larger than ${opts.maxBytes} bytes`);
      const declared = Number(res.headers["content-length"]);
      if (Number.isFinite(declared) && declared > opts.maxBytes) return finish(tooLarge());

      const chunks: Buffer[] = [];
      let size = 0;
      res.on("data", (chunk: Buffer) => {
        if (settled) return;
        size += chunk.length;
        if (size > opts.maxBytes) return finish(tooLarge());
        chunks.push(chunk);
      });
      res.on("end", () => finish({ status, headers: res.headers, body: Buffer.concat(chunks, size) }));
    });
    req.end(opts.body);
  });
}

/**
 * dns.lookup, but an answer containing any refused address fails the connection before it is
 * made. Node asks with `all: true` when it races IPv4 against IPv6 (autoSelectFamily), and
 * for one address otherwise; both shapes are answered.
 */
function guardedLookup(policy: AddressPolicy, who: string): net.LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) {
        const dnsFailure = new OutboundFetchError("dns", `${who} could not be found (DNS ${err.code ?? "lookup failed"})`);
        return callback(dnsFailure, "", 0);
      }
      for (const { address } of addresses) {
        const reason = refusedAddressReason(address, policy);
        if (reason) return callback(new OutboundFetchError("refused_address", `${who} resolves to ${address}, ${reason}`), "", 0);
      }
      if (options.all) return callback(null, addresses);
      callback(null, addresses[0].address, addresses[0].family);
    });
  };
}

function connectError(err: NodeJS.ErrnoException, who: string): OutboundFetchError {
  const code = err.code ?? "";
  if (/^(CERT_|ERR_TLS_|ERR_SSL_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_)/.test(code)) {
    return new OutboundFetchError("connect", `${who} did not present a valid TLS certificate (${code})`);
  }
  const said: Record<string, string> = {
    ECONNREFUSED: "refused the connection",
    ECONNRESET: "closed the connection before the whole answer arrived",
    EHOSTUNREACH: "could not be reached (no route to host)",
    ENETUNREACH: "could not be reached (network unreachable)",
    ETIMEDOUT: "did not answer the connection attempt",
  };
  if (said[code]) return new OutboundFetchError("connect", `${who} ${said[code]}`);
  if (err.message === "aborted") return new OutboundFetchError("connect", `${who} closed the connection before the whole answer arrived`);
  return new OutboundFetchError("connect", `${who} could not be reached (${code || err.message})`);
}

function formatSeconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`;
}
