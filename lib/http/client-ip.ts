import { isIP } from "node:net";
import ipaddr from "ipaddr.js";
import type { IncomingMessage } from "node:http";

// The header our own HTTP server (scripts/web.ts) sets from the socket. Any value a client
// sends under this name is dropped there first, so the routes can trust it.
export const CLIENT_IP_HEADER = "x-mail-client-ip";

/**
 * The caller's address as our server saw it. With TRUST_PROXY_HOPS = n > 0 the service sits
 * behind n proxies of its own, and the address is the n-th entry from the right of
 * X-Forwarded-For (entries further left are client-supplied and cannot be trusted).
 */
export function clientIpOf(req: IncomingMessage, trustProxyHops: number): string | null {
  const socketIp = normalize(req.socket.remoteAddress ?? null);
  if (trustProxyHops <= 0) return socketIp;
  const raw = req.headers["x-forwarded-for"];
  const chain = (Array.isArray(raw) ? raw.join(",") : raw ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const candidate = chain[chain.length - trustProxyHops];
  return normalize(candidate ?? null) ?? socketIp;
}

function normalize(ip: string | null): string | null {
  if (!ip) return null;
  const bare = ip.startsWith("::ffff:") && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
  return isIP(bare) ? bare : null;
}

/**
 * The address a caller without an API key is counted by (throttles, sending caps): an IPv4
 * address as it is, an IPv6 address by its /64. A customer line is given at least a whole /64,
 * so counting single IPv6 addresses would let one caller take a fresh address per request.
 */
export function callerAddressKey(ip: string): string {
  if (isIP(ip) !== 6) return ip;
  return `${ipaddr.IPv6.networkAddressFromCIDR(`${ip}/64`).toString()}/64`;
}
