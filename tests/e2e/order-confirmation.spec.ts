import { expect, test } from "@playwright/test";
import { checkPage } from "./support/page-checks";
import { sendSandboxLetter } from "./support/letters";

// The confirmation page (/sent/{id}) keeps itself up to date while the letter travels, and
// stops reading the order once nothing more can happen to it.

test("the confirmation page follows a sandbox letter to delivered, then stops reading it", async ({ page, request }, testInfo) => {
  const sent = await sendSandboxLetter(request);
  const orderPath = `/v1/orders/${sent.order.id}`;
  const reads: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "GET" && new URL(r.url()).pathname === orderPath) reads.push(new Date().toISOString());
  });

  await page.goto(`/sent/${sent.order.id}`);
  // The sandbox carrier moves it on a step a second; the page shows each status without a reload.
  await expect(page.getByTestId("order-status")).toHaveText("delivered", { timeout: 40_000 });
  await expect(page.getByRole("heading", { level: 1, name: "Your sandbox letter was delivered" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: sent.order.id })).toContainText("(delivered)");
  // The receipt writes the verified (USPS capitals) city as people do.
  await expect(page.getByText("Ada Lovelace, Albany, NY 12207", { exact: true })).toBeVisible();
  await expect(page.getByTestId("receipt-total")).toHaveText("$0.99");
  expect(reads.length).toBeGreaterThan(1);

  // Delivered is the end: more than two polling intervals later, not one more read.
  const readsWhenDelivered = reads.length;
  await page.waitForTimeout(7_000);
  expect(reads.length, "reads of a delivered order").toBe(readsWhenDelivered);
  await checkPage(page, testInfo, "sent-delivered");
});

test("a sandbox letter has no page to pay it", async ({ page, request }) => {
  const sent = await sendSandboxLetter(request);
  await page.goto(`/pay/order/${sent.order.id}`);
  await expect(page.getByRole("heading", { level: 1, name: "We cannot find that page" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Send a letter" })).toHaveAttribute("href", "/");
});
