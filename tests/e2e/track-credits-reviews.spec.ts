import { expect, test, type Browser, type Page, type TestInfo } from "@playwright/test";
import { checkPage } from "./support/page-checks";
import { letter, sendSandboxLetter as sendLetter } from "./support/letters";

// The public pages of issue 8 (items 4 to 6): tracking, credits and the reviews wall. Each of
// them works without JavaScript; only the local rail's card form (another page) needs it.

/**
 * The page checks on a page read without JavaScript: axe needs script to run, so the same
 * address is opened again in a context that has it (these pages render the same either way).
 */
async function checkServedPage(browser: Browser, testInfo: TestInfo, path: string, name: string) {
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL, javaScriptEnabled: true });
  const page = await context.newPage();
  await page.goto(path);
  await checkPage(page, testInfo, name);
  await context.close();
}

async function payWithCard(page: Page, number: string) {
  await page.getByLabel("Card number").fill(number);
  await page.getByLabel("Expiry (MM/YY)").fill("12/39");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: /^Pay \$/ }).click();
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a sandbox letter followed on its tracking page to delivered: stepper, route and timeline", async ({ page, request, browser }, testInfo) => {
    const email = `ada.${Date.now()}@example.com`;
    const order = await sendLetter(request, { email });
    const trackingPath = new URL(order.tracking_url).pathname;

    await page.goto(trackingPath);
    await expect(page.getByRole("heading", { level: 1, name: "To Albany, NY" })).toBeVisible();
    await expect(page.getByTestId("sandbox-note")).toContainText("simulated");
    // Without JavaScript nothing claims the page updates itself: a link looks again.
    // (Playwright's text matching skips <noscript>, so the link is found by its role.)
    await expect(page.getByTestId("refresh-note").getByRole("link", { name: "Check for updates" })).toHaveAttribute("href", trackingPath);
    await expect(page.getByTestId("refresh-note")).not.toContainText("updates itself");
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", /Albany, NY/);
    // The same page with JavaScript, left open and never reloaded: it must re-read itself. (Checked
    // before the slow page checks below: the sandbox letter is delivered within seconds.)
    const withScript = await browser.newContext({ baseURL: testInfo.project.use.baseURL, javaScriptEnabled: true });
    const watching = await withScript.newPage();
    await watching.goto(trackingPath);
    await expect(watching.getByTestId("refresh-note")).toContainText("This page updates itself every 30 seconds.");
    await checkServedPage(browser, testInfo, trackingPath, "track-in-transit");

    await expect(async () => {
      await page.reload();
      await expect(page.getByTestId("tracking-status")).toHaveText("delivered");
    }).toPass({ timeout: 40_000, intervals: [1_000] });

    const stepper = page.getByRole("list", { name: "Progress" });
    await expect(stepper.getByRole("listitem")).toHaveCount(5);
    await expect(stepper.locator('[aria-current="step"]')).toContainText("Delivered");
    await expect(stepper.locator('[aria-current="step"]')).toContainText("(done)");

    // The route: one image named by the sentence under it; origin is the first scan's place, the print facility (never the sender's town).
    const route = page.getByRole("img", { name: /^Route from Columbus, OH to Albany, NY by way of .+\. Delivered in Albany, NY\.$/ });
    await expect(route).toBeVisible();
    await expect(page.getByTestId("route-description")).toHaveText(/^Route from Columbus, OH to Albany, NY/);
    await expect(route.locator("circle")).not.toHaveCount(0);
    // Drawn on a map of the states (land, and the borders between states), every stop on the land,
    // the places named beside their dots with no name over another, on a wide screen and a phone.
    const land = route.getByTestId("map-land");
    await expect(land).toHaveAttribute("d", /^M[\d.]+,[\d.]+l/);
    await expect(route.getByTestId("map-borders")).toHaveAttribute("d", /^M[\d.]+,[\d.]+l/);
    await expect(route.locator("text").first()).toHaveText("Columbus, OH");
    await expect(route.locator("text").last()).toHaveText("Albany, NY");
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      const [landBox, dots, names] = await Promise.all([
        land.boundingBox(),
        route.locator("circle").evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON() as DOMRect)),
        route.locator("text").evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON() as DOMRect)),
      ]);
      for (const dot of dots) {
        expect(dot.x + dot.width / 2).toBeGreaterThan(landBox!.x);
        expect(dot.x + dot.width / 2).toBeLessThan(landBox!.x + landBox!.width);
        expect(dot.y + dot.height / 2).toBeGreaterThan(landBox!.y);
        expect(dot.y + dot.height / 2).toBeLessThan(landBox!.y + landBox!.height);
      }
      const apart = (a: DOMRect, b: DOMRect) => a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top;
      for (const [i, a] of names.entries()) for (const b of names.slice(i + 1)) expect(apart(a, b), `names at ${width} px`).toBe(true);
    }
    await page.setViewportSize({ width: 1280, height: 720 });

    const timeline = page.getByRole("list", { name: "Timeline" });
    await expect(timeline.getByText("Delivered", { exact: true })).toBeVisible();
    await expect(timeline.getByText("In Local Area")).toBeVisible();
    await expect(timeline.locator("time[datetime]").first()).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}T/);
    await expect(page.getByText(/^Delivered in Albany, NY on .+ UTC\.$/)).toBeVisible();
    // Ended: nothing more to look for.
    await expect(page.getByTestId("refresh-note")).toHaveCount(0);
    // The page left open with JavaScript got there by itself, in place, within one 30-second turn.
    await expect(watching.getByTestId("tracking-status")).toHaveText("delivered", { timeout: 35_000 });
    await expect(watching.getByTestId("refresh-note")).toHaveCount(0);
    await withScript.close();
    // Never street lines, the sender or the e-mail.
    for (const secret of ["12 Main St", "Babbage", "1 Engine Row", email]) await expect(page.locator("body")).not.toContainText(secret);
    await checkServedPage(browser, testInfo, trackingPath, "track-delivered");
  });

  test("a canceled letter's tracking page says so and where it stopped", async ({ page, request, browser }, testInfo) => {
    const order = await sendLetter(request, { to: { ...letter().to, name: "Sandbox Hold" } });
    // Held before hand-off: with JavaScript the page re-reads itself in place, says so, and says how to stop that.
    const withScript = await browser.newContext({ baseURL: testInfo.project.use.baseURL, javaScriptEnabled: true });
    const scripted = await withScript.newPage();
    await scripted.goto(new URL(order.tracking_url).pathname);
    await expect(scripted.getByTestId("refresh-note")).toHaveText("This page updates itself every 30 seconds. Stop updating");
    await scripted.getByRole("link", { name: "Stop updating" }).click();
    await expect(scripted.getByTestId("refresh-note")).toHaveText("Updates are paused. Update this page by itself");
    await withScript.close();

    const del = await request.delete(`/v1/orders/${order.order.id}`, { headers: { "X-Capability-Token": order.capability.cancel_token } });
    expect(del.status(), await del.text()).toBe(200);

    await page.goto(new URL(order.tracking_url).pathname);
    await expect(page.getByTestId("tracking-ending")).toContainText("Canceled");
    await expect(page.getByTestId("tracking-ending")).toContainText("nothing is charged");
    await expect(page.getByRole("list", { name: "Progress" }).locator('[aria-current="step"]')).toContainText("Received (stopped here)");
    await expect(page.getByRole("img", { name: "Route to Albany, NY. The letter was not mailed." })).toBeVisible();
    await checkServedPage(browser, testInfo, new URL(order.tracking_url).pathname, "track-canceled");
  });

  test("an unknown tracking code says how to get a good link", async ({ page }) => {
    await page.goto("/t/0000000000000000");
    await expect(page.getByRole("heading", { name: "We cannot find this letter" })).toBeVisible();
  });

  test("a link that names nothing of ours opens a readable page that says where to go, not an empty shell", async ({ page, browser }, testInfo) => {
    const pages = [
      { path: "/t/0000000000000000", heading: "We cannot find this letter", name: "track-unknown" },
      { path: "/pay/cs_local_doesnotexist", heading: "We cannot find that page", name: "not-found" },
      { path: "/sent/ord_nope", heading: "We cannot find that page", name: "sent-unknown" },
      { path: "/pay/order/ord_nope", heading: "We cannot find that page", name: "pay-order-unknown" },
      { path: "/pay/return?session_id=cs_nope", heading: "Payment not found", name: "pay-return-unknown" },
      { path: "/review?token=nope", heading: "Review your letter", name: "review-bad-link" },
      { path: "/cancel?token=nope", heading: "Cancel a letter", name: "cancel-bad-link" },
    ];
    for (const { path, heading, name } of pages) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: heading }), path).toBeVisible();
      await expect(page.getByRole("link", { name: "✉︎ Mail a letter" }), path).toHaveAttribute("href", "/");
      await checkServedPage(browser, testInfo, path, name);
    }
  });
});

