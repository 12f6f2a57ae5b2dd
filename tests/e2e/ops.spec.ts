import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { checkPage } from "./support/page-checks";
import { sendSandboxLetter } from "./support/letters";

// The operator console (issue 8): an operator signs in with the link mailed to them (read from
// the development mailbox), reads a held letter and releases it, searches orders, handles
// feedback, issues and disables an API key, and reads the logs. Every page passes the page
// checks. An address outside OPS_EMAILS (playwright.config.ts: ops@example.com) gets no link.

const OPERATOR = "ops@example.com";
const HELD_TEXT = "Dear Mr. Ross,\n\nThe fence between our yards is down again after the storm. Can we split the cost of fixing it?\n\nDan";

/** A sandbox letter screening holds: "Sandbox Review" in the recipient's name is a magic input. */
async function heldSandboxLetter(request: APIRequestContext) {
  const json = await sendSandboxLetter(request, { to: { name: "Fred Ross, Sandbox Review", line1: "12 Main St", city: "Albany", state: "NY", zip: "12207" }, from: { name: "Dan Smith", line1: "1 Engine Row", city: "Troy", state: "NY", zip: "12180" }, text: HELD_TEXT });
  expect(json.order.status).toBe("held_for_review");
  return json.order.id as string;
}

/** Signs in through the sign-in form and the link in the mailbox; lands where `path` asked. */
async function signIn(page: Page, path: string, testInfo?: Parameters<typeof checkPage>[1]) {
  const before = Date.now();
  await page.goto(path);
  await expect(page).toHaveURL(/\/ops\/sign-in\?next=/);
  await expect(page.getByRole("heading", { name: "Operator sign-in" })).toBeVisible();
  if (testInfo) await checkPage(page, testInfo, "ops-sign-in");
  // Earlier tests signed this operator in too: wait for a new link (the mail goes out after the
  // answer, so it may land a moment later), then open the newest (the mailbox lists newest first).
  const signInMails = (p: Page) => p.getByRole("link", { name: /Sign in to the operator console/ }).and(p.locator(`:has-text("to ${OPERATOR}")`));
  const inbox = await page.context().newPage();
  await inbox.goto("/dev/mailbox");
  const earlier = await signInMails(inbox).count();
  await inbox.close();
  await page.getByLabel("Your e-mail address").fill("OPS@Example.com");
  await page.getByRole("button", { name: "Send me a sign-in link" }).click();
  await expect(page.getByTestId("sign-in-sent")).toContainText("Check your e-mail");
  if (testInfo) await checkPage(page, testInfo, "ops-sign-in-sent");

  await expect(async () => {
    await page.goto("/dev/mailbox");
    expect(await signInMails(page).count()).toBeGreaterThan(earlier);
  }).toPass({ timeout: 15_000, intervals: [250, 500, 1_000] });
  await signInMails(page).first().click();
  await expect(page.getByTestId("mail-subject")).toHaveText("Sign in to the operator console");
  const text = await page.getByTestId("mail-text").innerText();
  const link = text.match(/https?:\/\/\S+\/api\/auth\/callback\/email\?\S+/)?.[0];
  expect(link, text).toBeDefined();
  expect(Date.now() - before).toBeLessThan(60_000);
  await page.goto(link!);
  await expect(page).toHaveURL(new RegExp(`${path.replace(/\//g, "\\/")}$`));
  await expect(page.getByTestId("ops-operator")).toHaveText(OPERATOR);
  return link!;
}

