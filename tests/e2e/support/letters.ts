import { expect, type APIRequestContext } from "@playwright/test";

/** A sandbox letter to Albany from Troy, as the e2e tests send it through the public API. */
export const letter = (over: Record<string, unknown> = {}) => ({
  mail_class: "first_class",
  to: { name: "Ada Lovelace", line1: "12 Main St", city: "Albany", state: "NY", zip: "12207" },
  from: { name: "Charles Babbage", line1: "1 Engine Row", city: "Troy", state: "NY", zip: "12180" },
  text: "Dear Ada,\n\nThe engine is ready.\n\nCharles",
  sandbox: true,
  ...over,
});

/** Quotes and sends it (POST /v1/quotes, then /v1/orders with the token); the creation response. */
export async function sendSandboxLetter(request: APIRequestContext, over: Record<string, unknown> = {}) {
  const body = letter(over);
  const quote = await (await request.post("/v1/quotes", { data: body })).json();
  const res = await request.post("/v1/orders", { data: { ...body, confirmation_token: quote.confirmation_token } });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}
