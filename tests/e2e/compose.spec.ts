import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { checkPage } from "./support/page-checks";

// The compose page (/) and what follows it: paying with a credit code, a PDF upload, canceling
// from the confirmation page, the draft kept across a reload, and the class suggestion. The
// sandbox letter to delivered is in sandbox-letter.spec.ts, the card rail in local-payment-rail.spec.ts.

async function fillAddress(page: Page, prefix: string, a: Record<string, string>) {
  for (const [field, value] of Object.entries(a)) await page.locator(`#${prefix}-${field}`).fill(value);
}

const FROM = { name: "Grace Hopper", line1: "5 Harbor Rd", city: "Arlington", state: "VA", zip: "22201" };
const TO = { name: "Ada Lovelace", line1: "12 Main St", city: "Albany", state: "NY", zip: "12207" };

/** A credit code bought with a starter pack ($10) on the local checkout page. */
async function buyCreditCode(page: Page, request: APIRequestContext): Promise<string> {
  const started = await (await request.post("/v1/credits/checkout", { data: { pack: "starter" } })).json();
  await page.goto(new URL(started.payment_url).pathname);
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry (MM/YY)").fill("12/39");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: /^Pay \$/ }).click();
  await expect(page.getByTestId("return-heading")).toHaveText("Your credit code");
  return (await page.getByTestId("credit-code").textContent())!.trim();
}

test("a live letter paid with a credit code, with the balance shown before paying", async ({ page, request }, testInfo) => {
  const code = await buyCreditCode(page, request);

  await page.goto("/");
  // The city suggests its state and ZIP (GET /v1/address/autocomplete); the arrow keys pick one.
  await page.locator("#from-name").fill(FROM.name);
  await page.locator("#from-line1").fill(FROM.line1);
  await page.locator("#from-city").fill("Arlington, VA");
  const options = page.getByRole("listbox", { name: "Suggestions for From (return address) city" }).getByRole("option");
  await expect(options.first()).toContainText("ARLINGTON, VA");
  await page.locator("#from-city").press("ArrowDown");
  await expect(page.locator("#from-city")).toHaveAttribute("aria-activedescendant", "from-city-options-0");
  await page.locator("#from-city").press("Enter");
  await expect(page.locator("#from-city")).toHaveValue("ARLINGTON");
  await expect(page.locator("#from-state")).toHaveValue("VA");
  await page.locator("#from-zip").fill(FROM.zip);

  await fillAddress(page, "to", TO);
  await page.getByLabel("Your letter").fill("Dear Ada,\n\nPaid with a credit code.\n\nGrace");
  await page.getByLabel(/^Sandbox/).uncheck();
  await page.getByLabel("Pay with a credit code").check();
  await page.getByLabel("Credit code", { exact: true }).fill(code);
  await expect(page.getByTestId("quote-total")).toHaveText("$0.99");
  await expect(page.getByTestId("credit-balance")).toHaveText("Balance $10.00. After this letter: $9.01.");

  // The verifier's correction is offered; accepting it fills the form and the letter is priced again.
  await expect(page.getByTestId("address-correction-to")).toContainText("12 MAIN ST, ALBANY NY 12207");
  await page.getByTestId("address-correction-to").getByRole("button", { name: "Use this address" }).click();
  await expect(page.locator("#to-line1")).toHaveValue("12 MAIN ST");
  await expect(page.getByTestId("address-correction-to")).toHaveCount(0);
  await expect(page.getByTestId("quote-status")).toHaveText("Price $0.99 for 1 page.");
  await checkPage(page, testInfo, "compose-credit");

  await page.getByRole("button", { name: "Pay $0.99 and send" }).click();
  await expect(page).toHaveURL(/\/sent\/ord_[0-9a-z]{24}$/);
  await expect(page.getByRole("heading", { name: /^Your letter is (paid and being screened|on its way)$/ })).toBeVisible();
  await expect(page.getByTestId("paid-with")).toContainText(`Credit code cc-••••-••••-${code.slice(-4)}: $0.99 spent, $9.01 left on the code.`);
  await expect(page.getByTestId("receipt-total")).toHaveText("$0.99");
  await expect(page.getByRole("link", { name: "Track this letter" })).toHaveAttribute("href", /^\/t\/[0-9a-z]{16}$/);
  await checkPage(page, testInfo, "sent-credit");
  expect((await (await request.get(`/v1/credits/${code}`)).json()).balance_cents).toBe(901);
});

test("a credit code that is unknown is refused next to its field, before anything is charged", async ({ page }) => {
  await page.goto("/");
  await fillAddress(page, "from", FROM);
  await fillAddress(page, "to", TO);
  await page.getByLabel("Your letter").fill("Hello");
  await page.getByLabel(/^Sandbox/).uncheck();
  await page.getByLabel("Pay with a credit code").check();
  await page.getByLabel("Credit code", { exact: true }).fill("cc-zzzz-zzzz-zzzz");
  await expect(page.locator("#credit-code-error")).toContainText("No credit account has the code cc-zzzz-zzzz-zzzz");
  await expect(page.locator("#credit-code")).toHaveAttribute("aria-invalid", "true");
});

async function letterPdf(pages: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < pages; i++) {
    const page = doc.addPage([612, 792]);
    for (let line = 0; line < 30; line++) page.drawText(`Page ${i + 1}, line ${line + 1}: the quick brown fox jumps over the lazy dog.`, { x: 72, y: 500 - line * 14, size: 10, font });
  }
  return Buffer.from(await doc.save());
}