test.describe("with JavaScript", () => {
  test("an operator signs in with the mailed link, releases a held letter, and issues an API key shown once", async ({ page, request }, testInfo) => {
    const orderId = await heldSandboxLetter(request);
    // A letter in a language the screener was never trained on is held, and says so.
    const unread = await sendSandboxLetter(request, { to: { name: "Ada Lovelace", line1: "12 Main St", city: "Albany", state: "NY", zip: "12207" }, from: { name: "Dan Smith", line1: "1 Engine Row", city: "Troy", state: "NY", zip: "12180" }, text: "Ich weiß, wo du wohnst und auf welche Schule deine Kinder gehen. Wenn du mir die dreitausend Dollar nicht bis Freitag zurückgibst, komme ich zu dir nach Hause." });
    expect(unread.order.status).toBe("held_for_review");
    const link = await signIn(page, "/ops/review", testInfo);

    // The review queue: why it was held, the letter, its proof, where it goes.
    const item = page.getByTestId("held-letter").filter({ has: page.getByRole("link", { name: orderId }) });
    await expect(item).toBeVisible();
    await expect(item.getByTestId("held-text")).toContainText("The fence between our yards is down again");
    await expect(item.getByTestId("held-why")).not.toBeEmpty();
    // What screening saw: the classifier's score and category, the intent frame.
    await expect(item.getByTestId("evidence-classifier")).toContainText(/Classifier: \d+ % likely harmful, most like /);
    await expect(item.getByTestId("evidence-frame")).toContainText("Intent frame: score");
    await expect(item.getByTestId("evidence-unread")).toHaveCount(0);
    const unreadItem = page.getByTestId("held-letter").filter({ has: page.getByRole("link", { name: unread.order.id }) });
    await expect(unreadItem.getByTestId("evidence-unread")).toContainText(/Not read: in one passage only \d+ of \d+ words/);
    // The refuse form starts from a category and the standard reason for it.
    await expect(item.getByTestId("refuse-category")).toHaveValue(/^[a-z_]+$/);
    await expect(item.getByLabel(/Reason for refusing/)).toHaveValue(/^We did not mail this letter because/);
    await expect(item.getByRole("link", { name: /Read the proof PDF/ })).toHaveAttribute("href", /^\/v1\/proofs\/pf_[0-9a-z]{24}\.pdf$/);
    await expect(item).toContainText("Albany, NY");
    const thumbnail = item.getByRole("img", { name: `Page 1 of 1 of the proof of ${orderId}, as it will print; opens the proof PDF` });
    // Below the first few letters the thumbnails load lazily: scroll to it as an operator would.
    await thumbnail.scrollIntoViewIfNeeded();
    await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 15_000 }).toBe(480);
    await checkPage(page, testInfo, "ops-review");

    await item.getByRole("button", { name: `Release ${orderId} to the printer` }).click();
    await expect(page.getByTestId("review-outcome")).toContainText(`Released ${orderId}`);
    await expect(page.getByTestId("held-letter").filter({ has: page.getByRole("link", { name: orderId }) })).toHaveCount(0);

    // The order became submitted (and the sandbox carrier then moves it on), with the operator recorded.
    await page.goto(`/ops/orders/${orderId}`);
    const timeline = page.getByTestId("order-timeline");
    await expect(timeline).toContainText("held_for_review → submitted");
    await expect(timeline).toContainText(`released by ops:${OPERATOR}`);
    await checkPage(page, testInfo, "ops-order");
    const read = await (await request.get(`/v1/orders/${orderId}`)).json();
    expect(["submitted", "mailed", "delivered"]).toContain(read.order.status);

    // The link in the e-mail worked once: it cannot sign anyone in again.
    const other = await page.context().browser()!.newContext({ javaScriptEnabled: false });
    const stranger = await other.newPage();
    await stranger.goto(link);
    await expect(stranger).toHaveURL(/\/ops\/sign-in\?error=Verification/);
    await expect(stranger.getByText(/expired or was already used/)).toBeVisible();
    await other.close();

    // The overview and order search.
    await page.goto("/ops");
    await expect(page.getByRole("heading", { name: "Overview" })).toBeVisible();
    await expect(page.getByTestId("count-held")).toHaveText(/^\d+$/);
    await checkPage(page, testInfo, "ops-overview");
    await page.goto("/ops/orders");
    await page.getByLabel(/Order id, tracking code or link/).fill(orderId);
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.getByTestId("order-results").getByRole("link", { name: orderId })).toBeVisible();
    await checkPage(page, testInfo, "ops-orders");
    await page.getByLabel(/Order id, tracking code or link/).fill("1220");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.locator("#order-search-help")).toContainText("A ZIP has 5 digits");

    // Feedback: a report arrives, the operator marks it handled.
    const message = `The proof shows 2 pages but the quote says 1 (${Date.now()})`;
    const fb = await (await request.post("/v1/feedback", { data: { kind: "wrong_response", message, route: "POST /v1/quotes", order_id: orderId } })).json();
    await page.goto("/ops/feedback");
    const report = page.getByTestId("feedback-report").filter({ hasText: message });
    await expect(report).toContainText("POST /v1/quotes");
    await checkPage(page, testInfo, "ops-feedback");
    await report.getByRole("button", { name: `Mark handled ${fb.feedback.id}` }).click();
    await expect(page.getByRole("status").filter({ hasText: `Marked ${fb.feedback.id} handled` })).toBeVisible();
    await expect(page.getByTestId("feedback-report").filter({ hasText: message })).toHaveCount(0);

    // API keys: a form with a mistake says how to fix it; a good one shows the key once.
    await page.goto("/ops/keys");
    await checkPage(page, testInfo, "ops-keys");
    const label = `Partner ${Date.now()}`;
    await page.getByLabel("Label").fill(label);
    await page.getByLabel("mail:quote").check();
    await page.getByLabel("mail:read").check();
    await page.getByRole("button", { name: "Issue key" }).click();
    const shown = page.getByTestId("new-key-value");
    await expect(shown).toHaveValue(/^ak_test_[0-9a-z]{32}$/);
    const key = await shown.inputValue();
    await expect(page.getByTestId("new-key")).toContainText("shown this once");
    await checkPage(page, testInfo, "ops-keys-issued");
    const used = await request.get(`/v1/orders/${orderId}`, { headers: { authorization: `Bearer ${key}` } });
    expect(used.status()).toBe(200);
    await page.goto("/ops/keys");
    await expect(page.getByTestId("key-row").filter({ hasText: label })).toContainText(`ak_test_…${key.slice(-4)}`);
    expect(await page.content()).not.toContain(key);
    await page.getByTestId("key-row").filter({ hasText: label }).getByRole("button", { name: /^Disable/ }).click();
    await expect(page.getByTestId("key-row").filter({ hasText: label })).toContainText("disabled");
    expect((await request.get(`/v1/orders/${orderId}`, { headers: { authorization: `Bearer ${key}` } })).status()).toBe(403);

    // The logs list what operators did.
    await page.goto("/ops/logs");
    await expect(page.getByTestId("operator-log")).toContainText(`${OPERATOR} · order.release · ${orderId}`);
    await checkPage(page, testInfo, "ops-logs");

    // Signing out ends it.
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page.getByText("You are signed out.")).toBeVisible();
    await page.goto("/ops/review");
    await expect(page).toHaveURL(/\/ops\/sign-in\?next=%2Fops%2Freview/);
  });

  test("an operator refuses a held letter with a reason, and issues a key without reloading the page", async ({ page, request }) => {
    // An address the server cannot use is sent back with how to fix it (the browser's own check
    // would stop it first; the server says the same when that check is bypassed).
    await page.goto("/ops/sign-in");
    await page.locator("form").evaluate((f: HTMLFormElement) => (f.noValidate = true));
    await page.getByLabel("Your e-mail address").fill("ops-at-example");
    await page.getByRole("button", { name: "Send me a sign-in link" }).click();
    await expect(page.locator("#ops-email-error")).toHaveText(/Enter your whole e-mail address, like alice@example.com/);
    await expect(page.locator("#ops-email-error")).toHaveAttribute("role", "alert");
    await expect(page.getByLabel("Your e-mail address")).toHaveAttribute("aria-invalid", "true");

    const orderId = await heldSandboxLetter(request);
    await signIn(page, "/ops/review");
    const item = page.getByTestId("held-letter").filter({ has: page.getByRole("link", { name: orderId }) });
    await item.getByLabel(/What kind of letter/).selectOption("threat");
    await item.getByLabel(/Reason for refusing/).fill("It reads as a threat to the recipient.");
    await item.getByRole("button", { name: `Refuse ${orderId}` }).click();
    await expect(page.getByTestId("review-outcome")).toContainText(`Refused ${orderId}`);
    const read = await (await request.get(`/v1/orders/${orderId}`)).json();
    expect(read.order).toMatchObject({ status: "refused", refusal_reason: "It reads as a threat to the recipient." });
    // The sender's confirmation page says it was refused, why, and that nothing was charged.
    const sender = await page.context().browser()!.newPage({ baseURL: test.info().project.use.baseURL });
    await sender.goto(`/sent/${orderId}`);
    await expect(sender.getByRole("heading", { level: 1, name: "This letter was refused" })).toBeVisible();
    await expect(sender.getByText(/Screening refused it: It reads as a threat to the recipient\. Nothing was charged\./)).toBeVisible();
    await sender.close();

    await page.goto("/ops/keys");
    await page.getByLabel("Label").fill("");
    await page.getByRole("button", { name: "Issue key" }).click();
    // The browser asks for the label first (required); the server would say the same.
    await expect(page.getByTestId("new-key")).toHaveCount(0);
    const label = `Live partner ${Date.now()}`;
    await page.getByLabel("Label").fill(label);
    await page.getByRole("radio", { name: /live \(ak_live_/ }).check();
    await page.getByRole("button", { name: "Issue key" }).click();
    await expect(page.getByTestId("new-key-value")).toHaveValue(/^ak_live_[0-9a-z]{32}$/);
    await expect(page.getByTestId("key-row").filter({ hasText: label })).toContainText("scopes: all");
  });
});

