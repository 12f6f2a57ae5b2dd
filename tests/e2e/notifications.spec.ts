import { expect, test } from "@playwright/test";
import { sendSandboxLetter } from "./support/letters";

// What a sender receives, read the way a person reads it: the e-mails in the development
// mailbox (no SMTP configured here), the links in them, and the pages those links open. All of
// it with JavaScript off: these pages only show data and post plain forms.
test.use({ javaScriptEnabled: false });

const uniqueEmail = (who: string) => `${who}.${Date.now()}.${Math.random().toString(36).slice(2, 6)}@example.com`;

test("the e-mails of a delivered letter are in the mailbox, and the delivered one leads to the review form", async ({ page, request }) => {
  const email = uniqueEmail("ada");
  const order = await sendSandboxLetter(request, { email });
  const trackingPath = new URL(order.tracking_url).pathname;

  // The tracking page works without JavaScript: while the letter travels it offers a link to look again.
  await page.goto(trackingPath);
  await expect(page.getByRole("heading", { name: "To Albany, NY", exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Check for updates" })).toHaveAttribute("href", trackingPath);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", /Albany, NY/);

  // The worker beside the server sends the e-mails as the sandbox carrier scans the letter.
  // E-mails are sent independently of each other: reload until all four are in.
  const mine = (subject: string) => page.getByRole("link", { name: new RegExp(subject) }).and(page.locator(`:has-text("${email}")`));
  await expect(async () => {
    await page.goto("/dev/mailbox");
    for (const subject of ["We have your letter to Albany, NY", "has gone to the printer", "is in the mail", "was delivered"]) {
      await expect(mine(subject)).toBeVisible({ timeout: 500 });
    }
  }).toPass({ timeout: 40_000, intervals: [1_000] });

  await mine("was delivered").click();
  await expect(page.getByTestId("mail-subject")).toHaveText("[Sandbox] Your letter to Albany, NY was delivered");
  const text = await page.getByTestId("mail-text").innerText();
  const reviewLink = text.match(/https?:\/\/\S+\/review\?token=\S+/)?.[0];
  expect(reviewLink, text).toBeDefined();

  // The review form, posted without JavaScript.
  await page.goto(new URL(reviewLink!).pathname + new URL(reviewLink!).search);
  await expect(page.getByRole("heading", { name: /Albany, NY/ })).toBeVisible();
  await expect(page.getByLabel("City")).toHaveValue("Troy");
  await page.getByRole("radio", { name: "5 stars" }).check();
  await page.getByRole("textbox", { name: "Your review", exact: true }).fill("Arrived in two days, looked great.");
  await page.getByRole("textbox", { name: /^Name to show/ }).fill("Charles B.");
  await page.getByLabel("What did you send?").selectOption("personal_letter");
  await page.getByRole("button", { name: "Send review" }).click();
  await expect(page.getByText("Thank you: your review is saved.")).toBeVisible();

  // Sandbox reviews are kept but never published: the wall does not show it.
  await page.goto("/reviews");
  await expect(page.locator("body")).not.toContainText("Arrived in two days, looked great.");
});

test("the receipt of a letter held for review links to a cancel page whose button cancels it", async ({ page, request }) => {
  const email = uniqueEmail("grace");
  // "Sandbox Review" in the recipient's name (a magic input) makes screening hold the letter.
  const order = await sendSandboxLetter(request, { email, to: { name: "Fred Ross, Sandbox Review", line1: "12 Main St", city: "Albany", state: "NY", zip: "12207" }, text: "Dear Mr. Ross,\n\nThe fence is down again.\n\nDan" });
  expect(order.order.status).toBe("held_for_review");

  const receipt = page.getByRole("link", { name: /We have your letter/ }).and(page.locator(`:has-text("${email}")`));
  await expect(async () => {
    await page.goto("/dev/mailbox");
    await expect(receipt).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000, intervals: [1_000] });
  await receipt.click();
  const text = await page.getByTestId("mail-text").innerText();
  const cancelLink = text.match(/https?:\/\/\S+\/cancel\?token=\S+/)?.[0];
  expect(cancelLink, text).toBeDefined();

  // Opening the link cancels nothing: it asks.
  await page.goto(new URL(cancelLink!).pathname + new URL(cancelLink!).search);
  await expect(page.getByRole("heading", { name: "Cancel your letter to Albany, NY" })).toBeVisible();
  expect((await (await request.get(`/v1/orders/${order.order.id}`)).json()).order.status).toBe("held_for_review");
  await page.getByRole("button", { name: "Cancel this letter" }).click();
  await expect(page.getByTestId("cancel-outcome")).toContainText("Canceled.");
  expect((await (await request.get(`/v1/orders/${order.order.id}`)).json()).order.status).toBe("canceled");

  await expect(async () => {
    await page.goto("/dev/mailbox");
    await expect(page.getByRole("link", { name: /Your letter to Albany, NY is canceled/ }).and(page.locator(`:has-text("${email}")`))).toBeVisible();
  }).toPass({ timeout: 20_000, intervals: [1_000] });
});