test("a PDF letter: uploaded with a progress bar, priced by its pages, sent in sandbox", async ({ page }, testInfo) => {
  await page.goto("/");
  await fillAddress(page, "from", FROM);
  await fillAddress(page, "to", TO);
  await page.getByLabel("Upload a PDF").check();
  await page.getByLabel(/^Your letter as a PDF/).setInputFiles({ name: "three-pages.pdf", mimeType: "application/pdf", buffer: await letterPdf(3) });
  await expect(page.getByTestId("upload-state")).toHaveText(/^Uploaded three-pages\.pdf \(\d+ KB\)$/);
  await expect(page.getByRole("progressbar", { name: "Upload progress" })).toHaveAttribute("value", "100");
  await expect(page.getByText("Total (3 pages)")).toBeVisible();
  await expect(page.getByTestId("quote-total")).toHaveText("$1.29");
  await checkPage(page, testInfo, "compose-pdf");

  await page.getByRole("button", { name: "Send letter" }).click();
  await expect(page).toHaveURL(/\/sent\/ord_test_[0-9a-z]{24}$/);
  await expect(page.getByTestId("receipt-total")).toHaveText("$1.29");
  await expect(page.getByText("Letter, First-Class, 3 pages")).toBeVisible();
});

test("a letter canceled from its confirmation page with the cancel token this browser kept", async ({ page }, testInfo) => {
  await page.goto("/");
  await fillAddress(page, "from", FROM);
  // The sandbox holds this one before hand-off until it is canceled.
  await fillAddress(page, "to", { ...TO, name: "Sandbox Hold" });
  await page.getByLabel("Your letter").fill("Hold this one, please.");
  await expect(page.getByTestId("quote-total")).toHaveText("$0.99");
  await page.getByRole("button", { name: "Send letter" }).click();

  await expect(page).toHaveURL(/\/sent\/ord_test_[0-9a-z]{24}$/);
  await expect(page.getByTestId("order-status")).toHaveText("screening");
  await checkPage(page, testInfo, "sent-cancelable");
  await page.getByRole("button", { name: "Cancel this letter" }).click();
  await expect(page.getByRole("button", { name: "Keep it" })).toBeFocused();
  await page.getByRole("button", { name: "Yes, cancel it" }).click();
  await expect(page.getByRole("heading", { name: "Letter canceled" })).toBeVisible();
  await expect(page.getByTestId("order-status")).toHaveText("canceled");
  await expect(page.getByRole("button", { name: "Cancel this letter" })).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId("order-status")).toHaveText("canceled");
  await checkPage(page, testInfo, "sent-canceled");
});

test("the draft survives a reload, but the credit code is never stored", async ({ page }) => {
  await page.goto("/");
  await page.getByText("Postcard 6×9", { exact: true }).click();
  await fillAddress(page, "from", FROM);
  await fillAddress(page, "to", TO);
  await page.getByLabel("Your message").fill("Greetings from the harbor.");
  await page.getByLabel("E-mail for the receipt (optional)").fill("grace@example.com");
  await page.getByLabel(/^Sandbox/).uncheck();
  await page.getByLabel("Pay with a credit code").check();
  await page.getByLabel("Credit code", { exact: true }).fill("cc-abcd-efgh-ijkl");
  await expect(page.getByTestId("quote-total")).toHaveText("$2.99");

  await page.reload();
  await expect(page.getByRole("radio", { name: "Postcard 6×9" })).toBeChecked();
  await expect(page.getByLabel("Your message")).toHaveValue("Greetings from the harbor.");
  await expect(page.locator("#to-line1")).toHaveValue("12 Main St");
  await expect(page.locator("#from-zip")).toHaveValue("22201");
  await expect(page.getByLabel("E-mail for the receipt (optional)")).toHaveValue("grace@example.com");
  await expect(page.getByLabel(/^Sandbox/)).not.toBeChecked();
  await expect(page.getByLabel("Pay with a credit code")).toBeChecked();
  await expect(page.getByLabel("Credit code", { exact: true })).toHaveValue("");
  await expect(page.getByTestId("quote-total")).toHaveText("$2.99");
  const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }));
  expect(stored).toContain("Greetings from the harbor.");
  expect(stored).not.toContain("cc-abcd");
});

test("an eviction notice gets the advisory suggestion of certified mail with a return receipt", async ({ page }, testInfo) => {
  await page.goto("/");
  await page
    .getByLabel("Your letter")
    .fill(
      "NOTICE TO VACATE\n\nDear Mr. Webb,\n\nThis is your 30-day notice to vacate the premises at 418 Alder Street, Apt 3. " +
        "Your month-to-month tenancy ends on June 30. You must vacate the premises and return all keys by that date, " +
        "or legal proceedings will be instituted to recover possession.\n\nHelen Ortiz, Owner",
    );
  const hint = page.getByTestId("class-suggestion");
  await expect(hint).toContainText("Suggested: Certified with electronic return receipt.");
  await expect(hint).toContainText("you choose the class");
  await checkPage(page, testInfo, "compose-suggestion");
  await hint.getByRole("button", { name: "Use Certified with electronic return receipt" }).click();
  await expect(page.getByRole("radio", { name: "Certified with electronic return receipt" })).toBeChecked();
  await expect(hint.getByRole("button")).toHaveCount(0);
});
