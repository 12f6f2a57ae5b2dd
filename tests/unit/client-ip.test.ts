import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { callerAddressKey, clientIpOf } from "@/lib/http/client-ip";

const req = (remoteAddress: string | undefined, xff?: string | string[]) =>
  ({ socket: { remoteAddress }, headers: xff === undefined ? {} : { "x-forwarded-for": xff } }) as unknown as IncomingMessage;

describe("clientIpOf", () => {
  it("with no trusted proxies, returns the socket address", () => {
    expect(clientIpOf(req("203.0.113.7"), 0)).toBe("203.0.113.7");
    expect(clientIpOf(req("2001:db8::1"), 0)).toBe("2001:db8::1");
  });

  it("with no trusted proxies, ignores X-Forwarded-For (a client cannot spoof its address)", () => {
    expect(clientIpOf(req("203.0.113.7", "1.2.3.4"), 0)).toBe("203.0.113.7");
    expect(clientIpOf(req("203.0.113.7", "1.2.3.4, 5.6.7.8"), 0)).toBe("203.0.113.7");
  });

  it("strips the IPv4-mapped IPv6 prefix", () => {
    expect(clientIpOf(req("::ffff:10.0.0.1"), 0)).toBe("10.0.0.1");
    expect(clientIpOf(req("10.0.0.9", "::ffff:192.0.2.5"), 1)).toBe("192.0.2.5");
  });

  it("returns null when the socket has no usable address", () => {
    expect(clientIpOf(req(undefined), 0)).toBeNull();
    expect(clientIpOf(req("not-an-ip"), 0)).toBeNull();
  });

  it("behind one proxy, uses the right-most X-Forwarded-For entry", () => {
    expect(clientIpOf(req("10.0.0.9", "1.2.3.4"), 1)).toBe("1.2.3.4");
    // The left entry was sent by the client and is not trusted.
    expect(clientIpOf(req("10.0.0.9", "6.6.6.6, 1.2.3.4"), 1)).toBe("1.2.3.4");
    expect(clientIpOf(req("10.0.0.9", " 6.6.6.6 ,1.2.3.4 "), 1)).toBe("1.2.3.4");
  });

  it("behind two proxies, uses the second entry from the right", () => {
    expect(clientIpOf(req("10.0.0.9", "6.6.6.6, 1.2.3.4, 10.0.0.8"), 2)).toBe("1.2.3.4");
    expect(clientIpOf(req("10.0.0.9", "1.2.3.4, 10.0.0.8"), 2)).toBe("1.2.3.4");
  });

  it("reads X-Forwarded-For given as several header lines", () => {
    expect(clientIpOf(req("10.0.0.9", ["6.6.6.6", "1.2.3.4, 10.0.0.8"]), 2)).toBe("1.2.3.4");
  });

  it("falls back to the socket address when the trusted entry is garbage or missing", () => {
    expect(clientIpOf(req("10.0.0.9", "1.2.3.4, garbage"), 1)).toBe("10.0.0.9");
    expect(clientIpOf(req("10.0.0.9", "unknown"), 1)).toBe("10.0.0.9");
    expect(clientIpOf(req("10.0.0.9", "1.2.3.4:5678"), 1)).toBe("10.0.0.9");
    expect(clientIpOf(req("10.0.0.9", "999.1.1.1"), 1)).toBe("10.0.0.9");
    expect(clientIpOf(req("10.0.0.9", ""), 1)).toBe("10.0.0.9");
    expect(clientIpOf(req("10.0.0.9"), 1)).toBe("10.0.0.9");
    expect(clientIpOf(req("10.0.0.9", "1.2.3.4"), 2)).toBe("10.0.0.9");
  });
});

describe("callerAddressKey", () => {
  it("counts an IPv4 caller by its address", () => {
    expect(callerAddressKey("198.51.100.7")).toBe("198.51.100.7");
  });
  it("counts an IPv6 caller by its /64, so a fresh address per request is the same caller", () => {
    expect(callerAddressKey("2001:db8:1:2::1")).toBe("2001:db8:1:2::/64");
    expect(callerAddressKey("2001:db8:1:2:ffff:eeee:dddd:cccc")).toBe("2001:db8:1:2::/64");
    expect(callerAddressKey("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
  });
});