test("the site's pages link to each other, and every link of the header works by keyboard", async ({ page }, testInfo) => {
  const site = page.getByRole("navigation", { name: "Site" });
  for (const [name, heading] of [["Credits", "Credits"], ["Reviews", "Reviews"], ["API", "API reference"]] as const) {
    await page.goto("/");
    // From the top of the page, a few presses of Tab reach the header's links, before the form.
    let focused = "";
    for (let presses = 0; presses < 5 && focused !== name; presses++) {
      await page.keyboard.press("Tab");
      focused = await page.evaluate(() => document.activeElement?.textContent?.trim() ?? "");
    }
    expect(focused, `Tab reaches ${name}`).toBe(name);
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    await expect(site.getByRole("link", { name })).toBeVisible();
  }
  await page.goto("/docs/api");
  await checkPage(page, testInfo, "api-reference");
  await page.goto("/docs/api/quoteLetter");
  await checkPage(page, testInfo, "api-reference-operation");
  await page.goto("/docs/api/schemas");
  await checkPage(page, testInfo, "api-reference-schemas");
  await page.goto("/docs/api/errors");
  await checkPage(page, testInfo, "api-reference-errors");
});

test("a credit pack bought from /credits on the local card rail, then its balance looked up without JavaScript", async ({ page, browser, request }, testInfo) => {
  const noJs = await browser.newContext({ javaScriptEnabled: false, baseURL: testInfo.project.use.baseURL });
  const plain = await noJs.newPage();

  // The purchase form itself is a plain form post: it lands on the payment page without JavaScript.
  await plain.goto("/credits");
  await expect(plain.getByRole("heading", { level: 1, name: "Credits" })).toBeVisible();
  await checkServedPage(browser, testInfo, "/credits", "credits");
  await plain.getByRole("radio", { name: /Starter/ }).check();
  await plain.getByLabel("E-mail for the receipt (optional)").fill(`buyer.${Date.now()}@example.com`);
  await plain.getByRole("button", { name: "Continue to payment" }).click();
  await expect(plain).toHaveURL(/\/pay\/cs_local_[a-z0-9]{24}$/);
  const payUrl = new URL(plain.url()).pathname;

  // Paying on the local rail's card form (which needs JavaScript).
  await page.goto(payUrl);
  await expect(page.getByRole("heading", { name: /Starter/ })).toBeVisible();
  await payWithCard(page, "4242 4242 4242 4242");
  await expect(page.getByTestId("return-heading")).toHaveText("Your credit code");
  const code = (await page.getByTestId("credit-code").textContent())!.trim();
  expect(code).toMatch(/^cc-[a-z0-9]{4}-[a-z0-9]{4}-[a-z0-9]{4}$/);
  await expect(page.getByRole("link", { name: "Check its balance any time" })).toHaveAttribute("href", `/credits?code=${code}`);

  // The lookup, without JavaScript, typed in capitals.
  await plain.goto("/credits");
  await plain.getByLabel("Credit code").fill(code.toUpperCase());
  await plain.getByRole("button", { name: "Look up" }).click();
  await expect(plain).toHaveURL(/\/credits\?code=/);
  const balance = plain.getByTestId("credit-balance");
  await expect(balance).toContainText(code);
  await expect(plain.getByTestId("balance-total")).toHaveText("$10.00");
  await expect(plain.getByTestId("balance-face")).toHaveText("$10.00");
  await expect(plain.getByTestId("balance-bonus")).toHaveText("$0.00");
  await expect(balance.locator("time[datetime]")).toHaveCount(2);
  await checkServedPage(browser, testInfo, new URL(plain.url()).pathname + new URL(plain.url()).search, "credits-balance");

  // An unknown code and a malformed one say how to fix them.
  await plain.goto("/credits?code=cc-zzzz-zzzz-zzzz");
  await expect(plain.getByRole("alert")).toContainText("No credit account has this code. Check each character");
  await expect(plain.getByLabel("Credit code")).toHaveAttribute("aria-invalid", "true");
  await checkServedPage(browser, testInfo, "/credits?code=cc-zzzz-zzzz-zzzz", "credits-unknown-code");
  await plain.getByLabel("Credit code").fill("cc-1234");
  await plain.getByRole("button", { name: "Look up" }).click();
  await expect(plain.getByRole("alert")).toContainText("That is not a credit code. A code is “cc-” and then three groups of 4 letters or digits");

  // A purchase the form route refuses comes back with how to fix it, the e-mail kept.
  const refused = await request.post("/credits/buy", { form: { pack: "starter", email: "not-an-address" }, maxRedirects: 0 });
  expect(refused.status()).toBe(303);
  await plain.goto(refused.headers().location);
  await expect(plain.getByRole("alert")).toContainText("Enter an e-mail address such as name@example.com, or leave the field empty.");
  await expect(plain.getByLabel("E-mail for the receipt (optional)")).toHaveValue("not-an-address");
  await expect(plain.getByRole("radio", { name: /Starter/ })).toBeChecked();
  await checkServedPage(browser, testInfo, refused.headers().location, "credits-buy-error");
  await noJs.close();
});

