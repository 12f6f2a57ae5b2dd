import { expect, test, type Page } from "@playwright/test";
import { FAKE_PUBLISHABLE_KEY } from "../support/fake-stripe";
import { e2ePorts } from "./support/e2e-ports";
import { serveFakeStripeJs, STRIPE_JS_URL, stripeJsPublishableKeys, stripeJsWrappers } from "./support/fake-stripe-js";
import { letter } from "./support/letters";
import { checkPage } from "./support/page-checks";

// Card payment through Stripe's embedded checkout, on the service configured with Stripe's
// keys (the "stripe" project in playwright.config.ts). This machine is offline: the fake
// Stripe server answers the service's API calls and sends its webhooks, and a fake Stripe.js
// stands in for js.stripe.com in the page.

const fakeStripeOrigin = `http://127.0.0.1:${e2ePorts().fakeStripe}`;

async function fillAddress(page: Page, prefix: string, a: Record<string, string>) {
  for (const [field, value] of Object.entries(a)) await page.locator(`#${prefix}-${field}`).fill(value);
}

test("a live letter paid in Stripe's embedded checkout is confirmed by Stripe's webhook, then mailed", async ({ page, request }, testInfo) => {
  await serveFakeStripeJs(page, fakeStripeOrigin);
  await page.goto("/");
  await fillAddress(page, "from", { name: "Charles Babbage", line1: "1 Engine Row", city: "Troy", state: "NY", zip: "12180" });
  await fillAddress(page, "to", { name: "Ada Lovelace", line1: "12 Main St", city: "Albany", state: "NY", zip: "12207" });
  await page.getByLabel("Your letter").fill("Dear Ada,\n\nPaid through Stripe.\n\nCharles");
  await page.getByLabel(/^Sandbox/).uncheck();
  await expect(page.getByTestId("quote-total")).toHaveText("$0.99");
  await page.getByRole("button", { name: "Continue to payment" }).click();

  // Stripe's checkout is mounted in our page, from the order's client secret and our publishable key.
  await expect(page).toHaveURL(/\/pay\/order\/ord_[0-9a-z]{24}$/);
  const orderId = new URL(page.url()).pathname.split("/").pop()!;
  await expect(page.getByRole("heading", { level: 1, name: "Pay for your letter to Albany, NY", exact: true })).toBeVisible();
  await expect(page.getByTestId("checkout-amount")).toHaveText("$0.99");
  const stripeForm = page.getByRole("region", { name: "Card payment by Stripe" });
  await expect(stripeForm.getByRole("button", { name: "Pay" })).toBeVisible();
  expect(await stripeJsPublishableKeys(page)).toEqual([FAKE_PUBLISHABLE_KEY]);
  // Loaded and mounted by Stripe's own libraries, which introduce themselves to Stripe.js.
  await expect.poll(() => stripeJsWrappers(page)).toEqual(["stripe-js", "react-stripe-js"]);
  // Only the local rail warns that no real card is charged.
  await expect(page.getByText("no real card is charged")).toHaveCount(0);
  await checkPage(page, testInfo, "pay-order-stripe");

  // Paying in Stripe's form sends the browser back to us; Stripe's webhook confirms the payment.
  await stripeForm.getByRole("button", { name: "Pay" }).click();
  await expect(page).toHaveURL(/\/pay\/return\?session_id=cs_test_[0-9a-f]+$/);
  await expect(page.getByTestId("return-heading")).toHaveText("Payment received");
  const sessionId = new URL(page.url()).searchParams.get("session_id");
  // The fake Stripe records a delivery once it has read the service's answer.
  const deliveriesFor = async (id: string | null) =>
    ((await (await request.get(`${fakeStripeOrigin}/_test/deliveries`)).json()).deliveries as { sessionId: string }[]).filter((d) => d.sessionId === id);
  await expect.poll(() => deliveriesFor(sessionId)).toEqual([
    expect.objectContaining({ type: "checkout.session.completed", status: 200, body: expect.stringContaining('"outcome":"handled"') }),
  ]);
  await checkPage(page, testInfo, "pay-return-stripe");

  // The letter clears screening and goes to the carrier, which is when the authorized card is captured.
  await expect
    .poll(async () => (await (await request.get(`/v1/orders/${orderId}`)).json()).order?.status, { timeout: 30_000, intervals: [1_000] })
    .toMatch(/^(submitted|mailed|delivered)$/);
});

test("when Stripe.js cannot be loaded the checkout says so and what to do; a reload then shows the form", async ({ page, request }) => {
  const body = letter({ sandbox: false });
  const quote = await (await request.post("/v1/quotes", { data: body })).json();
  const created = await request.post("/v1/orders", { data: { ...body, confirmation_token: quote.confirmation_token, checkout_ui_mode: "embedded" } });
  expect(created.status(), await created.text()).toBe(201);
  const { order } = await created.json();

  await page.route(STRIPE_JS_URL, (route) => route.fulfill({ status: 503, contentType: "text/plain", body: "Service Unavailable" }));
  await page.goto(`/pay/order/${order.id}`);
  await expect(page.getByRole("heading", { level: 1, name: "Pay for your letter to Albany, NY", exact: true })).toBeVisible();
  // (Next.js keeps an empty alert of its own, the route announcer.)
  const problem = page.getByRole("alert").filter({ hasText: "Stripe" });
  await expect(problem).toHaveText(
    "The card form could not be loaded from Stripe. Check your connection (and that nothing blocks js.stripe.com), then reload this page; nothing was charged.",
  );

  // Once js.stripe.com answers again, reloading as the message says brings the form back.
  await page.unroute(STRIPE_JS_URL);
  await serveFakeStripeJs(page, fakeStripeOrigin);
  await page.reload();
  await expect(page.getByRole("region", { name: "Card payment by Stripe" }).getByRole("button", { name: "Pay" })).toBeVisible();
  await expect(problem).toHaveCount(0);
});

test("with Stripe's embedded checkout configured, the pages' policy allows Stripe's origins and still refuses framing", async ({ request }) => {
  const csp = (await request.get("/")).headers()["content-security-policy"];
  expect(csp).toContain("script-src 'self' 'unsafe-inline' https://js.stripe.com");
  expect(csp).toMatch(/frame-src [^;]*https:\/\/checkout\.stripe\.com/);
  expect(csp).toMatch(/connect-src [^;]*https:\/\/api\.stripe\.com/);
  expect(csp).toContain("frame-ancestors 'none'");
});
