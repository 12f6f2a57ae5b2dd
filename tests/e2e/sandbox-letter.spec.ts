import { expect, test } from "@playwright/test";
import { checkPage } from "./support/page-checks";

async function fillAddress(page: import("@playwright/test").Page, prefix: string, a: Record<string, string>) {
  for (const [field, value] of Object.entries(a)) await page.locator(`#${prefix}-${field}`).fill(value);
}

test("compose, quote and send a sandbox letter, then follow it to delivered on its tracking page", async ({ page }, testInfo) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Send a letter" })).toBeVisible();
  await checkPage(page, testInfo, "compose-empty");

  await fillAddress(page, "from", { name: "Charles Babbage", line1: "1 Engine Row", city: "Troy", state: "NY", zip: "12180" });
  await fillAddress(page, "to", { name: "Ada Lovelace", line1: "12 Main St", city: "Albany", state: "NY", zip: "12207" });
  // Sending is impossible before a quote.
  await expect(page.getByRole("button", { name: "Send letter" })).toBeDisabled();
  await expect(page.getByTestId("quote-status")).toContainText("fill in the text");

  // With both addresses there, the letter is priced as it is written: no button needed.
  await page.getByLabel("Your letter").fill("Dear Ada,\n\nThe engine is ready for your programme.\n\nCharles");
  await expect(page.getByTestId("quote-total")).toHaveText("$0.99");
  await expect(page.getByText("Total (1 page)")).toBeVisible();
  await expect(page.getByTestId("page-count")).toHaveText("1 page as it will print");
  // The proof, beside the form: page 1 as it will print, drawn by the service, and the addresses as they will print.
  const proof = page.getByRole("complementary", { name: "Preview" }).getByRole("img", { name: "Page 1 of 1 of your letter, as it will print; opens the proof PDF" });
  await expect(proof).toBeVisible();
  await expect.poll(() => proof.evaluate((img: HTMLImageElement) => img.naturalWidth), { timeout: 15_000 }).toBe(480);
  await expect(page.getByRole("link", { name: "Open the proof (PDF)" })).toHaveAttribute("href", /^\/v1\/proofs\/pf_[0-9a-z]{24}\.pdf$/);
  await expect(page.getByTestId("address-correction-to")).toContainText("12 MAIN ST, ALBANY NY 12207");
  await checkPage(page, testInfo, "compose-quoted");

  // Changing the letter re-prices it (certified mail, then color print) and nothing on the page
  // jumps while the new quote comes in. Every layout shift from here on is recorded (including
  // those Chrome excuses as following a click): only lines inside the price table may move (a
  // new line pushes the total down), and the price box keeps its size.
  const panel = page.getByRole("region", { name: "Price", exact: true });
  const panelHeight = async () => (await panel.boundingBox())!.height;
  const heightBefore = await panelHeight();
  await page.evaluate(() => {
    const moved: string[] = [];
    (window as unknown as { movedOutsideQuote: string[] }).movedOutsideQuote = moved;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { sources?: { node?: Node | null }[] }[]) {
        for (const { node } of entry.sources ?? []) {
          const element = node instanceof Element ? node : node?.parentElement;
          if (!element?.closest("table")) moved.push(element ? `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""} "${(element.textContent ?? "").trim().slice(0, 40)}"` : "(text)");
        }
      }
    }).observe({ type: "layout-shift" });
  });
  await page.getByRole("radio", { name: "Certified", exact: true }).check();
  await expect(page.getByTestId("quote-total")).toHaveText("$6.48");
  await page.getByLabel(/^Print in color/).check();
  await expect(page.getByTestId("quote-total")).not.toHaveText("$6.48");
  expect(await panelHeight(), "the price box's height with one more line").toBe(heightBefore);
  await page.getByLabel(/^Print in color/).uncheck();
  await expect(page.getByTestId("quote-total")).toHaveText("$6.48");
  const moved = await page.evaluate(() => (window as unknown as { movedOutsideQuote: string[] }).movedOutsideQuote);
  expect(moved, "what moved outside the price table while the quote updated").toEqual([]);

  await page.getByRole("button", { name: "Send letter" }).click();
  await expect(page).toHaveURL(/\/sent\/ord_test_[0-9a-z]{24}$/);
  await expect(page.getByRole("heading", { name: "Your sandbox letter is on its way" })).toBeVisible();
  await expect(page.getByText(/Order ord_test_[0-9a-z]{24} is submitted/)).toBeVisible();
  await expect(page.getByTestId("receipt-total")).toHaveText("$6.48");
  await expect(page.getByTestId("paid-with")).toContainText("Sandbox: free");
  await expect(page.getByText("It can no longer be canceled")).toBeVisible();
  // What will print: the quote's proof, every page.
  const printed = page.getByRole("region", { name: "What will print" }).getByRole("img", { name: "Page 1 of 1 of your letter, as it will print; opens the proof PDF" });
  await expect.poll(() => printed.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 15_000 }).toBe(480);
  await checkPage(page, testInfo, "sent-sandbox");

  await page.getByRole("link", { name: "Track this letter" }).click();
  await expect(page).toHaveURL(/\/t\/[0-9a-z]{16}$/);
  await expect(page.getByRole("heading", { name: "To Albany, NY", exact: true })).toBeVisible();
  await expect(page.getByText("Handed to the print and mail partner")).toBeVisible();
  // The public page never shows street lines or the sender.
  await expect(page.locator("body")).not.toContainText("12 Main St");
  await expect(page.locator("body")).not.toContainText("Babbage");

  // The sandbox carrier moves it on (one scan a second here); the page shows each scan.
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId("tracking-status")).toHaveText("delivered");
  }).toPass({ timeout: 30_000, intervals: [1_000] });
  await expect(page.getByText("In Local Area")).toBeVisible();
  await expect(page.getByText("Mailed", { exact: true })).toBeVisible();
  await expect(page.getByText("Delivered", { exact: true })).toBeVisible(); // once: the scan, not also the status
  // The first scan is where the piece entered the mail, the print facility; the sender's town never shows.
  await expect(page.getByText(/Columbus OH 43217/)).toBeVisible();
  await expect(page.getByText(/Troy|12180/)).toHaveCount(0);
  await checkPage(page, testInfo, "tracking-delivered");
});

test("shows the service's reason next to the field when the letter cannot be quoted", async ({ page }, testInfo) => {
  await page.goto("/");
  await fillAddress(page, "from", { name: "Charles Babbage", line1: "1 Engine Row", city: "Troy", state: "NY", zip: "12180" });
  await fillAddress(page, "to", { name: "Ada Lovelace", line1: "12 Main St", city: "Albany", state: "ZZ", zip: "12207" });
  await page.getByLabel("Your letter").fill("Hello");
  // Next.js has its own (empty) role="alert" route announcer, so pick ours by its text.
  await expect(page.getByRole("alert").filter({ hasText: "to.state" })).toContainText("state must be a USPS state");
  await expect(page.locator("#to-state")).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator("#to-state-error")).toContainText("state must be a USPS state");
  await expect(page.getByRole("button", { name: "Send letter" })).toBeDisabled();
  await checkPage(page, testInfo, "compose-error");

  // Fixing the field prices the letter, and the error goes.
  await page.locator("#to-state").fill("NY");
  await expect(page.getByTestId("quote-total")).toHaveText("$0.99");
  await expect(page.locator("#to-state-error")).toHaveCount(0);
});