test("a live letter reviewed from its delivered e-mail appears on the reviews wall, read without JavaScript", async ({ browser, request }, testInfo) => {
  // A pack bought, a live letter carried to delivered, the review form: longer than one minute on a slow machine.
  test.setTimeout(150_000);
  const before = await (await request.get("/v1/reviews")).json();
  if (before.reviews.length === 0) {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: testInfo.project.use.baseURL });
    const page = await context.newPage();
    await page.goto("/reviews");
    await expect(page.getByTestId("reviews-empty")).toContainText("No reviews yet");
    await expect(page.getByRole("link", { name: "Send a letter" })).toHaveAttribute("href", "/");
    await context.close();
    await checkServedPage(browser, testInfo, "/reviews", "reviews-empty");
  }

  // A live letter paid with credit from a pack bought over the API, delivered, then reviewed.
  const started = await (await request.post("/v1/credits/checkout", { data: { pack: "starter" } })).json();
  const sessionId = new URL(started.payment_url).pathname.split("/").pop();
  const paid = await request.post("/pay/local/confirm", { data: { session_id: sessionId, card_number: "4242424242424242", expiry: "12/39", cvc: "123" } });
  expect(paid.status(), await paid.text()).toBe(200);
  let code = "";
  await expect(async () => {
    const checkout = await (await request.get(`/v1/credits/checkout/${started.checkout.id}`)).json();
    expect(checkout.credit?.code).toBeTruthy();
    code = checkout.credit.code;
  }).toPass({ timeout: 10_000 });

  const comment = `Looked great on arrival. ${Date.now()}`;
  const email = `reviewer.${Date.now()}@example.com`;
  const order = await sendLetter(request, { sandbox: false, credit_code: code, email });
  await expect(async () => {
    const read = await (await request.get(`/v1/orders/${order.order.id}`)).json();
    expect(read.order.status).toBe("delivered");
  }).toPass({ timeout: 40_000, intervals: [1_000] });

  // The sender follows the review link in the "delivered" e-mail (the development mailbox).
  const sender = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const inbox = await sender.newPage();
  const delivered = inbox.getByRole("link", { name: /was delivered/ }).and(inbox.locator(`:has-text("${email}")`));
  await expect(async () => {
    await inbox.goto("/dev/mailbox");
    await expect(delivered).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 30_000, intervals: [1_000] });
  await checkPage(inbox, testInfo, "dev-mailbox");
  await delivered.click();
  const mailText = await inbox.getByTestId("mail-text").innerText();
  const reviewLink = mailText.match(/https?:\/\/\S+\/review\?token=\S+/)?.[0];
  expect(reviewLink, mailText).toBeDefined();
  await inbox.goto(new URL(reviewLink!).pathname + new URL(reviewLink!).search);
  await expect(inbox.getByRole("heading", { name: /Albany, NY/ })).toBeVisible();
  await checkPage(inbox, testInfo, "review-form");

  // A comment left empty comes back with how to fix it, and what was chosen is kept.
  await inbox.getByRole("radio", { name: "5 stars" }).check();
  await inbox.getByRole("textbox", { name: /^Name to show/ }).fill("Charles B.");
  await inbox.getByLabel("What did you send?").selectOption("personal_letter");
  await inbox.getByRole("textbox", { name: "Your review", exact: true }).fill("   ");
  await inbox.getByRole("button", { name: "Send review" }).click();
  // The fix is said next to the field and read out with it (its description, not its name).
  await expect(inbox.getByRole("textbox", { name: "Your review", exact: true })).toHaveAccessibleDescription("Write a comment of 1 to 2000 characters (line breaks are fine).");
  await expect(inbox.getByRole("textbox", { name: "Your review", exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(inbox.getByRole("radio", { name: "5 stars" })).toBeChecked();
  await expect(inbox.getByRole("textbox", { name: /^Name to show/ })).toHaveValue("Charles B.");
  await checkPage(inbox, testInfo, "review-form-error");

  await inbox.getByRole("textbox", { name: "Your review", exact: true }).fill(comment);
  await inbox.getByRole("button", { name: "Send review" }).click();
  await expect(inbox.getByText("Thank you: your review is saved.")).toBeVisible();
  await checkPage(inbox, testInfo, "review-saved");
  await sender.close();

  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: testInfo.project.use.baseURL });
  const page = await context.newPage();
  await page.goto("/reviews");
  await expect(page.getByRole("heading", { level: 1, name: "Reviews" })).toBeVisible();
  const item = page.getByTestId("reviews-list").getByRole("listitem").filter({ hasText: comment });
  await expect(item).toBeVisible();
  await expect(item.getByRole("img", { name: "5 out of 5 stars" })).toBeVisible();
  await expect(item).toContainText("Charles B., Troy, NY");
  await expect(item.locator("time[datetime]")).toHaveCount(1);
  await checkServedPage(browser, testInfo, "/reviews", "reviews");
  await context.close();
});
