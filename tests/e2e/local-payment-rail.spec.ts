import { expect, test } from "@playwright/test";
import { checkPage } from "./support/page-checks";

// The local payment rail in a real browser: with no Stripe keys a person pays a live letter
// (and a credit pack) on the service's own checkout page with a test card.

async function fillAddress(page: import("@playwright/test").Page, prefix: string, a: Record<string, string>) {
  for (const [field, value] of Object.entries(a)) await page.locator(`#${prefix}-${field}`).fill(value);
}

async function payWithCard(page: import("@playwright/test").Page, number: string) {
  await page.getByLabel("Card number").fill(number);
  await page.getByLabel("Expiry (MM/YY)").fill("12/39");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: /^Pay \$/ }).click();
}

test("a live letter paid by card in the page's embedded checkout, then followed on its tracking page", async ({ page }, testInfo) => {
  await page.goto("/");
  await fillAddress(page, "from", { name: "Charles Babbage", line1: "1 Engine Row", city: "Troy", state: "NY", zip: "12180" });
  await fillAddress(page, "to", { name: "Ada Lovelace", line1: "12 Main St", city: "Albany", state: "NY", zip: "12207" });
  await page.getByLabel("Your letter").fill("Dear Ada,\n\nThis one is paid for.\n\nCharles");
  await page.getByLabel(/^Sandbox/).uncheck();
  await expect(page.getByTestId("quote-total")).toHaveText("$0.99");
  await page.getByRole("button", { name: "Continue to payment" }).click();

  // The order waits for its payment; the card form is mounted from its client secret.
  await expect(page).toHaveURL(/\/pay\/order\/ord_[0-9a-z]{24}$/);
  await expect(page.getByRole("note")).toContainText("no real card is charged");
  await expect(page.getByRole("note")).toContainText("goes to the sandbox carrier");
  await expect(page.getByTestId("checkout-amount")).toHaveText("$0.99");
  // The checkout's code carries Stripe's loader, which adds Stripe.js to the page only when
  // Stripe's form is shown: the local rail's page asks nothing of js.stripe.com.
  await expect(page.locator('script[src^="https://js.stripe.com"]')).toHaveCount(0);
  // The verified address comes back in USPS capitals; the page writes the city as people do.
  await expect(page.getByRole("heading", { level: 1, name: "Pay for your letter to Albany, NY", exact: true })).toBeVisible();
  await checkPage(page, testInfo, "pay-order");

  await payWithCard(page, "4000 0000 0000 0002");
  const declined = page.getByRole("alert").filter({ hasText: "declined" });
  await expect(declined).toContainText("Your card was declined. Nothing was charged.");
  // And what to do about it.
  await expect(declined.getByRole("listitem")).toHaveText(["Try another card (on the local test rail: 4242 4242 4242 4242)."]);

  await payWithCard(page, "4242 4242 4242 4242");
  await expect(page).toHaveURL(/\/pay\/return\?session_id=cs_local_/);
  await expect(page.getByTestId("return-heading")).toHaveText("Payment received");
  await expect(page.getByText("No live carrier is configured on this deployment")).toBeVisible();
  await checkPage(page, testInfo, "pay-return");

  // The receipt says how it was paid, and the cancel button is there until it goes to the printer.
  await page.getByRole("link", { name: "Receipt and cancel option" }).click();
  await expect(page).toHaveURL(/\/sent\/ord_[0-9a-z]{24}$/);
  await expect(page.getByTestId("paid-with")).toContainText("Card");
  await expect(page.getByTestId("receipt-total")).toHaveText("$0.99");

  await page.getByRole("link", { name: "Track this letter" }).click();
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId("tracking-status")).toHaveText("delivered");
  }).toPass({ timeout: 40_000, intervals: [1_000] });
});

test("a credit pack bought on the local checkout page shows its code, which then pays a letter", async ({ page, request }) => {
  const started = await (await request.post("/v1/credits/checkout", { data: { pack: "starter" } })).json();
  expect(started.status).toBe("action_required");
  await page.goto(new URL(started.payment_url).pathname);
  await expect(page.getByRole("heading", { name: /Starter/ })).toBeVisible();
  await payWithCard(page, "4242424242424242");
  await expect(page.getByTestId("return-heading")).toHaveText("Your credit code");
  const code = (await page.getByTestId("credit-code").textContent())!.trim();
  expect(code).toMatch(/^cc-[a-z0-9]{4}-[a-z0-9]{4}-[a-z0-9]{4}$/);
  await expect(page.getByText("Balance $10.00")).toBeVisible();

  await page.goto("/");
  await fillAddress(page, "from", { name: "Charles Babbage", line1: "1 Engine Row", city: "Troy", state: "NY", zip: "12180" });
  await fillAddress(page, "to", { name: "Ada Lovelace", line1: "12 Main St", city: "Albany", state: "NY", zip: "12207" });
  await page.getByLabel("Your letter").fill("Paid with credit.");
  await page.getByLabel(/^Sandbox/).uncheck();
  await page.getByLabel("Pay with a credit code").check();
  await page.getByLabel("Credit code", { exact: true }).fill(code.toUpperCase());
  await expect(page.getByTestId("quote-total")).toHaveText("$0.99");
  await expect(page.getByTestId("credit-balance")).toHaveText("Balance $10.00. After this letter: $9.01.");
  await page.getByRole("button", { name: "Pay $0.99 and send" }).click();
  await expect(page.getByRole("heading", { name: /^Your letter is (paid and being screened|on its way)$/ })).toBeVisible();
  const balance = await (await request.get(`/v1/credits/${code}`)).json();
  expect(balance.balance_cents).toBe(901);
});
