import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { POST as buyForm } from "@/app/credits/buy/route";
import { POST as postSuggestClass } from "@/app/v1/suggest-class/route";
import { call } from "@/tests/support/api";

// A caller without an API key is counted by its address; over IPv6, by the /64 it was given
// (lib/http/client-ip.ts callerAddressKey). Otherwise one home line could take a fresh
// address for every request and never meet a throttle or a sending cap.

const prefix = () => `2001:db8:${randomBytes(2).toString("hex")}:${randomBytes(2).toString("hex")}`;
const ask = (ip: string) => call(postSuggestClass, { path: "/v1/suggest-class", body: { text: "Happy birthday, Ada!" }, ip });

describe("callers over IPv6", () => {
  it("share one throttle across their /64, and a neighbouring /64 is another caller", async () => {
    const mine = prefix();
    // suggest-class allows 10 a minute: ten different addresses of one /64 use them all up.
    for (let i = 1; i <= 10; i++) expect((await ask(`${mine}::${i.toString(16)}`)).status).toBe(200);
    const eleventh = await ask(`${mine}:ffff:ffff:ffff:ffff`);
    expect(eleventh.status).toBe(429);
    expect(eleventh.json?.code).toBe("rate_limited");
    expect((await ask(`${prefix()}::1`)).status).toBe(200);
  });

  it("are counted the same way by the site's own forms: the credits purchase form shares the /64's checkout throttle", async () => {
    const mine = prefix();
    const buy = (ip: string) =>
      call(buyForm, { path: "/credits/buy", rawBody: "pack=starter", headers: { "content-type": "application/x-www-form-urlencoded" }, ip });
    // Credit checkouts allow 10 a minute; each form post starts one (a 303 to its payment page).
    for (let i = 1; i <= 10; i++) expect((await buy(`${mine}::${i.toString(16)}`)).headers.get("location")).not.toMatch(/buy_error/);
    expect((await buy(`${mine}::abcd`)).headers.get("location")).toMatch(/buy_error=rate_limited/);
  });
});