test.describe("without JavaScript", () => {
  // Every console form is a plain form: the same work gets done with scripts off. (The page
  // checks need scripts, so they run in the tests above.)
  test.use({ javaScriptEnabled: false });

  test("an operator signs in, releases a held letter and issues a key shown once, all with plain forms", async ({ page, request }) => {
    const orderId = await heldSandboxLetter(request);
    await signIn(page, "/ops/review");
    const item = page.getByTestId("held-letter").filter({ has: page.getByRole("link", { name: orderId }) });
    await item.getByRole("button", { name: `Release ${orderId} to the printer` }).click();
    await expect(page.getByTestId("review-outcome")).toContainText(`Released ${orderId}`);
    const read = await (await request.get(`/v1/orders/${orderId}`)).json();
    expect(["submitted", "mailed", "delivered"]).toContain(read.order.status);

    await page.goto("/ops/keys");
    const label = `No-script partner ${Date.now()}`;
    await page.getByLabel("Label").fill(label);
    await page.getByLabel("feedback:write").check();
    await page.getByRole("button", { name: "Issue key" }).click();
    const key = await page.getByTestId("new-key-value").inputValue();
    expect(key).toMatch(/^ak_test_[0-9a-z]{32}$/);
    await page.goto("/ops/keys");
    await expect(page.getByTestId("key-row").filter({ hasText: label })).toContainText("scopes: feedback:write");
    expect(await page.content()).not.toContain(key);
    await page.getByTestId("key-row").filter({ hasText: label }).getByRole("button", { name: /^Disable/ }).click();
    await expect(page.getByTestId("key-row").filter({ hasText: label })).toContainText("disabled");

    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page.getByText("You are signed out.")).toBeVisible();
  });

  test("an address that is not an operator's gets the same answer, no e-mail, and no way in", async ({ page }) => {
    const intruder = `intruder.${Date.now()}@example.com`;
    await page.goto("/ops/keys");
    await expect(page).toHaveURL(/\/ops\/sign-in\?next=%2Fops%2Fkeys/);
    await page.getByLabel("Your e-mail address").fill(intruder);
    await page.getByRole("button", { name: "Send me a sign-in link" }).click();
    await expect(page.getByTestId("sign-in-sent")).toContainText("Check your e-mail");
    // An operator's link goes out just after the same answer: give a mail the time it would take
    // to land before saying none came.
    await page.waitForTimeout(1_500);
    await page.goto("/dev/mailbox");
    await expect(page.getByRole("heading", { name: "Development mailbox" })).toBeVisible();
    await expect(page.getByText(`to ${intruder}`)).toHaveCount(0);
    for (const path of ["/ops", "/ops/review", "/ops/orders", "/ops/feedback", "/ops/logs"]) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/ops\/sign-in/);
    }
  });
});
