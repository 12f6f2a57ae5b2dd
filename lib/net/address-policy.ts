import ipaddr from "ipaddr.js";

/**
 * Which addresses an outbound fetch may connect to. Only the public internet: a caller-supplied
 * URL must never reach our own network, the machine itself or a cloud metadata service.
 *
 * IPv4: only what ipaddr.js calls "unicast" (everything outside private, loopback, link-local,
 * CGNAT, 0/8, multicast, broadcast, and the reserved/test/benchmark blocks).
 * IPv6: only global unicast (2000::/3) outside the special blocks, plus NAT64 (64:ff9b::/96)
 * when the IPv4 address it carries is itself public, because IPv6-only hosts behind DNS64 reach
 * every IPv4 site that way. IPv4-mapped (::ffff:a.b.c.d) is judged as the IPv4 it maps to.
 */
export type AddressPolicy = { allowLoopback: boolean };

const IPV4_LABELS: Record<string, string> = {
  unspecified: "an unspecified address (0.0.0.0/8)",
  broadcast: "the broadcast address",
  multicast: "a multicast address",
  linkLocal: "a link-local address (169.254.0.0/16, where cloud metadata services answer)",
  loopback: "a loopback address (this machine)",
  carrierGradeNat: "a carrier-grade NAT address (100.64.0.0/10)",
  private: "a private address",
  reserved: "a reserved address",
};

const IPV6_LABELS: Record<string, string> = {
  unspecified: "an unspecified address (::)",
  linkLocal: "a link-local address (fe80::/10)",
  multicast: "a multicast address",
  loopback: "a loopback address (this machine)",
  uniqueLocal: "a unique-local address (fc00::/7, a private IPv6 network)",
  deprecatedSiteLocal: "a site-local address (fec0::/10)",
};

/** null when the address may be connected to; otherwise what it is, for a person to read. */
export function refusedAddressReason(address: string, policy: AddressPolicy): string | null {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(address);
  } catch {
    return "not an IP address";
  }
  return parsed.kind() === "ipv4" ? judgeIPv4(parsed as ipaddr.IPv4, policy) : judgeIPv6(parsed as ipaddr.IPv6, policy);
}

function judgeIPv4(ip: ipaddr.IPv4, policy: AddressPolicy): string | null {
  const range = ip.range();
  if (range === "unicast") return null;
  if (range === "loopback" && policy.allowLoopback) return null;
  return IPV4_LABELS[range] ?? "a non-public address";
}

function judgeIPv6(ip: ipaddr.IPv6, policy: AddressPolicy): string | null {
  const p = ip.parts;
  // Read the parts, not ip.isIPv4MappedAddress(): ipaddr.js parses "::10.0.0.1" as mapped.
  const isMapped = p[0] === 0 && p[1] === 0 && p[2] === 0 && p[3] === 0 && p[4] === 0 && p[5] === 0xffff;
  if (isMapped) return judgeIPv4(embeddedIPv4(p), policy);
  const isWellKnownNat64 = p[0] === 0x64 && p[1] === 0xff9b && p[2] === 0 && p[3] === 0 && p[4] === 0 && p[5] === 0;
  if (isWellKnownNat64) {
    const inner = judgeIPv4(embeddedIPv4(p), { allowLoopback: false });
    return inner && `a NAT64 address that leads to ${inner}`;
  }
  const range = ip.range();
  if (range === "loopback") return policy.allowLoopback ? null : IPV6_LABELS.loopback;
  if (range === "unicast" && (p[0] & 0xe000) === 0x2000) return null;
  // Everything else outside 2000::/3 is unassigned, and the rest of the named ranges are
  // tunnels (6to4, Teredo) that embed an IPv4 address we would then have to trust.
  return IPV6_LABELS[range] ?? "a reserved or tunnelled IPv6 address";
}

function embeddedIPv4(parts: number[]): ipaddr.IPv4 {
  return new ipaddr.IPv4([parts[6] >> 8, parts[6] & 0xff, parts[7] >> 8, parts[7] & 0xff]);
}

// Names that reach a metadata service or the local network without any private-looking
// address in the URL. ".internal" is reserved by ICANN for private use; ".local" is mDNS.
const REFUSED_HOSTNAMES = new Set(["metadata", "metadata.goog", "metadata.google.internal", "instance-data", "instance-data.ec2.internal"]);
const REFUSED_SUFFIXES = [".internal", ".local", ".localdomain", ".home.arpa"];

/**
 * null when the name may be resolved; otherwise why not. `hostname` as URL gives it (lowercase).
 * localhost needs no entry: it resolves to loopback, which the address check judges.
 */
export function refusedHostnameReason(hostname: string): string | null {
  const name = hostname.replace(/\.+$/, "");
  if (REFUSED_HOSTNAMES.has(name)) return "a cloud metadata service name";
  if (REFUSED_SUFFIXES.some((suffix) => name.endsWith(suffix))) return "a name that only resolves inside a private network";
  return null;
}
